// How objects are stored: JSON without `metadata.resourceVersion` (the key's mod revision is the
// resource version, as upstream stores it), and how they come back.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { KeyValue } from '../../storage/interface.js';

/**
 * The stored JSON of `obj`: metadata in ObjectMeta's declaration order (as Go encodes it, whatever order a
 * write assembled it in, so that an unchanged object encodes to the same bytes and is not written again),
 * without resourceVersion.
 */
export function encodeObject(obj: KubeObject): string {
  return JSON.stringify({ ...obj, metadata: storedMetadata(obj.metadata as Record<string, unknown>) });
}

/** encodeObject's text and the index of the `}` closing its top-level metadata (undefined when not known). */
export interface EncodedObject {
  value: string;
  metadataEnd: number | undefined;
}

/** How encodeObject's text begins when metadata is left for later: type meta, then a placeholder. */
const HEAD_BEFORE_METADATA = /^\{"apiVersion":"[^"\\]*","kind":"[^"\\]*","metadata":0/;

/**
 * encodeObject, knowing where metadata ends: metadata is serialized on its own and put in its place (as
 * much work as one JSON.stringify of the whole), so that the watch cache need not scan for its end.
 */
export function encodeWithMetadataEnd(obj: KubeObject): EncodedObject {
  const rest = JSON.stringify({ ...obj, metadata: 0 });
  const head = HEAD_BEFORE_METADATA.exec(rest);
  if (head === null) return { value: encodeObject(obj), metadataEnd: undefined };
  const metadata = JSON.stringify(storedMetadata(obj.metadata as Record<string, unknown>));
  const before = head[0].length - 1;
  return { value: rest.slice(0, before) + metadata + rest.slice(head[0].length), metadataEnd: before + metadata.length - 1 };
}

/** ObjectMeta's fields in declaration order (resourceVersion, never stored, left out). */
const METADATA_ORDER = [
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'generation', 'creationTimestamp', 'deletionTimestamp',
  'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
];
const ORDERED = new Set([...METADATA_ORDER, 'resourceVersion']);

function storedMetadata(meta: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of METADATA_ORDER) if (meta[key] !== undefined) out[key] = meta[key];
  // Fields ObjectMeta does not declare do not survive decoding; kept all the same if a write added one.
  for (const key in meta) if (!ORDERED.has(key) && meta[key] !== undefined) out[key] = meta[key];
  return out;
}

/** A fresh, mutable object from a stored value. */
export function decodeObject(kv: KeyValue): KubeObject {
  const obj = JSON.parse(kv.value) as KubeObject;
  obj.metadata.resourceVersion = String(kv.modRevision);
  return obj;
}

/** The stored form without resource version, for the cacher to own. */
export function parseStored(kv: KeyValue): KubeObject {
  return JSON.parse(kv.value) as KubeObject;
}

/** How encodeObject's output begins: type meta (plain strings), then the top-level metadata. */
const STORED_HEAD = /^\{"apiVersion":"[^"\\]*","kind":"[^"\\]*","metadata":\{/;

/**
 * The object's JSON with `metadata.resourceVersion` (the first field of metadata), made from its stored
 * form (encodeObject's output, which has none) by inserting it instead of serializing the object again.
 * Undefined when the value does not begin as encodeObject writes objects: the caller then serializes.
 */
export function withResourceVersion(stored: string, revision: number): string | undefined {
  const head = STORED_HEAD.exec(stored);
  if (head === null) return undefined;
  const at = head[0].length;
  const separator = stored.charCodeAt(at) === 0x7d /* } */ ? '' : ',';
  return `${stored.slice(0, at)}"resourceVersion":"${revision}"${separator}${stored.slice(at)}`;
}

/** withResourceVersion for the cache: `parsed` is the value decoded, which must carry no resourceVersion. */
export function storedJsonWithRevision(kv: KeyValue, parsed: KubeObject): string | undefined {
  return parsed.metadata?.resourceVersion === undefined ? withResourceVersion(kv.value, kv.modRevision) : undefined;
}
