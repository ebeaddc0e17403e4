// Request counts and latencies (apiserver_request_total, apiserver_request_duration_seconds).
// prom-client validates and hashes labels on every inc/observe, which halved request throughput in
// the benchmark; here the hot path is one Map lookup by a key joined from the request info and a bucket
// increment. Label objects are made once per series, and the values are handed to prom-client's
// registry only when /metrics is scraped.
import type { Registry } from 'prom-client';
import type { RequestInfo } from '../endpoints/request-info.js';

export interface RequestLabels {
  verb: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  scope: string;
  component: string;
}

/** Upstream's buckets for apiserver_request_duration_seconds. */
export const DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];

/** Upstream reports the route's action: HTTP methods, with LIST, WATCH and DELETECOLLECTION for collections. */
const METRIC_VERBS: Record<string, string> = { create: 'POST', update: 'PUT', patch: 'PATCH', delete: 'DELETE', deletecollection: 'DELETECOLLECTION' };

/** The labels upstream gives a request (component is always apiserver here). */
export function requestLabels(info: RequestInfo): RequestLabels {
  const component = 'apiserver';
  if (!info.isResourceRequest) return { verb: info.verb.toUpperCase(), group: '', version: '', resource: '', subresource: '', scope: '', component };
  const scope = info.name ? 'resource' : info.namespace ? 'namespace' : 'cluster';
  const verb = METRIC_VERBS[info.verb] ?? info.verb.toUpperCase();
  return { verb, group: info.apiGroup, version: info.apiVersion, resource: info.resource, subresource: info.subresource, scope, component };
}

/** Identifies a request's label set without building it (scope follows from name and namespace). */
function seriesKey(info: RequestInfo): string {
  if (!info.isResourceRequest) return info.verb;
  const scope = info.name ? 'r' : info.namespace ? 'n' : 'c';
  return `${info.verb}\u0000${info.apiGroup}\u0000${info.apiVersion}\u0000${info.resource}\u0000${info.subresource}\u0000${scope}`;
}

type Labels = Record<string, string>;
interface Sample {
  metricName?: string;
  labels: Labels;
  value: number;
}
/** One label set: its responses by code and its latency histogram. */
interface Series {
  labels: RequestLabels;
  codes: Map<number, number>;
  buckets: number[];
  sum: number;
  count: number;
}

export class RequestMetrics {
  readonly #series = new Map<string, Series>();

  /** One finished request; `seconds` is omitted for watches (their duration is not a latency). */
  record(info: RequestInfo, code: number, seconds?: number): void {
    const key = seriesKey(info);
    let series = this.#series.get(key);
    if (!series) this.#series.set(key, (series = { labels: requestLabels(info), codes: new Map(), buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 }));
    series.codes.set(code, (series.codes.get(code) ?? 0) + 1);
    if (seconds === undefined) return;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    if (bucket < DURATION_BUCKETS.length) series.buckets[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  /** Registers both metrics with `registry` in the shape its text exposition reads. */
  registerWith(registry: Registry): void {
    const all = (): Series[] => [...this.#series.values()];
    const counter = {
      name: 'apiserver_request_total',
      help: 'Counter of apiserver requests broken out for each verb, group, version, resource, scope, component, and HTTP response code.',
      type: 'counter',
      aggregator: 'sum',
      get: () => ({ ...counter, values: all().flatMap(countSamples) }),
    };
    const histogram = {
      name: 'apiserver_request_duration_seconds',
      help: 'Response latency distribution in seconds for each verb, group, version, resource, subresource, scope and component.',
      type: 'histogram',
      aggregator: 'sum',
      get: () => ({ ...histogram, values: all().filter((s) => s.count > 0).flatMap(histogramSamples) }),
    };
    // The registry only calls get() and reads name/help/type; these are not prom-client Metric instances.
    registry.registerMetric(counter as unknown as Parameters<Registry['registerMetric']>[0]);
    registry.registerMetric(histogram as unknown as Parameters<Registry['registerMetric']>[0]);
  }
}

function countSamples(s: Series): Sample[] {
  return [...s.codes].map(([code, value]) => ({ labels: { ...s.labels, code: String(code) }, value }));
}

function histogramSamples(s: Series): Sample[] {
  const name = 'apiserver_request_duration_seconds';
  const labels: Labels = { ...s.labels };
  let cumulative = 0;
  const samples: Sample[] = DURATION_BUCKETS.map((le, i) => {
    cumulative += s.buckets[i] ?? 0;
    return { metricName: `${name}_bucket`, labels: { ...labels, le: String(le) }, value: cumulative };
  });
  samples.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: s.count });
  samples.push({ metricName: `${name}_sum`, labels, value: s.sum });
  samples.push({ metricName: `${name}_count`, labels, value: s.count });
  return samples;
}
