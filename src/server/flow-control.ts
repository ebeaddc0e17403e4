// API Priority and Fairness in this server (k8s.io/apiserver's utilflowcontrol.New, 1.25): on when the
// APIPriorityAndFairness gate and `--enable-priority-and-fairness` are, with the server's concurrency limit
// the sum of `--max-requests-inflight` and `--max-mutating-requests-inflight`, and the request wait limit a
// quarter of `--request-timeout`. The configuration follows the FlowSchema and PriorityLevelConfiguration
// stores through informers, as upstream's config controller does; without the flowcontrol API served, the
// mandatory configuration alone applies.
import type { FlowSchema, PriorityLevelConfiguration } from '../apis/flowcontrol/v1beta2/schemas.generated.js';
import { Informer, onChanges } from '../client/informer.js';
import { FlowControlConfiguration } from '../flowcontrol/configuration.js';
import type { PriorityAndFairnessDeps } from '../filters/with-priority-and-fairness.js';
import { storeListerWatcher } from '../registry/store-lister-watcher.js';
import type { ResourceRegistry } from '../registry/served-resources.js';
import type { Store } from '../registry/store/index.js';
import type { ApiMetrics } from './metrics.js';
import type { ServedStores } from './stores.js';

const GROUP = 'flowcontrol.apiserver.k8s.io';

export interface FlowControl {
  readonly deps: PriorityAndFairnessDeps;
  /** Resolves once both kinds were listed and digested. */
  synced(): Promise<void>;
  stop(): void;
}

/** upstream BuildPriorityAndFairness's check. */
export function flowControlLimitErrors(maxRequestsInflight: number, maxMutatingRequestsInflight: number): string[] {
  return maxRequestsInflight + maxMutatingRequestsInflight > 0 ? [] : [
    `invalid configuration: MaxRequestsInFlight=${maxRequestsInflight} and MaxMutatingRequestsInFlight=${maxMutatingRequestsInflight}; they must add up to something positive`,
  ];
}

export function startFlowControl(
  registry: ResourceRegistry, served: ServedStores, metrics: ApiMetrics,
  limits: { serverConcurrencyLimit: number; requestTimeoutMs: number },
): FlowControl {
  const configuration = new FlowControlConfiguration(limits.serverConcurrencyLimit);
  metrics.flowControl.configuration = configuration;
  const abort = new AbortController();
  const storeOf = (resource: string): Store | undefined => registry.current().store(GROUP, 'v1beta2', resource) ?? registry.current().storeFor(GROUP, resource);
  const [plStore, fsStore] = [storeOf('prioritylevelconfigurations'), storeOf('flowschemas')];
  const informers = plStore && fsStore
    ? { pls: new Informer<PriorityLevelConfiguration>(storeListerWatcher(plStore)), fss: new Informer<FlowSchema>(storeListerWatcher(fsStore)) }
    : undefined;
  if (informers) {
    // A burst of events (a list, the bootstrap objects) is digested once.
    onChanges([informers.pls, informers.fss], () => configuration.digest(informers.pls.list(), informers.fss.list()));
    informers.pls.run(abort.signal);
    informers.fss.run(abort.signal);
  }
  const objectCount = (group: string, resource: string): number | undefined => {
    const store = registry.current().storeFor(group, resource);
    const storage = store && served.storageOf(store);
    return storage ? storage.cacher.stats().objects : undefined;
  };
  return {
    deps: {
      configuration, metrics: metrics.flowControl, inflight: metrics.inflight, objectCount,
      requestWaitLimitMs: limits.requestTimeoutMs / 4,
      onTerminated: (info, code) => metrics.requests.recordTermination(info, code),
    },
    async synced() {
      if (!informers) return;
      await Promise.all([informers.pls.synced(), informers.fss.synced()]);
      configuration.digest(informers.pls.list(), informers.fss.list());
    },
    stop: () => abort.abort(),
  };
}
