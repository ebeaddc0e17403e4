// /metrics (1-conventions: health endpoints) in the Prometheus text format, on a registry per server
// so several servers can share one process (tests, startServer()). prom-client is loaded at the first
// scrape, not at start-up (~30 ms of module loading a server that is never scraped need not pay); until
// then the figures live in kplane's own structures, which the registry's collectors read. Names, help
// texts (with component-base's `[ALPHA]`/`[STABLE]` prefix), labels and buckets are kube-apiserver 1.25's.
import type { Registry } from 'prom-client';
import type { WatchEventMetrics } from '../endpoints/handlers/watch.js';
import { exponentialBuckets, HistogramFamily, registerFamily } from './metric-families.js';
import { RequestMetrics } from './request-metrics.js';
import { FlowControlMetrics } from '../flowcontrol/metrics.js';
import { groupResourceString, StorageMetrics } from './storage-metrics.js';
import { WebhookMetrics } from './webhook-metrics.js';

/** What a served resource reports for the storage and watch gauges. */
export interface ResourceGaugeSource {
  group: string;
  version: string;
  kind: string;
  resource: string;
  objectCount(): number;
  watcherCount(): number;
}

/** Labels of `apiserver_requested_deprecated_apis`. */
export type DeprecatedApiLabels = Record<'group' | 'version' | 'resource' | 'subresource' | 'removed_release', string>;

/**
 * Requests in flight of one kind (readOnly or mutating). The gauge reports the most seen since the last
 * scrape, as upstream's `apiserver_current_inflight_requests` reports a watermark, not an instant.
 */
export class InflightRequests {
  current = 0;
  /** Requests refused over the limit (apiserver_dropped_requests_total). */
  dropped = 0;
  #watermark = 0;
  enter(): void {
    if (++this.current > this.#watermark) this.#watermark = this.current;
  }
  leave(): void {
    this.current--;
  }
  /** The watermark since the last call, which starts the next one. */
  takeWatermark(): number {
    const watermark = this.#watermark;
    this.#watermark = this.current;
    return watermark;
  }
}

export interface ApiMetrics {
  /** The Prometheus registry, made at the first call. */
  registry(): Promise<Registry>;
  requests: RequestMetrics;
  /** API Priority and Fairness: dispatches, rejections, queues and limits. */
  flowControl: FlowControlMetrics;
  /** Requests counted by the max-in-flight filter (or priority and fairness), by upstream's request kinds. */
  inflight: { readOnly: InflightRequests; mutating: InflightRequests };
  /** 1-conventions, Versioning rule 5: each deprecated API requested (the gauge reads 1 for it). */
  deprecatedApis: { set(labels: DeprecatedApiLabels, value: 1): void };
  /** Backend timings and storage lists, fed by the stores (buildStores' `storageMetrics`). */
  storage: StorageMetrics;
  /** Events sent to watch clients, by the watched kind. */
  watchEvents: WatchEventMetrics;
  /** Called for each connection whose TLS handshake failed (apiserver_tls_handshake_errors_total). */
  tlsHandshakeError(): void;
  /** Called when the garbage collector fails to list or watch a resource (kube-controller-manager's garbagecollector_controller_resources_sync_error_total). */
  garbageCollectorSyncError(): void;
  /** The admission webhooks' calls (apiserver_admission_webhook_*), fed by the webhook plugins. */
  webhooks: WebhookMetrics;
}

/** Upstream's buckets for apiserver_watch_events_sizes: 1 KiB to 128 KiB. */
const WATCH_EVENT_SIZE_BUCKETS = exponentialBuckets(1024, 2, 8);

/** The figures the registry renders besides the request and storage families. */
interface Figures {
  resources: () => readonly ResourceGaugeSource[];
  deprecated: ReadonlyMap<string, DeprecatedApiLabels>;
  inflight: ApiMetrics['inflight'];
  watchEvents: HistogramFamily;
  tls: { errors: number };
  garbageCollector: { syncErrors: number };
}

export function createMetrics(resources: () => readonly ResourceGaugeSource[], storage = new StorageMetrics(), webhooks = new WebhookMetrics()): ApiMetrics {
  const requests = new RequestMetrics();
  const flowControl = new FlowControlMetrics();
  const inflight = { readOnly: new InflightRequests(), mutating: new InflightRequests() };
  const deprecated = new Map<string, DeprecatedApiLabels>();
  // The histogram's count is apiserver_watch_events_total.
  const watchEvents = new HistogramFamily('apiserver_watch_events_sizes', WATCH_EVENT_SIZE_BUCKETS);
  const tls = { errors: 0 };
  const garbageCollector = { syncErrors: 0 };
  let registry: Promise<Registry> | undefined;
  return {
    requests,
    flowControl,
    inflight,
    storage,
    deprecatedApis: { set: (labels) => void deprecated.set(Object.values(labels).join('\0'), labels) },
    watchEvents: (group, version, kind) => watchEvents.series(`${group}\0${version}\0${kind}`, () => ({ group, version, kind })),
    tlsHandshakeError: () => void tls.errors++,
    garbageCollectorSyncError: () => void garbageCollector.syncErrors++,
    webhooks,
    registry: () => (registry ??= buildRegistry(requests, storage, { flowControl, webhooks }, { resources, deprecated, inflight, watchEvents, tls, garbageCollector })),
  };
}

async function buildRegistry(
  requests: RequestMetrics, storage: StorageMetrics, families: { flowControl: FlowControlMetrics; webhooks: WebhookMetrics }, figures: Figures,
): Promise<Registry> {
  const { Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  requests.registerWith(registry);
  storage.registerWith(registry);
  families.flowControl.registerWith(registry);
  families.webhooks.registerWith(registry);
  registerResourceGauges(registry, figures);
  registerServerFamilies(registry, figures);
  // process_cpu_seconds_total, process_resident_memory_bytes, process_start_time_seconds, process_open_fds,
  // ... as Prometheus' process collector names them, and Node's own families where Go has its go_* ones.
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Families of the in-flight limits, watches and the listener. */
function registerServerFamilies(registry: Registry, { inflight, watchEvents, tls, garbageCollector }: Figures): void {
  registerFamily(registry, {
    name: 'apiserver_dropped_requests_total', type: 'counter', stability: 'ALPHA',
    help: "Number of requests dropped with 'Try again later' response",
    samples: () => [
      { labels: { request_kind: 'readOnly' }, value: inflight.readOnly.dropped },
      { labels: { request_kind: 'mutating' }, value: inflight.mutating.dropped },
    ].filter((s) => s.value > 0),
  });
  registerFamily(registry, {
    name: 'apiserver_watch_events_total', type: 'counter', stability: 'ALPHA',
    help: 'Number of events sent in watch clients',
    samples: () => watchEvents.entries().map((e) => ({ labels: e.labels, value: e.value.count })),
  });
  registerFamily(registry, {
    name: 'apiserver_watch_events_sizes', type: 'histogram', stability: 'ALPHA',
    help: 'Watch event size distribution in bytes',
    samples: () => watchEvents.samples(),
  });
  registerFamily(registry, {
    name: 'apiserver_tls_handshake_errors_total', type: 'counter', stability: 'ALPHA',
    help: "Number of requests dropped with 'TLS handshake error from' error",
    samples: () => [{ labels: {}, value: tls.errors }],
  });
  // The in-process controllers are kube-controller-manager's: their families are served here.
  registerFamily(registry, {
    name: 'garbagecollector_controller_resources_sync_error_total', type: 'counter', stability: 'ALPHA',
    help: 'Number of garbage collector resources sync errors',
    samples: () => [{ labels: {}, value: garbageCollector.syncErrors }],
  });
}

/** Gauges read from the served resources and the in-flight counters at each scrape. */
function registerResourceGauges(registry: Registry, { resources, deprecated, inflight }: Figures): void {
  const gauge = (name: string, stability: 'ALPHA' | 'STABLE', help: string, samples: () => { labels: Record<string, string>; value: number }[]): void =>
    registerFamily(registry, { name, help, stability, type: 'gauge', samples });
  // Versions of one resource share its storage: one sample per resource.
  gauge('apiserver_storage_objects', 'STABLE', 'Number of stored objects at the time of last check split by kind.', () => [
    ...new Map(resources().map((r) => [groupResourceString(r), r.objectCount()])),
  ].map(([resource, value]) => ({ labels: { resource }, value })));
  // Deprecated in 1.23 (hidden by default since 1.24); kept because kplane's bench counts watchers with it.
  gauge('apiserver_registered_watchers', 'ALPHA', '(Deprecated since 1.23.0) Number of currently registered watchers for a given resources', () =>
    resources().map((r) => ({ labels: { group: r.group, version: r.version, kind: r.kind }, value: r.watcherCount() })));
  gauge('apiserver_requested_deprecated_apis', 'STABLE', 'Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.', () =>
    [...deprecated.values()].map((labels) => ({ labels, value: 1 })));
  gauge('apiserver_current_inflight_requests', 'STABLE', 'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.', () => [
    { labels: { request_kind: 'readOnly' }, value: inflight.readOnly.takeWatermark() },
    { labels: { request_kind: 'mutating' }, value: inflight.mutating.takeWatermark() },
  ]);
}
