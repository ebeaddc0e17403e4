// /metrics (1-conventions: health endpoints) in the Prometheus text format, on a registry per server
// so several servers can share one process (tests, startServer()).
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What a served resource reports for the storage and watch gauges. */
export interface ResourceGaugeSource {
  group: string;
  version: string;
  kind: string;
  resource: string;
  objectCount(): number;
  watcherCount(): number;
}

export interface ApiMetrics {
  registry: Registry;
  requestTotal: Counter<string>;
  requestDuration: Histogram<string>;
}

const REQUEST_LABELS = ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component'];
/** Upstream's buckets for apiserver_request_duration_seconds. */
const DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];

export function createMetrics(resources: () => readonly ResourceGaugeSource[]): ApiMetrics {
  const registry = new Registry();
  const requestTotal = new Counter({
    name: 'apiserver_request_total',
    help: 'Counter of apiserver requests broken out for each verb, group, version, resource, scope, component, and HTTP response code.',
    labelNames: [...REQUEST_LABELS, 'code'],
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'apiserver_request_duration_seconds',
    help: 'Response latency distribution in seconds for each verb, group, version, resource, subresource, scope and component.',
    labelNames: REQUEST_LABELS,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'apiserver_storage_objects',
    help: 'Number of stored objects at the time of last check split by kind.',
    labelNames: ['resource'],
    registers: [registry],
    collect() {
      for (const r of resources()) this.set({ resource: r.group ? `${r.resource}.${r.group}` : r.resource }, r.objectCount());
    },
  });
  new Gauge({
    name: 'apiserver_registered_watchers',
    help: 'Number of currently registered watchers for a given resources',
    labelNames: ['group', 'version', 'kind'],
    registers: [registry],
    collect() {
      for (const r of resources()) this.set({ group: r.group, version: r.version, kind: r.kind }, r.watcherCount());
    },
  });
  return { registry, requestTotal, requestDuration };
}
