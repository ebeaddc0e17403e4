// Bootstrap signer (kube-controller-manager's `bootstrapsigner`, upstream pkg/controller/bootstrap/
// bootstrapsigner.go): keeps one `jws-kubeconfig-<id>` key in the `cluster-info` ConfigMap of kube-public
// per bootstrap token Secret that may sign (see signingToken), each a detached JWS of the ConfigMap's
// `kubeconfig`, and removes the signatures of tokens that no longer may. It signs an existing ConfigMap
// only; kplane publishes the ConfigMap itself (server/cluster-info.ts), as kubeadm does for kube-apiserver.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { BOOTSTRAP_TOKEN_NAMESPACE, BOOTSTRAP_TOKEN_SECRET_TYPE, detachedSignature, signingToken, timeToExpiry, type TokenSecret } from '../../auth/bootstrap-token/index.js';
import type { Informer } from '../../client/informer.js';
import type { ResourceClient, ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { queueController } from '../queue-controller.js';
import { isGoneOrChanged } from '../status-errors.js';

export const CLUSTER_INFO_NAMESPACE = 'kube-public';
export const CLUSTER_INFO_NAME = 'cluster-info';
export const KUBECONFIG_KEY = 'kubeconfig';
export const JWS_KEY_PREFIX = 'jws-kubeconfig-';
/** The longest wait before signatures are recomputed for a token about to expire. */
const MAX_RECHECK_MS = 60 * 60 * 1000;

export interface BootstrapSignerDeps {
  secrets: ResourceRef;
  configMaps: ResourceRef;
  now?: () => Date;
}

/** What a signing pass reads and writes through. */
interface Signer {
  secrets: Informer;
  configMaps: Informer;
  client: ResourceClient;
}

/** The `bootstrapsigner` controller: reads the shared informers, writes as `system:controller:bootstrap-signer`. */
export function bootstrapSignerController(context: ControllerContext, deps: BootstrapSignerDeps): Controller {
  const now = deps.now ?? (() => new Date());
  const signer: Signer = {
    secrets: context.informers.informerFor(deps.secrets, { namespace: BOOTSTRAP_TOKEN_NAMESPACE, fieldSelector: `type=${BOOTSTRAP_TOKEN_SECRET_TYPE}` }),
    configMaps: context.informers.informerFor(deps.configMaps, { namespace: CLUSTER_INFO_NAMESPACE, fieldSelector: `metadata.name=${CLUSTER_INFO_NAME}` }),
    client: context.clients.resource(deps.configMaps),
  };
  const isTokenSecret = (o: Readonly<KubeObject>): boolean => o.metadata.namespace === BOOTSTRAP_TOKEN_NAMESPACE && o['type'] === BOOTSTRAP_TOKEN_SECRET_TYPE;
  const isClusterInfo = (o: Readonly<KubeObject>): boolean => o.metadata.namespace === CLUSTER_INFO_NAMESPACE && o.metadata.name === CLUSTER_INFO_NAME;
  // One key: every change of a token Secret or of cluster-info collapses into one signing pass.
  return queueController('bootstrapsigner', [
    { informer: signer.secrets, onObject: (o, _type, queue) => isTokenSecret(o) && queue.add(CLUSTER_INFO_NAME) },
    { informer: signer.configMaps, onObject: (o, _type, queue) => isClusterInfo(o) && queue.add(CLUSTER_INFO_NAME) },
  ], async (_key, queue) => {
    const nextExpiry = await signClusterInfo(signer, now());
    // Expired tokens lose their signature even before the token cleaner removes their Secret.
    if (Number.isFinite(nextExpiry)) queue.addAfter(CLUSTER_INFO_NAME, Math.min(nextExpiry, MAX_RECHECK_MS));
  });
}

/**
 * One signing pass (upstream signConfigMap): recomputes every signature and writes the ConfigMap when one
 * is new, changed or gone. Answers the time until the first signing token expires.
 */
async function signClusterInfo(signer: Signer, now: Date): Promise<number> {
  const configMap = signer.configMaps.get(CLUSTER_INFO_NAMESPACE, CLUSTER_INFO_NAME);
  if (!configMap) return Number.POSITIVE_INFINITY;
  const data = { ...(configMap['data'] as Record<string, string> | undefined) };
  const content = data[KUBECONFIG_KEY];
  if (content === undefined) return Number.POSITIVE_INFINITY;
  const old = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (!key.startsWith(JWS_KEY_PREFIX)) continue;
    old.set(key.slice(JWS_KEY_PREFIX.length), value);
    delete data[key];
  }
  const { tokens, nextExpiry } = signingTokens(signer.secrets, now);
  let changed = false;
  for (const [id, secret] of tokens) {
    const signature = await detachedSignature(content, id, secret);
    if (old.get(id) !== signature) changed = true;
    old.delete(id);
    data[JWS_KEY_PREFIX + id] = signature;
  }
  if (changed || old.size > 0) await writeData(signer.client, configMap, data);
  return nextExpiry;
}

/** The tokens that may sign, by id (the first Secret of an id wins), and when the first of them expires. */
function signingTokens(secrets: Informer, now: Date): { tokens: Map<string, string>; nextExpiry: number } {
  const tokens = new Map<string, string>();
  let nextExpiry = Number.POSITIVE_INFINITY;
  // In name order, as a list answers: the first Secret of an id wins.
  const listed = secrets.list(BOOTSTRAP_TOKEN_NAMESPACE).sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
  for (const object of listed) {
    if (object['type'] !== BOOTSTRAP_TOKEN_SECRET_TYPE) continue;
    const secret = object as unknown as TokenSecret;
    const token = signingToken(secret, now);
    if (!token || tokens.has(token.id)) continue;
    tokens.set(token.id, token.secret);
    nextExpiry = Math.min(nextExpiry, timeToExpiry(secret, now));
  }
  return { tokens, nextExpiry };
}

/** Writes `data` over the ConfigMap as read; a newer ConfigMap (409) or none (404) is left to the next pass. */
async function writeData(client: ResourceClient, read: Readonly<KubeObject>, data: Record<string, string>): Promise<void> {
  try {
    await client.replace(CLUSTER_INFO_NAMESPACE, { ...structuredClone(read), data });
  } catch (error) {
    if (!isGoneOrChanged(error)) throw error;
  }
}
