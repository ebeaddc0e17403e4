// One object as the cache holds it: serialized once per change and shared by every get, list and
// watcher (ARCHITECTURE §3). The JSON is the only full copy kept; what selectors read (name, namespace,
// labels) is kept beside it, and the rare reader of the whole object (tables, admission, controllers)
// decodes its own copy. Keeping the decoded object as well doubled the memory per cached object.
// The name is read back from the key (the last segment of every object key), and label sets are
// shared between objects that carry the same ones: both would otherwise be a copy per object.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { sharedLabels } from './label-sets.js';

/** An object at one revision, immutable and shared. */
export interface CachedObject {
  /** Storage key, e.g. `/registry/configmaps/default/settings`. */
  readonly key: string;
  /** The key's mod revision; equals `metadata.resourceVersion`. */
  readonly revision: number;
  /** The object's JSON, `metadata.resourceVersion` included; computed once. */
  readonly json: string;
  readonly name: string;
  readonly namespace: string;
  /** Frozen and shared with other objects with the same labels; undefined when the object has none. */
  readonly labels: Readonly<Record<string, string>> | undefined;
  /** The object decoded from `json`: a fresh copy at every access, the caller's to keep or change. */
  readonly object: KubeObject;
  /**
   * Where in `json` the `}` closing the top-level metadata is, when the cache learnt it without decoding
   * (a summary): PartialObjectMetadata is then cut from the JSON (endpoints/partial-metadata.ts).
   */
  readonly metadataEnd?: number;
}

class CachedJson implements CachedObject {
  constructor(
    readonly key: string,
    readonly revision: number,
    readonly json: string,
    readonly namespace: string,
    readonly labels: Readonly<Record<string, string>> | undefined,
    readonly metadataEnd?: number,
  ) {}

  get name(): string {
    return this.key.slice(this.key.lastIndexOf('/') + 1);
  }

  get object(): KubeObject {
    return JSON.parse(this.json) as KubeObject;
  }
}

/**
 * Builds a cached object from a freshly decoded object, stamped with `revision` (the object is then
 * dropped); `json`, when given, is the object's JSON with that resourceVersion, made without serializing.
 */
export function cachedObjectOf(key: string, revision: number, object: KubeObject, json?: string): CachedObject {
  const metadata = isPlainObject(object.metadata) ? object.metadata : (object.metadata = {});
  if (json === undefined) {
    metadata.resourceVersion = String(revision);
    json = JSON.stringify(object);
  } else {
    flatten(json);
  }
  const labels = isPlainObject(metadata.labels) ? sharedLabels(metadata.labels as Record<string, string>) : undefined;
  return new CachedJson(key, revision, json, stringOr(metadata.namespace), labels);
}

/** What a decoder may read from a stored value without decoding it whole (see CacherOptions.summary). */
export interface CachedSummary {
  namespace: string;
  labels: Record<string, string> | undefined;
  /** The object's JSON with its resourceVersion. */
  json: string;
  /**
   * See CachedObject.metadataEnd. With it, `json`'s metadata must begin with its `resourceVersion` (as the
   * stored layout's does): withRevision restamps the JSON there.
   */
  metadataEnd?: number;
}

/** A cached object from a summary of its stored value. */
export function cachedObjectOfSummary(key: string, revision: number, summary: CachedSummary): CachedObject {
  flatten(summary.json);
  return new CachedJson(key, revision, summary.json, summary.namespace, summary.labels ? sharedLabels(summary.labels) : undefined, summary.metadataEnd);
}

const METADATA_MEMBER = '"metadata":';

/**
 * Where the top-level metadata object begins (its `{`) in JSON laid out as kplane stores objects (type meta,
 * then metadata: the first `"metadata":` is the top-level member); -1 when there is none. The stored value
 * (registry/store/stored-summary.ts), the cached JSON (withRevision) and the PartialObjectMetadata cut from
 * it (endpoints/partial-metadata.ts) all find it so.
 */
export function metadataStart(json: string): number {
  const member = json.indexOf(METADATA_MEMBER);
  return member < 0 ? -1 : member + METADATA_MEMBER.length;
}

/**
 * The same content as `cached`, stamped with another revision (a deletion's, as upstream reports it). An
 * object whose metadata the cache located (a summary's: resourceVersion is metadata's first member) gets
 * the new revision spliced into its JSON; any other is decoded and encoded again.
 */
export function withRevision(cached: CachedObject, revision: number): CachedObject {
  if (cached.revision === revision) return cached;
  const { json, metadataEnd } = cached;
  if (metadataEnd !== undefined) {
    const at = metadataStart(json);
    const old = `{"resourceVersion":"${cached.revision}"`;
    if (at >= 0 && at < metadataEnd && json.startsWith(old, at)) {
      const stamped = `{"resourceVersion":"${revision}"`;
      const text = json.slice(0, at) + stamped + json.slice(at + old.length);
      flatten(text);
      return new CachedJson(cached.key, revision, text, cached.namespace, cached.labels, metadataEnd + stamped.length - old.length);
    }
  }
  return cachedObjectOf(cached.key, revision, cached.object);
}

/**
 * Makes V8 store a string built by concatenation as one flat string now, once, instead of as a rope of its
 * pieces (which would keep the stored value alive and be walked again by every list that joins it).
 * Converting a string to a number reads it flat, and V8 flattens the rope in place to do so.
 */
function flatten(text: string): void {
  Number(text);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

const sharedViews = new WeakMap<object, Readonly<KubeObject>>();

/**
 * The object of a cached state decoded once and shared by every reader that asks this way (admission's
 * look-ups of namespaces, service accounts, priority and ingress classes, which run on every write): read-only.
 */
export function sharedDecoded(cached: { readonly object: KubeObject }): Readonly<KubeObject> {
  let object = sharedViews.get(cached);
  if (object === undefined) sharedViews.set(cached, (object = cached.object));
  return object;
}
