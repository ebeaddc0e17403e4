// PartialObjectMetadata (`Accept: application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1`): an object's
// metadata alone, what metadata informers read (upstream's garbage collector and quota controllers follow
// every resource so). A watch sends one per event, so its JSON is cut from the cached text when the cache
// knows where metadata ends (storage/cacher/cached-object.ts, metadataEnd) instead of decoding the whole
// object to encode its metadata: the text of a value kplane stored is JSON.stringify's, so the cut is the
// same text (another writer's, such as Go's `\u003c`, is equivalent JSON, served as stored like whole objects).
// The loopback's followers may ask for it without managedFields (apis/meta/v1/omit-managed-fields.ts).
import type { KubeObject } from '../apis/meta/v1/types.js';
import { withoutManagedFields } from '../patch/apply/index.js';
import type { StoredItem } from '../registry/store/index.js';
import { metadataStart } from '../storage/cacher/index.js';

export function partialObjectMetadata(obj: Readonly<KubeObject>, version: string, omitManagedFields = false) {
  const { metadata } = omitManagedFields ? withoutManagedFields(obj) : obj;
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata };
}

/** The JSON of `partialObjectMetadata(item.object, version, omitManagedFields)`. */
export function partialObjectMetadataJson(item: StoredItem, version: string, omitManagedFields = false): string {
  const { json, metadataEnd } = item;
  if (json !== undefined && metadataEnd !== undefined) {
    const start = metadataStart(json);
    if (start >= 0 && start < metadataEnd && json.charCodeAt(metadataEnd) === 0x7d /* } */) {
      const metadata = omitManagedFields ? metadataWithoutManagedFields(json, start, metadataEnd) : json.slice(start, metadataEnd + 1);
      if (metadata !== undefined) return `{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/${version}","metadata":${metadata}}`;
    }
  }
  return JSON.stringify(partialObjectMetadata(item.object, version, omitManagedFields));
}

const MANAGED_FIELDS_MEMBER = ',"managedFields":[';

/**
 * The metadata object at [start, end] of `json` without its managedFields, cut from the text where it says
 * for certain what goes; undefined otherwise (the caller encodes the decoded metadata). Outside JSON strings
 * only (a `"` inside one is escaped), `,"managedFields":[` is a member's start, and no object within metadata
 * has a bare `managedFields` key but metadata itself (managedFields entries, FieldsV1 keys are prefixed),
 * so its last occurrence is metadata's own. The member ends metadata (Go's order, which kplane's stored JSON
 * keeps) when no `],"` (an array closed, a member opened) follows it; a string ending in `],` gives one too,
 * which only forgoes the cut.
 */
function metadataWithoutManagedFields(json: string, start: number, end: number): string | undefined {
  const member = json.lastIndexOf(MANAGED_FIELDS_MEMBER, end);
  if (member < start) {
    // None at all: metadata as it is (one elsewhere, such as a label key, is left to the decoded path).
    const any = json.indexOf('"managedFields":', start);
    return any < 0 || any > end ? json.slice(start, end + 1) : undefined;
  }
  const rest = json.indexOf('],"', member);
  if ((rest >= 0 && rest < end) || json.charCodeAt(end - 1) !== 0x5d /* ] */) return undefined;
  return `${json.slice(start, member)}}`;
}
