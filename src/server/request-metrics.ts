// The request families (upstream endpoints/metrics, 1.25): apiserver_request_total,
// apiserver_request_duration_seconds, apiserver_response_sizes, apiserver_longrunning_requests and
// apiserver_request_terminations_total, all labelled by the request's (verb, group, version, resource,
// subresource, scope, component). The hot path is one Map lookup by resource and a walk of its few series,
// then numbers incremented on the series found; label objects are made once per series (metric-families.ts).
import type { Registry } from 'prom-client';
import { subresourceName, type RequestInfo, type ResourceRequestInfo } from '../endpoints/request-info.js';
import { exponentialBuckets, Histogram, registerFamily, type Labels, type Sample } from './metric-families.js';

// A type, not an interface: label sets are read as string records.
export type RequestLabels = {
  verb: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  scope: string;
  component: string;
};

/** Upstream's buckets for apiserver_request_duration_seconds. */
export const DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];

/** Upstream's buckets for apiserver_response_sizes: ExponentialBuckets(1000, 10, 7), 1 kB to 1 GB. */
export const RESPONSE_SIZE_BUCKETS = exponentialBuckets(1000, 10, 7);

/**
 * Upstream reports the HTTP method made canonical (cleanVerb over CanonicalVerb, endpoints/metrics 1.25): GET
 * of a collection is LIST, a watch is WATCH, a server-side apply is APPLY, and a delete of a collection is
 * DELETE like any other DELETE.
 */
const METRIC_VERBS: Record<string, string> = { create: 'POST', update: 'PUT', patch: 'PATCH', delete: 'DELETE', deletecollection: 'DELETE' };

/** The health endpoints whose root paths kube-apiserver instruments (healthz.InstallPathHandler): the path is the subresource. */
const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/livez', '/readyz']);

/**
 * The labels upstream gives a request: component apiserver; scope as the route's (`resource` for a named
 * object and for every POST, `namespace` or `cluster` for collections); `apply` for a PATCH of
 * `application/apply-patch+yaml`. The health roots are labelled as healthz instruments them (their path as
 * subresource, no component).
 */
export function requestLabels(info: RequestInfo, apply = false): RequestLabels {
  const component = 'apiserver';
  if (!info.isResourceRequest) {
    const verb = info.verb === 'head' ? 'GET' : info.verb.toUpperCase();
    if (HEALTH_PATHS.has(info.path)) return { verb, group: '', version: '', resource: '', subresource: info.path, scope: '', component: '' };
    return { verb, group: '', version: '', resource: '', subresource: '', scope: '', component };
  }
  const verb = isApply(info, apply) ? 'APPLY' : METRIC_VERBS[info.verb] ?? info.verb.toUpperCase();
  return { verb, group: info.apiGroup, version: info.apiVersion, resource: info.resource, subresource: subresourceName(info.subresource), scope: scopeOf(info), component };
}

/** The route's scope: `resource` for a named object and for every POST, else the collection's. */
const scopeOf = (info: ResourceRequestInfo): 'resource' | 'namespace' | 'cluster' =>
  info.name || info.verb === 'create' ? 'resource' : info.namespace ? 'namespace' : 'cluster';

const isApply = (info: ResourceRequestInfo, apply: boolean): boolean => apply && info.verb === 'patch';

/**
 * upstream cleanDryRun: the `dry_run` label of apiserver_request_total and _duration_seconds is '' without
 * the parameter, `invalid` for values other than `All`, else the values sorted, without repeats, joined by commas.
 */
export function dryRunLabel(values: readonly string[]): string {
  if (values.length === 0) return '';
  if (values.some((v) => v !== 'All')) return 'invalid';
  return 'All';
}

/**
 * What identifies a resource request's series within its resource: the label values as the request has them
 * (its verb before canonicalization; scope follows from the verb, name and namespace) and the dry-run label.
 */
interface ResourceSeriesEntry {
  readonly verb: string;
  readonly group: string;
  readonly version: string;
  readonly subresource: string;
  readonly scope: string;
  readonly dryRun: string;
  readonly series: RequestSeries;
}

/** One label set: its responses by code, latencies, response sizes, open long-running requests and terminations. */
export interface RequestSeries {
  readonly labels: RequestLabels;
  /** The `dry_run` label, which only the request count and latency families carry. */
  readonly dryRun: string;
  readonly codes: Map<number, number>;
  readonly durations: Histogram;
  /** Only GET and LIST responses are measured, as upstream. */
  readonly sizes: Histogram | undefined;
  /** Open long-running requests (watches, connect); undefined until this series had one. */
  longRunning: number | undefined;
  terminations: Map<number, number> | undefined;
}

export class RequestMetrics {
  /** Every series, in the order they were made (the order of the exposition). */
  readonly #all: RequestSeries[] = [];
  /**
   * Resource requests' series by resource, then found by comparing the other labels: this runs on every
   * request, and a key string joined from seven labels (then flattened and hashed) cost more than the walk.
   */
  readonly #byResource = new Map<string, ResourceSeriesEntry[]>();
  /** Non-resource requests' series by verb (and path, for the instrumented health roots). */
  readonly #nonResource = new Map<string, RequestSeries>();

  /** The series of a request's labels, made at its first request; `dryRun` as dryRunLabel makes it; `apply` for an apply patch. */
  series(info: RequestInfo, dryRun = '', apply = false): RequestSeries {
    if (!info.isResourceRequest) {
      const key = HEALTH_PATHS.has(info.path) ? `${info.verb}\u0000${info.path}` : info.verb;
      let series = this.#nonResource.get(key);
      if (!series) this.#nonResource.set(key, (series = this.#newSeries(info, dryRun, apply)));
      return series;
    }
    const verb = isApply(info, apply) ? 'apply' : info.verb;
    const subresource = subresourceName(info.subresource);
    const scope = scopeOf(info);
    let entries = this.#byResource.get(info.resource);
    if (entries === undefined) this.#byResource.set(info.resource, (entries = []));
    for (const e of entries) {
      if (e.verb === verb && e.group === info.apiGroup && e.version === info.apiVersion && e.subresource === subresource && e.scope === scope && e.dryRun === dryRun) return e.series;
    }
    const series = this.#newSeries(info, dryRun, apply);
    entries.push({ verb, group: info.apiGroup, version: info.apiVersion, subresource, scope, dryRun, series });
    return series;
  }

  #newSeries(info: RequestInfo, dryRun: string, apply: boolean): RequestSeries {
    const series = newSeries(info, dryRun, apply);
    this.#all.push(series);
    return series;
  }

  /**
   * One finished request: its code, how long it took (watches included, as upstream) and, when known, the
   * size of its response.
   */
  record(info: RequestInfo, code: number, seconds?: number, bytes?: number): void {
    recordOn(this.series(info), code, seconds, bytes);
  }

  /**
   * A request the server refused or cut short in self-defense (429 over the in-flight limit, 504 when its
   * timeout ran out): upstream RecordRequestTermination.
   */
  recordTermination(info: RequestInfo, code: number): void {
    const series = this.series(info);
    series.terminations ??= new Map();
    series.terminations.set(code, (series.terminations.get(code) ?? 0) + 1);
  }

  /** Registers the families with `registry`, rendered from the series at each scrape. */
  registerWith(registry: Registry): void {
    const all = (): RequestSeries[] => [...this.#all];
    registerFamily(registry, {
      name: 'apiserver_request_total', type: 'counter', stability: 'STABLE',
      help: 'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
      samples: () => all().flatMap((s) => byCode({ ...s.labels, dry_run: s.dryRun }, s.codes)),
    });
    registerFamily(registry, {
      name: 'apiserver_request_duration_seconds', type: 'histogram', stability: 'STABLE',
      help: 'Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
      samples: () => all().flatMap((s) => (s.durations.count > 0 ? s.durations.samples('apiserver_request_duration_seconds', { ...s.labels, dry_run: s.dryRun }) : [])),
    });
    registerFamily(registry, {
      name: 'apiserver_response_sizes', type: 'histogram', stability: 'STABLE',
      help: 'Response size distribution in bytes for each group, version, verb, resource, subresource, scope and component.',
      samples: () => all().flatMap((s) => (s.sizes && s.sizes.count > 0 ? s.sizes.samples('apiserver_response_sizes', s.labels) : [])),
    });
    registerFamily(registry, {
      name: 'apiserver_longrunning_requests', type: 'gauge', stability: 'ALPHA',
      help: 'Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
      samples: () => all().flatMap((s) => (s.longRunning === undefined ? [] : [{ labels: s.labels, value: s.longRunning }])),
    });
    registerFamily(registry, {
      name: 'apiserver_request_terminations_total', type: 'counter', stability: 'ALPHA',
      help: 'Number of requests which apiserver terminated in self-defense.',
      samples: () => all().flatMap((s) => (s.terminations ? byCode(s.labels, s.terminations) : [])),
    });
  }
}

function newSeries(info: RequestInfo, dryRun: string, apply: boolean): RequestSeries {
  const measuresSize = info.isResourceRequest && (info.verb === 'get' || info.verb === 'list');
  return {
    labels: requestLabels(info, apply),
    dryRun,
    codes: new Map(),
    durations: new Histogram(DURATION_BUCKETS),
    sizes: measuresSize ? new Histogram(RESPONSE_SIZE_BUCKETS) : undefined,
    longRunning: undefined,
    terminations: undefined,
  };
}

/** One finished request on its series (see RequestMetrics.record). */
export function recordOn(series: RequestSeries, code: number, seconds?: number, bytes?: number): void {
  series.codes.set(code, (series.codes.get(code) ?? 0) + 1);
  if (seconds !== undefined) series.durations.observe(seconds);
  if (bytes !== undefined) series.sizes?.observe(bytes);
}

function byCode(labels: Labels, counts: ReadonlyMap<number, number>): Sample[] {
  return [...counts].map(([code, value]) => ({ labels: { ...labels, code: String(code) }, value }));
}
