// Request counts and latencies (apiserver_request_total, apiserver_request_duration_seconds).
// prom-client validates and hashes labels on every inc/observe, which halved request throughput in
// the benchmark; here the hot path is a Map lookup by a joined label key and a bucket increment, and
// the values are handed to prom-client's registry only when /metrics is scraped.
import type { Registry } from 'prom-client';

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

type Labels = Record<string, string>;
interface Sample {
  metricName?: string;
  labels: Labels;
  value: number;
}
interface Duration {
  labels: Labels;
  buckets: number[];
  sum: number;
  count: number;
}

const keyOf = (l: RequestLabels, extra = ''): string =>
  `${l.verb}\u0000${l.group}\u0000${l.version}\u0000${l.resource}\u0000${l.subresource}\u0000${l.scope}\u0000${l.component}\u0000${extra}`;

export class RequestMetrics {
  readonly #counts = new Map<string, Sample>();
  readonly #durations = new Map<string, Duration>();

  /** One finished request; `seconds` is omitted for watches (their duration is not a latency). */
  record(labels: RequestLabels, code: string, seconds?: number): void {
    const countKey = keyOf(labels, code);
    const count = this.#counts.get(countKey);
    if (count) count.value++;
    else this.#counts.set(countKey, { labels: { ...labels, code }, value: 1 });
    if (seconds === undefined) return;
    const key = keyOf(labels);
    let duration = this.#durations.get(key);
    if (!duration) this.#durations.set(key, (duration = { labels: { ...labels }, buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 }));
    const bucket = DURATION_BUCKETS.findIndex((le) => seconds <= le);
    if (bucket >= 0) duration.buckets[bucket]!++;
    duration.sum += seconds;
    duration.count++;
  }

  /** Registers both metrics with `registry` in the shape its text exposition reads. */
  registerWith(registry: Registry): void {
    const counter = {
      name: 'apiserver_request_total',
      help: 'Counter of apiserver requests broken out for each verb, group, version, resource, scope, component, and HTTP response code.',
      type: 'counter',
      aggregator: 'sum',
      get: () => ({ ...counter, values: [...this.#counts.values()] }),
    };
    const histogram = {
      name: 'apiserver_request_duration_seconds',
      help: 'Response latency distribution in seconds for each verb, group, version, resource, subresource, scope and component.',
      type: 'histogram',
      aggregator: 'sum',
      get: () => ({ ...histogram, values: [...this.#durations.values()].flatMap(histogramSamples) }),
    };
    // The registry only calls get() and reads name/help/type; these are not prom-client Metric instances.
    registry.registerMetric(counter as unknown as Parameters<Registry['registerMetric']>[0]);
    registry.registerMetric(histogram as unknown as Parameters<Registry['registerMetric']>[0]);
  }
}

function histogramSamples(d: Duration): Sample[] {
  const name = 'apiserver_request_duration_seconds';
  let cumulative = 0;
  const samples: Sample[] = DURATION_BUCKETS.map((le, i) => {
    cumulative += d.buckets[i] ?? 0;
    return { metricName: `${name}_bucket`, labels: { ...d.labels, le: String(le) }, value: cumulative };
  });
  samples.push({ metricName: `${name}_bucket`, labels: { ...d.labels, le: '+Inf' }, value: d.count });
  samples.push({ metricName: `${name}_sum`, labels: d.labels, value: d.sum });
  samples.push({ metricName: `${name}_count`, labels: d.labels, value: d.count });
  return samples;
}
