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
