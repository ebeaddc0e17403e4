// Building blocks of kplane's own metric families. prom-client validates and hashes labels on every
// inc/observe, which is too slow for the request path; kplane keeps its figures in plain structures
// (a series object found once, then numbers incremented) and hands prom-client's registry families that
// render those structures only when /metrics is scraped.
import type { Registry } from 'prom-client';

export type Labels = Readonly<Record<string, string>>;

/** One sample of a family's text exposition; `metricName` for the `_bucket`/`_sum`/`_count` lines. */
export interface Sample {
  metricName?: string;
  labels: Labels;
  value: number;
}

/** component-base's stability levels: shown in front of the help text, as `[ALPHA] ...`. */
export type StabilityLevel = 'ALPHA' | 'STABLE';

export interface FamilyOptions {
  name: string;
  help: string;
  stability: StabilityLevel;
  type: 'counter' | 'gauge' | 'histogram';
  /** The samples at scrape time. */
  samples(): Sample[];
}

/** Registers a family whose samples are computed at each scrape. */
export function registerFamily(registry: Registry, family: FamilyOptions): void {
  const metric = {
    name: family.name,
    help: `[${family.stability}] ${family.help}`,
    type: family.type,
    aggregator: 'sum',
    get: () => ({ ...metric, values: family.samples().map(sortedLabels) }),
  };
  // The registry only calls get() and reads name/help/type; this is not a prom-client Metric instance.
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}

/** client_golang writes label pairs sorted by name, a histogram's `le` last. */
function sortedLabels(sample: Sample): Sample {
  const labels: Record<string, string> = {};
  for (const name of Object.keys(sample.labels).sort()) if (name !== 'le') labels[name] = sample.labels[name]!;
  if (sample.labels['le'] !== undefined) labels['le'] = sample.labels['le'];
  return { ...sample, labels };
}

/** upstream's ExponentialBuckets(start, factor, count). */
export function exponentialBuckets(start: number, factor: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => start * factor ** i);
}

/**
 * A float as Go's strconv.FormatFloat(f, 'g', -1, 64) writes it, as client_golang writes `le` labels:
 * shortest digits, with an exponent when it is below -4 or at least 6 (`1e+06`, not `1000000`).
 */
export function goFloat(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  const exp = Number(exponent);
  if (exp >= -4 && exp < 6) return String(value);
  return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** A histogram series: counts per upper bound (not cumulative until rendered), sum and count. */
export class Histogram {
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = bounds.map(() => 0);
  }

  observe(value: number): void {
    const { bounds } = this;
    let bucket = 0;
    while (bucket < bounds.length && value > bounds[bucket]!) bucket++;
    if (bucket < bounds.length) this.counts[bucket]!++;
    this.sum += value;
    this.count++;
  }

  /** The `_bucket` (cumulative, then `+Inf`), `_sum` and `_count` samples of family `name`. */
  samples(name: string, labels: Labels): Sample[] {
    let cumulative = 0;
    const samples: Sample[] = this.bounds.map((le, i) => {
      cumulative += this.counts[i] ?? 0;
      return { metricName: `${name}_bucket`, labels: { ...labels, le: goFloat(le) }, value: cumulative };
    });
    samples.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: this.count });
    samples.push({ metricName: `${name}_sum`, labels, value: this.sum });
    samples.push({ metricName: `${name}_count`, labels, value: this.count });
    return samples;
  }
}

/** Series of one family keyed by their joined label values; each series is made once. */
export class SeriesMap<T> {
  readonly #series = new Map<string, { labels: Labels; value: T }>();

  constructor(private readonly make: () => T) {}

  /** The series of `key`, made with `labels()` the first time. */
  get(key: string, labels: () => Labels): T {
    let entry = this.#series.get(key);
    if (!entry) this.#series.set(key, (entry = { labels: labels(), value: this.make() }));
    return entry.value;
  }

  entries(): { labels: Labels; value: T }[] {
    return [...this.#series.values()];
  }
}

/** A counter family: one number per series. */
export class CounterFamily {
  readonly #series = new SeriesMap(() => ({ value: 0 }));

  add(key: string, labels: () => Labels, by = 1): void {
    this.#series.get(key, labels).value += by;
  }

  samples(): Sample[] {
    return this.#series.entries().map((e) => ({ labels: e.labels, value: e.value.value }));
  }
}

/** A histogram family: one Histogram per series. */
export class HistogramFamily {
  readonly #series: SeriesMap<Histogram>;

  constructor(readonly name: string, bounds: readonly number[]) {
    this.#series = new SeriesMap(() => new Histogram(bounds));
  }

  series(key: string, labels: () => Labels): Histogram {
    return this.#series.get(key, labels);
  }

  entries(): { labels: Labels; value: Histogram }[] {
    return this.#series.entries();
  }

  samples(): Sample[] {
    return this.#series.entries().flatMap((e) => e.value.samples(this.name, e.labels));
  }
}
