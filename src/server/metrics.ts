// /metrics (1-conventions: health endpoints) in the Prometheus text format, on a registry per server
// so several servers can share one process (tests, startServer()).
import { Gauge, Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics.js';

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
  requests: RequestMetrics;
  /** 1-conventions, Versioning rule 5: set to 1 for each deprecated API requested. */
  deprecatedApis: Gauge<'group' | 'version' | 'resource' | 'subresource' | 'removed_release'>;
}

export function createMetrics(resources: () => readonly ResourceGaugeSource[]): ApiMetrics {
  const registry = new Registry();
  const requests = new RequestMetrics();
  requests.registerWith(registry);
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
  const deprecatedApis = new Gauge({
    name: 'apiserver_requested_deprecated_apis',
    help: 'Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.',
    labelNames: ['group', 'version', 'resource', 'subresource', 'removed_release'] as const,
    registers: [registry],
  });
  return { registry, requests, deprecatedApis };
}
