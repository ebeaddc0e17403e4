// EventRateLimit (2-access-control: admission plugins; upstream plugin/pkg/admission/eventratelimit, alpha, off by
// default): creates and updates of core Events are held to token buckets, one per limit of its configuration
// (kind Configuration of `eventratelimit.admission.k8s.io/v1alpha1`): `Server` one bucket, `Namespace`, `User` and
// `SourceAndObject` one per key, the most recent `cacheSize` (4096 when 0) kept. An event over any limit is a 429
// naming every limit it exceeded (as utilerrors.NewAggregate, a text repeated by two limits once). Dry runs are not
// counted.
import { StatusError } from '../../errors/status-error.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { decodeConfig, type ConfigScheme, type PluginConfigSource } from '../config/index.js';
import { jsonType } from '../config/decode.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { errorMessage } from '../../errors/error-message.js';

export type LimitType = 'Server' | 'Namespace' | 'User' | 'SourceAndObject';
const LIMIT_TYPES: readonly LimitType[] = ['Server', 'Namespace', 'User', 'SourceAndObject'];

export interface EventRateLimit {
  readonly type: LimitType;
  readonly qps: number;
  readonly burst: number;
  readonly cacheSize: number;
}

export interface EventRateLimitConfiguration {
  readonly limits: readonly EventRateLimit[];
}

const SCHEME: ConfigScheme = {
  group: 'eventratelimit.admission.k8s.io',
  kind: 'Configuration',
  versions: ['v1alpha1'],
  scheme: 'k8s.io/kubernetes/plugin/pkg/admission/eventratelimit/config.go:34',
};

/** upstream's defaultCacheSize. */
const DEFAULT_CACHE_SIZE = 4096;

const INT32_FIELDS = new Set(['qps', 'burst', 'cacheSize']);

/**
 * One entry of `limits` as the decoder (sigs.k8s.io/json, case-sensitive) reads it into v1alpha1.Limit: its fields
 * in the document's order, the first type mismatch an error (encoding/json's text), unknown fields ignored.
 */
function decodeLimit(value: unknown): EventRateLimit {
  if (value === null) return { type: '' as LimitType, qps: 0, burst: 0, cacheSize: 0 };
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`json: cannot unmarshal ${jsonType(value)} into Go struct field Configuration.limits of type v1alpha1.Limit`);
  const limit: Record<string, unknown> = { type: '', qps: 0, burst: 0, cacheSize: 0 };
  for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
    if (field === null || !(name === 'type' || INT32_FIELDS.has(name))) continue;
    const mismatch = (what: string, goType: string) => new Error(`json: cannot unmarshal ${what} into Go struct field Limit.limits.${name} of type ${goType}`);
    if (name === 'type') {
      if (typeof field !== 'string') throw mismatch(jsonType(field), 'v1alpha1.LimitType');
    } else if (typeof field !== 'number') {
      throw mismatch(jsonType(field), 'int32');
    } else if (!Number.isInteger(field) || field < -(2 ** 31) || field >= 2 ** 31) {
      // A fraction or a number past int32: encoding/json names the number.
      throw mismatch(`number ${String(field)}`, 'int32');
    }
    limit[name] = field;
  }
  return limit as unknown as EventRateLimit;
}

/**
 * upstream LoadConfiguration and ValidateConfiguration (no configuration: the empty default, which validation
 * refuses, so the plugin cannot be enabled without one; an empty document has no kind, as upstream's decoder says).
 * @throws Error `couldn't init admission plugin "EventRateLimit": ...`.
 */
export function loadEventRateLimitConfiguration(source: PluginConfigSource | undefined): EventRateLimitConfiguration {
  try {
    const decoded = source && decodeConfig(source, SCHEME);
    const rawLimits = decoded?.object['limits'];
    if (rawLimits !== undefined && rawLimits !== null && !Array.isArray(rawLimits)) {
      throw new Error(`json: cannot unmarshal ${jsonType(rawLimits)} into Go struct field Configuration.limits of type []v1alpha1.Limit`);
    }
    const limits = ((rawLimits ?? []) as unknown[]).map(decodeLimit);
    const errors: string[] = [];
    // field.Invalid prints the slice with Go's %#v.
    if (limits.length === 0) errors.push(`limits: Invalid value: ${rawLimits ? '[]eventratelimit.Limit{}' : '[]eventratelimit.Limit(nil)'}: must not be empty`);
    limits.forEach((limit, i) => {
      const at = `limits[${i}]`;
      if (!LIMIT_TYPES.includes(limit.type)) errors.push(`${at}.type: Unsupported value: ${JSON.stringify(limit.type)}: supported values: ${LIMIT_TYPES.map((t) => `"${t}"`).join(', ')}`);
      if (limit.burst <= 0) errors.push(`${at}.burst: Invalid value: ${limit.burst}: must be positive`);
      if (limit.qps <= 0) errors.push(`${at}.qps: Invalid value: ${limit.qps}: must be positive`);
      if (limit.type !== 'Server' && limit.cacheSize < 0) errors.push(`${at}.cacheSize: Invalid value: ${limit.cacheSize}: must not be negative`);
    });
    // errs.ToAggregate(): one error as it is, several in brackets.
    if (errors.length > 0) throw new Error(aggregateMessage(errors));
    return { limits };
  } catch (error) {
    throw new Error(`couldn't init admission plugin "EventRateLimit": ${errorMessage(error)}`, { cause: error });
  }
}

/** client-go's TokenBucketRateLimiter (golang.org/x/time/rate): `burst` tokens, refilled at `qps` per second, full at first. */
export class TokenBucket {
  #tokens: number;
  #last: number;

  constructor(private readonly qps: number, private readonly burst: number, private readonly now: () => number) {
    this.#tokens = burst;
    this.#last = now();
  }

  tryAccept(): boolean {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#last) / 1000) * this.qps);
    this.#last = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

/** One limit: its buckets by key, the least recently used dropped past `cacheSize` (hashicorp's LRU). */
class LimitEnforcer {
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(private readonly limit: EventRateLimit, private readonly now: () => number) {}

  /** upstream accept: an error naming the limit and key when the bucket is empty. */
  accept(a: AdmissionAttributes): string | undefined {
    const key = keyOf(this.limit.type, a);
    let bucket = this.#buckets.get(key);
    if (bucket) {
      this.#buckets.delete(key);
    } else {
      bucket = new TokenBucket(this.limit.qps, this.limit.burst, this.now);
      const size = this.limit.type === 'Server' ? 1 : this.limit.cacheSize || DEFAULT_CACHE_SIZE;
      if (this.#buckets.size >= size) this.#buckets.delete(this.#buckets.keys().next().value as string);
    }
    this.#buckets.set(key, bucket);
    return bucket.tryAccept() ? undefined : `limit reached on type ${this.limit.type} for key ${key}`;
  }
}

/** upstream's key functions: the server (one key), the namespace, the user, or the event's source and object. */
function keyOf(type: LimitType, a: AdmissionAttributes): string {
  switch (type) {
    case 'Namespace':
      return a.namespace;
    case 'User':
      return a.user?.name ?? '';
    case 'SourceAndObject': {
      const event = (a.object ?? {}) as { source?: { component?: string; host?: string }; involvedObject?: Record<string, string | undefined> };
      const o = event.involvedObject ?? {};
      return [event.source?.component, event.source?.host, o['kind'], o['namespace'], o['name'], o['uid'], o['apiVersion']].map((s) => s ?? '').join('');
    }
    default:
      return '';
  }
}

export function eventRateLimit(config: EventRateLimitConfiguration, now: () => number = () => performance.now()): AdmissionPlugin {
  const enforcers = config.limits.map((limit) => new LimitEnforcer(limit, now));
  return {
    name: 'EventRateLimit',
    // Creates and updates of core Events (upstream compares the kind's group and name), not dry runs.
    handles: (a) => (a.operation === 'CREATE' || a.operation === 'UPDATE') && a.def.group === '' && a.def.kind === 'Event' && !a.dryRun,
    validate(a) {
      // Every limit takes its token, as upstream gives each enforcer its chance.
      const refusals = enforcers.map((e) => e.accept(a)).filter((r): r is string => r !== undefined);
      if (refusals.length === 0) return;
      // utilerrors.NewAggregate: two limits of one type refusing one key say the same, printed once.
      throw new StatusError(429, 'TooManyRequests', `Too many requests: ${aggregateMessage(refusals)}`);
    },
  };
}
