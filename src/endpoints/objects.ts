// Writing objects and lists in the negotiated representation. The JSON list path joins the cached,
// already serialized items instead of re-serializing them (ARCHITECTURE §3: encoded once).
import { recordResponseObject } from './audit-capture.js';
import type { KubeObject, ListMeta } from '../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { StoredItem } from '../registry/store/index.js';
import type { RequestContext } from './context.js';
import type { Representation } from './negotiation.js';
import { isPrettyPrint, serialize, writeSerialized } from './responses.js';
import { acceptsCompression, GZIP_THRESHOLD_BYTES } from './compression.js';
import { openListBody, type ListBody } from './list-body.js';
import { includeObjectParam, toTable } from './table.js';
import { partialObjectMetadata, partialObjectMetadataJson } from './partial-metadata.js';
import { PROTOBUF_MEDIA_TYPE, encodeProtobufList, encodeProtobufObject, supportsProtobuf } from '../schema/protobuf/index.js';

export function apiVersionOf(def: ResourceDefinition): string {
  return def.group ? `${def.group}/${def.version}` : def.version;
}

/** The object with its apiVersion and kind first, as the wire carries them. */
export function withTypeMeta(def: ResourceDefinition, obj: Readonly<KubeObject>): KubeObject {
  const { apiVersion: _a, kind: _k, ...rest } = obj;
  return { apiVersion: apiVersionOf(def), kind: def.kind, ...rest } as KubeObject;
}

/** One object as JSON text, reusing the cached serialization when it has its type meta. */
export function objectJson(def: ResourceDefinition, item: StoredItem): string {
  // The type meta is checked on the text: decoding the object to look at it would cost more than the rest.
  if (item.json !== undefined && item.json.startsWith(typeMetaPrefix(def))) return item.json;
  return JSON.stringify(withTypeMeta(def, item.object));
}

const typeMetaPrefixes = new WeakMap<ResourceDefinition, string>();

/** How the JSON of an object of `def` begins when it has its type meta first, as stored objects do. */
function typeMetaPrefix(def: ResourceDefinition): string {
  let prefix = typeMetaPrefixes.get(def);
  if (prefix === undefined) typeMetaPrefixes.set(def, (prefix = `{"apiVersion":${JSON.stringify(apiVersionOf(def))},"kind":${JSON.stringify(def.kind)},`));
  return prefix;
}

/** The value a representation turns one object into. */
export function transformObject(ctx: RequestContext, def: ResourceDefinition, obj: Readonly<KubeObject>, rep: Representation): unknown {
  if (rep.kind === 'table') return toTable(def, [obj], { resourceVersion: obj.metadata.resourceVersion ?? '' }, { include: includeObjectParam(ctx.query), version: rep.version });
  if (rep.kind === 'partial-metadata') return partialObjectMetadata(obj, rep.version);
  return withTypeMeta(def, obj);
}

const protobufForms = new WeakMap<ResourceDefinition, boolean>();

/** Whether a kind has a protobuf form (its schema carries field numbers), computed once per definition. */
export function servesProtobuf(def: ResourceDefinition): boolean {
  let serves = protobufForms.get(def);
  if (serves === undefined) protobufForms.set(def, (serves = supportsProtobuf(def.schema)));
  return serves;
}

/** One object in protobuf: the `k8s\0` envelope around its message (1-conventions: protobuf representation). */
export function objectProtobuf(def: ResourceDefinition, obj: Readonly<KubeObject>): Buffer {
  const bytes = encodeProtobufObject(def.schema, apiVersionOf(def), def.kind, obj as Record<string, unknown>);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Writes one object in the negotiated representation; a compressed one resolves once handed over. */
export function writeSingle(ctx: RequestContext, code: number, def: ResourceDefinition, item: StoredItem, rep: Representation): void | Promise<void> {
  if (ctx.audit) recordResponseObject(ctx, item.object);
  if (rep.kind === 'object' && rep.format === 'protobuf') return writeSerialized(ctx, code, PROTOBUF_MEDIA_TYPE, objectProtobuf(def, item.object));
  if (rep.kind === 'object' && rep.format === 'json' && !isPrettyPrint(ctx)) return writeSerialized(ctx, code, 'application/json', objectJson(def, item));
  const value = transformObject(ctx, def, item.object, rep);
  const format = rep.kind === 'object' && rep.format === 'yaml' ? 'yaml' : 'json';
  return writeSerialized(ctx, code, format === 'yaml' ? 'application/yaml' : 'application/json', serialize(ctx, value, format));
}

/**
 * Lists are sent in chunks of about this many characters, each written once the response took the one before.
 * Under 128 KB a chunk (its flattened string, its bytes) comes from memory the heap and malloc reuse; 1 MB chunks
 * took fresh pages each time, and on the target VM the first touch of fresh memory cost ~3 ms per MB: a LIST of
 * 10,000 ConfigMaps (10.5 MB) took ~65 ms instead of ~35. Written all at once, the chunks still met in one
 * buffer of the whole body (the response joins what it holds in one write): ~3,600 fresh pages per LIST of
 * 12 MB (session 19). (Encoding each item's text into a chunk Buffer instead of joining a chunk's string was
 * no faster: one call into C++ per item.)
 */
const LIST_CHUNK_CHARS = 1 << 16;

/**
 * A JSON list joined from the items' JSON (`itemJson`: the cached serialization, or PartialObjectMetadata cut
 * from it), streamed in chunks (no re-serialization) as the response takes them. `kind` and `apiVersion` are
 * the list's. Resolves when the last chunk is written, or when the response closed before.
 */
async function writeJsonList(ctx: RequestContext, kind: string, apiVersion: string, items: readonly StoredItem[], meta: ListMeta, itemJson: (item: StoredItem) => string): Promise<void> {
  const head = `{"kind":${JSON.stringify(kind)},"apiVersion":${JSON.stringify(apiVersion)},"metadata":${JSON.stringify(meta)},"items":[`;
  if (items.length < 64) return writeSerialized(ctx, 200, 'application/json', head + items.map(itemJson).join(',') + ']}');
  // Already answered (a request timeout's 504): the handler's own answer is dropped, as writeRaw drops it.
  if (ctx.res.headersSent) return;
  // Upstream compresses when its first write (the whole list) is over the threshold: when the client accepts
  // gzip, the first chunk waits until it is over the threshold too (in characters, so in bytes as well).
  const compressible = acceptsCompression(ctx);
  const firstChunkChars = compressible ? GZIP_THRESHOLD_BYTES + 1 : LIST_CHUNK_CHARS;
  let body: ListBody | undefined;
  let chunk = head;
  for (let i = 0; i < items.length; i++) {
    chunk += (i === 0 ? '' : ',') + itemJson(items[i]!);
    if (chunk.length >= (body ? LIST_CHUNK_CHARS : firstChunkChars)) {
      body ??= openListBody(ctx, 'application/json', compressible);
      if (body === undefined) return; // HEAD: no body
      // Bytes once: their length counts the response, and the response need not encode the string again.
      const written = body.write(Buffer.from(chunk));
      chunk = '';
      if (written !== true && !(await written)) return;
    }
  }
  // The whole list came before a chunk was full: one body, compressed or not by its size.
  if (body === undefined) return writeSerialized(ctx, 200, 'application/json', chunk + ']}');
  await body.end(Buffer.from(chunk + ']}'));
}

/** Writes a list in the negotiated representation; a JSON list of many items resolves once streamed. */
export function writeList(ctx: RequestContext, def: ResourceDefinition, items: readonly StoredItem[], meta: ListMeta, rep: Representation): void | Promise<void> {
  // A list audited at RequestResponse: the list itself is the event's response object (upstream logs what it encodes).
  if (ctx.audit?.level === 'RequestResponse' && rep.kind === 'object') {
    recordResponseObject(ctx, { kind: def.listKind, apiVersion: apiVersionOf(def), metadata: meta, items: items.map((i) => withTypeMeta(def, i.object)) } as unknown as KubeObject);
  }
  if (rep.kind === 'table') {
    const table = toTable(def, items.map((i) => i.object), meta, { include: includeObjectParam(ctx.query), version: rep.version });
    return writeSerialized(ctx, 200, 'application/json', serialize(ctx, table, 'json'));
  }
  if (rep.kind === 'partial-metadata') {
    const apiVersion = `meta.k8s.io/${rep.version}`;
    if (!isPrettyPrint(ctx)) return writeJsonList(ctx, 'PartialObjectMetadataList', apiVersion, items, meta, (i) => partialObjectMetadataJson(i, rep.version, rep.omitManagedFields));
    const list = { kind: 'PartialObjectMetadataList', apiVersion, metadata: meta, items: items.map((i) => partialObjectMetadata(i.object, rep.version, rep.omitManagedFields)) };
    return writeSerialized(ctx, 200, 'application/json', serialize(ctx, list, 'json'));
  }
  if (rep.format === 'protobuf') {
    const bytes = encodeProtobufList(def.schema, apiVersionOf(def), def.listKind, meta, items.map((i) => i.object));
    return writeSerialized(ctx, 200, PROTOBUF_MEDIA_TYPE, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  if (rep.format === 'json' && !isPrettyPrint(ctx)) {
    return writeJsonList(ctx, def.listKind, apiVersionOf(def), items, meta, (i) => objectJson(def, i));
  }
  const list = { kind: def.listKind, apiVersion: apiVersionOf(def), metadata: meta, items: items.map((i) => withTypeMeta(def, i.object)) };
  return writeSerialized(ctx, 200, rep.format === 'yaml' ? 'application/yaml' : 'application/json', serialize(ctx, list, rep.format));
}
