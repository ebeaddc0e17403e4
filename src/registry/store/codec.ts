// How objects are stored: JSON without `metadata.resourceVersion` (the key's mod revision is the
// resource version, as upstream stores it), and how they come back.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { KeyValue } from '../../storage/interface.js';

export function encodeObject(obj: KubeObject): string {
  const meta = obj.metadata;
  const resourceVersion = meta.resourceVersion;
  if (resourceVersion === undefined) return JSON.stringify(obj);
  delete meta.resourceVersion;
  try {
    return JSON.stringify(obj);
  } finally {
    meta.resourceVersion = resourceVersion;
  }
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
