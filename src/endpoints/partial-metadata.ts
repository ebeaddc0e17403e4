// PartialObjectMetadata (`Accept: application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1`): an object's
// metadata alone, what metadata informers read (upstream's garbage collector and quota controllers follow
// every resource so). A watch sends one per event, so its JSON is cut from the cached text when the cache
// knows where metadata ends (storage/cacher/cached-object.ts, metadataEnd) instead of decoding the whole
// object to encode its metadata: the text of a value kplane stored is JSON.stringify's, so the cut is the
// same text (another writer's, such as Go's `\u003c`, is equivalent JSON, served as stored like whole objects).
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { StoredItem } from '../registry/store/index.js';
import { metadataStart } from '../storage/cacher/index.js';

export function partialObjectMetadata(obj: Readonly<KubeObject>, version: string) {
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata: obj.metadata };
}

/** The JSON of `partialObjectMetadata(item.object, version)`. */
export function partialObjectMetadataJson(item: StoredItem, version: string): string {
  const { json, metadataEnd } = item;
  if (json !== undefined && metadataEnd !== undefined) {
    const start = metadataStart(json);
    if (start >= 0 && start < metadataEnd && json.charCodeAt(metadataEnd) === 0x7d /* } */)
      return `{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/${version}","metadata":${json.slice(start, metadataEnd + 1)}}`;
  }
  return JSON.stringify(partialObjectMetadata(item.object, version));
}
