// The `kubernetes` Service in `default` and its endpoints (upstream controlplane's bootstrap controller
// and the lease endpoint reconciler): created at start with the first address of the service range,
// port 443 to the secure port; the Endpoints list every live replica's advertised address, renewed
// every 10 s, and a stopping replica removes itself. As upstream's, the service, Endpoints and EndpointSlice
// are written through kube-apiserver's loopback client (`system:apiserver`: authorized, admitted, and named
// `kube-apiserver` in managedFields); only the master leases are written to storage directly.
import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import { isStatusError } from '../errors/status-error.js';
import type { Service } from '../apis/core/v1/service/index.js';
import { KUBERNETES_NAMESPACE, KUBERNETES_SERVICE, LeaseEndpointReconciler, MasterCountEndpointReconciler, MasterLeases, NoneEndpointReconciler, type EndpointReconciler } from '../controllers/endpoint-reconciler/index.js';
import type { Backend } from '../storage/interface.js';
import type { ResourceClient } from '../client/resource-client.js';
import { errorMessage } from '../errors/error-message.js';

/** Upstream's reconcile interval (`EndpointReconcilerInterval`, 10 s). */
const RECONCILE_INTERVAL_MS = 10_000;

export interface KubernetesServiceOptions {
  backend: Backend;
  storagePrefix: string;
  /** kube-apiserver's loopback clients of core v1 services and endpoints. */
  services: ResourceClient;
  endpoints: ResourceClient;
  /** And of discovery.k8s.io/v1 endpointslices, when served. */
  endpointSlices?: ResourceClient;
  /** The service's cluster IP: the first address of `--service-cluster-ip-range`. */
  serviceIP: string;
  securePort: number;
  /** The address the Endpoints list for this replica; undefined: none (no endpoints written). */
  advertiseAddress: string | undefined;
  /** `--endpoint-reconciler-type` (default lease) and, for master-count, `--apiserver-count` (default 1). */
  endpointReconcilerType?: EndpointReconcilerType;
  apiserverCount?: number;
  intervalMs?: number;
}

/** upstream's reconcilers.AllTypes, in its order. */
export const ENDPOINT_RECONCILER_TYPES = ['master-count', 'lease', 'none'] as const;
export type EndpointReconcilerType = (typeof ENDPOINT_RECONCILER_TYPES)[number];

/** upstream createEndpointReconciler: the reconciler of `type`. */
function endpointReconciler(options: KubernetesServiceOptions): EndpointReconciler {
  const slices = options.endpointSlices ? { endpointSlices: options.endpointSlices } : {};
  switch (options.endpointReconcilerType ?? 'lease') {
    case 'master-count':
      return new MasterCountEndpointReconciler({ endpoints: options.endpoints, ...slices, count: options.apiserverCount ?? 1 });
    case 'none':
      return new NoneEndpointReconciler();
    case 'lease':
      return new LeaseEndpointReconciler({ leases: new MasterLeases(options.backend, options.storagePrefix), endpoints: options.endpoints, ...slices });
  }
}

/**
 * Upstream ResolveBindAddress: a specific bind address is advertised; for loopback or unspecified ones,
 * the host's first global address (IPv4 preferred), or undefined when it has none.
 */
export function defaultAdvertiseAddress(bindAddress: string | undefined): string | undefined {
  if (bindAddress && isIP(bindAddress) && !/^(127\.|0\.0\.0\.0$|::1?$)/.test(bindAddress)) return bindAddress;
  const addresses = Object.values(networkInterfaces()).flatMap((list) => list ?? []).filter((a) => !a.internal);
  const v4 = addresses.find((a) => a.family === 'IPv4' && !a.address.startsWith('169.254.'));
  return (v4 ?? addresses.find((a) => a.family === 'IPv6' && !a.address.startsWith('fe80')))?.address;
}

function kubernetesService(serviceIP: string, securePort: number): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: KUBERNETES_SERVICE, namespace: KUBERNETES_NAMESPACE, labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: { ports: [{ name: 'https', protocol: 'TCP', port: 443, targetPort: securePort }], clusterIP: serviceIP, sessionAffinity: 'None', type: 'ClusterIP' },
  };
}

/** How often, and how long apart, a replica tries again when another replica is creating the service. */
const ENSURE_ATTEMPTS = 20;
const ENSURE_RETRY_MS = 100;

/**
 * ensureKubernetesService, tried again while another replica is between allocating the service's address
 * and storing the service (its create then answers 422, and the service is not there yet: 404). A stop
 * (`signal`) ends the waiting: the next write would come after the server closed.
 */
async function ensureKubernetesServiceWithRetries(services: ResourceClient, serviceIP: string, securePort: number, signal: AbortSignal): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureKubernetesService(services, serviceIP, securePort);
      return;
    } catch (error) {
      if (attempt >= ENSURE_ATTEMPTS || !isStatusError(error) || error.code !== 404 || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, ENSURE_RETRY_MS));
    }
  }
}

/** Creates the service, or points its port at this replica's secure port when that changed. */
async function ensureKubernetesService(services: ResourceClient, serviceIP: string, securePort: number): Promise<void> {
  const wanted = kubernetesService(serviceIP, securePort);
  try {
    await services.create(KUBERNETES_NAMESPACE, structuredClone(wanted));
    return;
  } catch (error) {
    // 409: it exists; 422: its address is taken, by the service another replica just created.
    if (!isStatusError(error) || (error.code !== 409 && error.code !== 422)) throw error;
  }
  const current = (await services.get(KUBERNETES_NAMESPACE, KUBERNETES_SERVICE)) as Service;
  const port = current.spec?.ports?.[0];
  if (port?.port === 443 && port.targetPort === securePort && current.spec?.ports?.length === 1) return;
  await services.update(KUBERNETES_NAMESPACE, KUBERNETES_SERVICE, (now) => ({ ...(now as Service), spec: { ...(now as Service).spec, ports: wanted.spec!.ports! } }));
}

/**
 * Starts the `kubernetes` service and its reconciler without holding the start for them, as upstream's
 * bootstrap controller (controlplane Controller.Start runs RunKubernetesService in its async runner):
 * the first pass (the service, then this replica's lease and endpoints) begins at once, and a pass that
 * fails is logged and made again at the next interval (upstream's NonSlidingUntil with HandleError).
 * `stop()` waits for a pass in flight, makes no further one, and removes this replica from the endpoints.
 */
export function startKubernetesService(options: KubernetesServiceOptions): { stop(): Promise<void> } {
  const ip = options.advertiseAddress;
  if (ip === undefined) console.error('kplane: no address to advertise; the kubernetes Endpoints stay empty (set advertiseAddress)');
  const reconciler = endpointReconciler(options);
  const stopping = new AbortController();
  let serviceEnsured = false;
  // Whether this replica may have written its lease: a start stopped before that has nothing to remove.
  let leaseWritten = false;
  const pass = async (): Promise<void> => {
    // The service's ports are set once, at the first pass that succeeds; later passes keep the endpoints.
    if (!serviceEnsured) {
      await ensureKubernetesServiceWithRetries(options.services, options.serviceIP, options.securePort, stopping.signal);
      serviceEnsured = true;
    }
    if (ip === undefined || stopping.signal.aborted) return;
    leaseWritten = true;
    await reconciler.reconcile(ip, options.securePort);
  };
  let running: Promise<void> | undefined;
  // A tick while the last pass still runs (storage stalled: each request may wait its whole timeout) is
  // skipped, so passes never pile up. Errors are logged here: a pass never rejects.
  const tick = (): void => {
    if (stopping.signal.aborted) return;
    running ??= pass()
      .catch((error: unknown) => console.error(`kplane: unable to sync kubernetes service: ${errorMessage(error)}`))
      .finally(() => (running = undefined));
  };
  // The first pass on the next turn of the event loop: even setting up its first request is not the caller's to wait for.
  const first = setImmediate(tick);
  const timer = setInterval(tick, options.intervalMs ?? RECONCILE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopping.abort();
      clearImmediate(first);
      clearInterval(timer);
      await running;
      if (ip === undefined || !leaseWritten) return;
      // Upstream's bootstrap controller logs this one line at shutdown (the last replica's is the lease
      // reconciler's refusal to erase every endpoint).
      await reconciler.remove(ip, options.securePort).catch((error: unknown) => console.error(`kplane: Unable to remove endpoints from kubernetes service: ${errorMessage(error)}`));
    },
  };
}
