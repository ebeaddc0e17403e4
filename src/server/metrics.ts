// /metrics (1-conventions: health endpoints) in the Prometheus text format, on a registry per server
// so several servers can share one process (tests, startServer()). prom-client is loaded at the first
// scrape, not at start-up (~30 ms of module loading a server that is never scraped need not pay); until
// then the figures live in kplane's own structures, which the registry's collectors read.
import type { Registry } from 'prom-client';
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

/** Labels of `apiserver_requested_deprecated_apis`. */
export type DeprecatedApiLabels = Record<'group' | 'version' | 'resource' | 'subresource' | 'removed_release', string>;

/**
 * Requests in flight of one kind (readOnly or mutating). The gauge reports the most seen since the last
 * scrape, as upstream's `apiserver_current_inflight_requests` reports a watermark, not an instant.
 */
export class InflightRequests {
  current = 0;
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
  /** Requests counted by the max-in-flight filter, by upstream's request kinds. */
  inflight: { readOnly: InflightRequests; mutating: InflightRequests };
  /** 1-conventions, Versioning rule 5: each deprecated API requested (the gauge reads 1 for it). */
  deprecatedApis: { set(labels: DeprecatedApiLabels, value: 1): void };
}

export function createMetrics(resources: () => readonly ResourceGaugeSource[]): ApiMetrics {
  const requests = new RequestMetrics();
  const inflight = { readOnly: new InflightRequests(), mutating: new InflightRequests() };
  const deprecated = new Map<string, DeprecatedApiLabels>();
  let registry: Promise<Registry> | undefined;
  return {
    requests,
    inflight,
    deprecatedApis: { set: (labels) => void deprecated.set(Object.values(labels).join('\0'), labels) },
    registry: () => (registry ??= buildRegistry(requests, resources, deprecated, inflight)),
  };
}

async function buildRegistry(
  requests: RequestMetrics,
  resources: () => readonly ResourceGaugeSource[],
  deprecated: ReadonlyMap<string, DeprecatedApiLabels>,
  inflight: ApiMetrics['inflight'],
): Promise<Registry> {
  const { Gauge, Registry } = await import('prom-client');
  const registry = new Registry();
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
  new Gauge({
    name: 'apiserver_requested_deprecated_apis',
    help: 'Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.',
    labelNames: ['group', 'version', 'resource', 'subresource', 'removed_release'] as const,
    registers: [registry],
    collect() {
      for (const labels of deprecated.values()) this.set(labels, 1);
    },
  });
  new Gauge({
    name: 'apiserver_current_inflight_requests',
    help: 'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
    labelNames: ['request_kind'],
    registers: [registry],
    collect() {
      this.set({ request_kind: 'readOnly' }, inflight.readOnly.takeWatermark());
      this.set({ request_kind: 'mutating' }, inflight.mutating.takeWatermark());
    },
  });
  return registry;
}
