// The pod's connect subresources (upstream pod LogLocation, streamLocation, PortForwardLocation and
// ResourceLocation with pods/rest/log.go and subresources.go, 1.25): log, exec, attach, portforward
// and proxy. Each finds the pod, checks the container and the node as kube-apiserver does, and answers
// what kube-apiserver answers when it cannot stream: kplane reaches no kubelet.
import { badRequest, invalid, unknownError } from '../../../../../errors/status-error.js';
import { proxySubresource, type ConnectAnswer, type ConnectRequest, type ConnectSubresource, type SubresourceAccess } from '../../../../../registry/subresource.js';
import type { Pod } from '../../schemas.generated.js';
import { decodePodLogOptions, kubeletLogQuery, validatePodLogOptions } from './log-options.js';
import { isIP } from 'node:net';
import { joinHostPort } from '../../go-net-errors.js';
import { isGlobalUnicast, splitSchemeNamePort } from '../../node/proxy.js';
import { dialFailure, nodeConnection } from './node-connection.js';
import { portForwardOptions, streamOptions } from '../../../../../registry/connect-options.js';

const podOf = async (access: SubresourceAccess, namespace: string, name: string): Promise<Pod> => (await access.parent.get(namespace, name)).object as Pod;

/** Names of every container of the pod: regular, init, then ephemeral ones (upstream VisitContainers order: init first). */
function allContainerNames(pod: Pod): string[] {
  const spec = pod.spec;
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? []), ...(spec?.ephemeralContainers ?? [])].map((c) => c.name);
}

/** upstream validateContainer: the named container must exist; without a name the pod must have exactly one. */
export function validateContainer(container: string, pod: Pod): string {
  const name = pod.metadata.name ?? '';
  if (container) {
    if (!allContainerNames(pod).includes(container)) throw badRequest(`container ${container} is not valid for pod ${name}`);
    return container;
  }
  const containers = pod.spec?.containers ?? [];
  if (containers.length === 1) return containers[0]?.name ?? '';
  if (containers.length === 0) throw badRequest(`a container name must be specified for pod ${name}`);
  let message = `a container name must be specified for pod ${name}, choose one of: [${containers.map((c) => c.name).join(' ')}]`;
  const init = pod.spec?.initContainers ?? [];
  if (init.length > 0) message += ` or one of the init containers: [${init.map((c) => c.name).join(' ')}]`;
  throw badRequest(message);
}

/** The host and port of the pod's node; 400 when the pod has none. */
async function podNode(access: SubresourceAccess, pod: Pod, name: string) {
  const nodeName = pod.spec?.nodeName;
  if (!nodeName) throw badRequest(`pod ${name} does not have a host assigned`);
  return nodeConnection(access, nodeName);
}

type Parameters = NonNullable<ConnectSubresource['parameters']>;
const text = (name: string) => ({ name, type: 'string' as const });
const flag = (name: string) => ({ name, type: 'boolean' as const });
const integer = (name: string) => ({ name, type: 'integer' as const });

/** The query parameters of PodAttachOptions and PodExecOptions (OpenAPI). */
const STREAM_PARAMETERS: Record<'attach' | 'exec', Parameters> = {
  attach: [text('container'), flag('stderr'), flag('stdin'), flag('stdout'), flag('tty')],
  exec: [text('command'), text('container'), flag('stderr'), flag('stdin'), flag('stdout'), flag('tty')],
};

/** exec and attach (upstream streamLocation): pod, container, node; then the kubelet dial fails as upstream reports it. */
function streamSubresource(name: 'exec' | 'attach', kind: 'PodExecOptions' | 'PodAttachOptions'): ConnectSubresource {
  return {
    type: 'connect',
    name,
    verbs: ['create', 'get'],
    kind: { group: '', version: 'v1', kind },
    parameters: STREAM_PARAMETERS[name],
    options: (request) => streamOptions(kind, request.query),
    async connect(access, namespace, podName, request): Promise<ConnectAnswer> {
      const pod = await podOf(access, namespace, podName);
      // The admitted options name the container (a mutating webhook may have chosen it), as upstream's streamLocation reads them.
      const container = request.options?.['container'];
      validateContainer(typeof container === 'string' ? container : (request.query.get('container') ?? ''), pod);
      const node = await podNode(access, pod, podName);
      throw await dialFailure(node.host, node.port, (dialError) => unknownError(`error dialing backend: ${dialError}`));
    },
  };
}

/** log (upstream LogREST.Get and LogLocation): a pod without a node has an empty log (204). */
const logSubresource: ConnectSubresource = {
  type: 'connect',
  name: 'log',
  verbs: ['get'],
  kind: { group: '', version: 'v1', kind: 'Pod' },
  read: true,
  parameters: [
    text('container'),
    flag('follow'),
    flag('insecureSkipTLSVerifyBackend'),
    integer('limitBytes'),
    flag('previous'),
    integer('sinceSeconds'),
    integer('tailLines'),
    flag('timestamps'),
  ],
  async connect(access, namespace, podName, request): Promise<ConnectAnswer> {
    const options = decodePodLogOptions(request.query);
    const errors = validatePodLogOptions(options);
    if (errors.length > 0) throw invalid('', 'PodLogOptions', podName, errors);
    const pod = await podOf(access, namespace, podName);
    const container = validateContainer(options.container, pod);
    if (!pod.spec?.nodeName) return { code: 204 };
    const node = await nodeConnection(access, pod.spec.nodeName);
    const query = kubeletLogQuery(options);
    const url = `https://${joinHostPort(node.host, node.port)}/containerLogs/${namespace}/${podName}/${container}${query ? `?${query}` : ''}`;
    throw await dialFailure(node.host, node.port, (dialError) => unknownError(`Get "${url}": ${dialError}`));
  },
};

/** portforward (upstream PortForwardLocation): no container check, then the node. */
const portForwardSubresource: ConnectSubresource = {
  type: 'connect',
  name: 'portforward',
  verbs: ['create', 'get'],
  kind: { group: '', version: 'v1', kind: 'PodPortForwardOptions' },
  parameters: [integer('ports')],
  options: (request) => portForwardOptions(request.query),
  async connect(access, namespace, podName): Promise<ConnectAnswer> {
    const pod = await podOf(access, namespace, podName);
    const node = await podNode(access, pod, podName);
    throw await dialFailure(node.host, node.port, (dialError) => unknownError(`error dialing backend: ${dialError}`));
  },
};

/** proxy (upstream ResourceLocation): straight to the pod's IP, on the given port or its first container port. */
const podProxySubresource: ConnectSubresource = proxySubresource('PodProxyOptions', async (access, namespace, id: string, _request: ConnectRequest): Promise<ConnectAnswer> => {
  const split = splitSchemeNamePort(id);
  if (!split) throw badRequest(`invalid pod request "${id}"`);
  const pod = await podOf(access, namespace, split.name);
  const firstPort = (pod.spec?.containers ?? []).find((c) => (c.ports ?? []).length > 0)?.ports?.[0]?.containerPort;
  const port = split.port || (firstPort === undefined ? '' : String(firstPort));
  const podIP = pod.status?.podIPs?.[0]?.ip ?? '';
  if (isIP(podIP) === 0 || !isGlobalUnicast(podIP)) throw badRequest('address not allowed');
  const scheme = split.scheme || 'http';
  const numericPort = port === '' ? (scheme === 'https' ? 443 : 80) : Number(port);
  throw await dialFailure(podIP, numericPort, (dialError) => unknownError(dialError));
});

/** The connect subresources of pods, in discovery's order. */
export const podConnectSubresources: readonly ConnectSubresource[] = [
  streamSubresource('attach', 'PodAttachOptions'),
  streamSubresource('exec', 'PodExecOptions'),
  logSubresource,
  portForwardSubresource,
  podProxySubresource,
];
