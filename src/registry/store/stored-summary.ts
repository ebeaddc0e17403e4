// What the watch cache keeps beside an object's JSON (its namespace and labels), read from the stored
// value without decoding the whole of it: the stored value is encodeObject's JSON.stringify output
// (no white space; type meta, then metadata), and for a pod about two thirds of it is managedFields the
// cache never looks at. Decoding it whole cost ~8% of a pod create; scanning metadata's members and
// parsing only `namespace` and `labels` costs a fraction of that. Anything unexpected (another layout,
// a resourceVersion already in the value) gives undefined, and the cache decodes the value whole.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { KeyValue } from '../../storage/interface.js';
import { metadataStart } from '../../storage/cacher/index.js';
import { withResourceVersion } from './codec.js';

/** The cache's view of a stored object: where it lives, its labels, and its JSON with resourceVersion. */
export interface StoredSummary {
  namespace: string;
  /** The labels map as stored (strings only), or undefined when there is none. */
  labels: Record<string, string> | undefined;
  json: string;
  /** Index in `json` of the `}` closing the top-level metadata. */
  metadataEnd: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Index of the quote closing the string opened at `start` (a quote), or -1. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let i = quote - 1; text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** Index just after the JSON value starting at `start`, or -1. */
function valueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) {
    const end = stringEnd(text, start);
    return end < 0 ? -1 : end + 1;
  }
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        i = stringEnd(text, i);
        if (i < 0) return -1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (--depth === 0) return i + 1;
      }
    }
    return -1;
  }
  // A number, true, false or null: up to the next separator.
  let i = start;
  while (i < text.length && text.charCodeAt(i) !== COMMA && text.charCodeAt(i) !== CLOSE_BRACE && text.charCodeAt(i) !== CLOSE_BRACKET) i++;
  return i;
}

const isStringMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

// What a write of this server knew of the value it stored (namespace, labels, where metadata ends), by key,
// until the cache reads its event: the cache then need not scan the value (a Pod's ~3 KB of managedFields).
// The value itself is compared, so a summary is only ever used for the very text it describes; a write that
// failed, or whose event the cache missed, leaves an entry that a later write of the key replaces or the
// bound removes.
interface Written {
  readonly value: string;
  readonly namespace: string;
  readonly labels: Record<string, string> | undefined;
  readonly metadataEnd: number;
}
const written = new Map<string, Written>();
const MAX_WRITTEN = 1024;

/** Remembers the summary of `value`, the stored form of `obj` about to be written at `key`. */
export function noteWritten(key: string, value: string, obj: KubeObject, metadataEnd: number | undefined): void {
  if (metadataEnd === undefined) return;
  if (written.size >= MAX_WRITTEN) written.delete(written.keys().next().value as string);
  const labels = obj.metadata.labels;
  // A copy: the cache freezes and shares the map it is given (label-sets.ts), and the writer keeps `obj`.
  written.set(key, { value, namespace: obj.metadata.namespace ?? '', labels: labels && { ...labels }, metadataEnd });
}

/** The namespace, labels and JSON-with-resourceVersion of a stored value, or undefined (decode it whole). */
export function storedSummary(kv: KeyValue): StoredSummary | undefined {
  const value = kv.value;
  const json = withResourceVersion(value, kv.modRevision);
  if (json === undefined) return undefined;
  const noted = written.get(kv.key);
  if (noted !== undefined) {
    written.delete(kv.key);
    if (noted.value === value) return { namespace: noted.namespace, labels: noted.labels, json, metadataEnd: noted.metadataEnd + json.length - value.length };
  }
  // withResourceVersion matched the head: `{"apiVersion":"...","kind":"...","metadata":{`; i is past its `{`.
  let i = metadataStart(value) + 1;
  let namespace = '';
  let labels: Record<string, string> | undefined;
  while (value.charCodeAt(i) !== CLOSE_BRACE) {
    if (value.charCodeAt(i) !== QUOTE) return undefined;
    const keyEnd = stringEnd(value, i);
    if (keyEnd < 0 || value.charCodeAt(keyEnd + 1) !== COLON) return undefined;
    const key = value.slice(i + 1, keyEnd);
    const start = keyEnd + 2;
    const end = valueEnd(value, start);
    if (end < 0) return undefined;
    if (key === 'resourceVersion') return undefined;
    if (key === 'namespace' || key === 'labels') {
      const parsed: unknown = JSON.parse(value.slice(start, end));
      if (key === 'namespace') namespace = typeof parsed === 'string' ? parsed : '';
      else if (isStringMap(parsed)) labels = parsed;
      else if (parsed !== null) return undefined;
    }
    i = end;
    if (value.charCodeAt(i) === COMMA) i++;
    else if (value.charCodeAt(i) !== CLOSE_BRACE) return undefined;
  }
  // `json` is `value` with the resourceVersion member inserted before metadata's first member.
  return { namespace, labels, json, metadataEnd: i + json.length - value.length };
}
