// Turning a request body into an object of the expected kind: parse, check type meta against the URL,
// schema-decode (types, unknown fields per fieldValidation), and name/namespace consistency.
import { recordRequestObject } from '../audit-capture.js';
import { badRequest } from '../../errors/status-error.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { checkTypeMeta, decodeObject } from '../../schema/decode.js';
import { jsonDuplicateFields, yamlDuplicateFields } from '../../schema/duplicate-fields.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { readBody, parseBody } from '../body.js';
import type { RequestContext } from '../context.js';
import { parseMediaType } from '../negotiation.js';
import { unsupportedMediaType } from '../../errors/status-error.js';
import { apiVersionOf } from '../objects.js';
import type { FieldValidation } from '../params.js';
import { PROTOBUF_MEDIA_TYPE, decodeProtobufObject, supportsProtobuf } from '../../schema/protobuf/index.js';
import { nextWriteStage } from '../../registry/write-stages.js';

export const BODY_MEDIA_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

export async function readObjectBody(ctx: RequestContext, def: ResourceDefinition, fieldValidation: FieldValidation): Promise<KubeObject> {
  const header = ctx.req.headers['content-type'];
  // A Content-Type that does not parse (mime.ParseMediaType) is 415, as one no serializer takes.
  const mediaType = header === undefined || header === '' ? '' : parseMediaType(header);
  if (mediaType === undefined) throw unsupportedMediaType(BODY_MEDIA_TYPES);
  // Protobuf (kubectl's typed commands) for kinds whose schema carries field numbers: decoded into
  // the JSON shape, then the same path as JSON bodies.
  if (mediaType === PROTOBUF_MEDIA_TYPE && supportsProtobuf(def.schema))
    return decodeKubeObject(ctx, def, decodeProtobufObject(def.schema, await readBody(ctx.req)).object, fieldValidation);
  if (mediaType !== '' && mediaType !== 'application/json' && mediaType !== 'application/yaml' && mediaType !== '*/*')
    throw unsupportedMediaType(BODY_MEDIA_TYPES);
  const body = await readBody(ctx.req);
  await nextWriteStage(); // registry/write-stages.ts: parsing, then decoding, each as one batch
  const yaml = mediaType === 'application/yaml';
  // The body's text once: parseBody and the checks after it read the same string.
  const text = body.toString('utf8');
  const raw = parseBody(body, yaml, def.kind, text);
  await nextWriteStage();
  checkDuplicateFields(ctx, text, raw, yaml, fieldValidation, (list) => `${def.kind} in version "${def.version}" cannot be handled as a ${def.kind}: strict decoding error: ${list}`);
  // YAML numbers are read as Go's YAML decoder reads them (1e3 is 1000): only JSON keeps its literals.
  return decodeKubeObject(ctx, def, raw, fieldValidation, false, yaml ? undefined : text);
}

/**
 * Duplicate fields of a JSON or YAML body (already parsed into `parsed`, so well formed): an error under Strict,
 * warnings under Warn (1-conventions: field validation). `strictError` words the 400 for its caller.
 */
export function checkDuplicateFields(ctx: RequestContext, text: string, parsed: unknown, yaml: boolean, fieldValidation: FieldValidation, strictError: (list: string) => string): void {
  if (fieldValidation === 'Ignore') return;
  const duplicates = (yaml ? yamlDuplicateFields(text) : jsonDuplicateFields(text, parsed)).map((path) => `duplicate field ${JSON.stringify(path)}`);
  if (duplicates.length === 0) return;
  if (fieldValidation === 'Strict') throw badRequest(strictError(duplicates.join(', ')));
  ctx.warnings.push(...duplicates);
}

/** Check apiVersion/kind against the URL's, then decode through the kind's schema. */
/** `text`: the JSON the object was parsed from, whose number literals Go would read as written. */
export function decodeKubeObject(ctx: RequestContext, def: ResourceDefinition, raw: unknown, fieldValidation: FieldValidation, keepEmpty = false, text?: string): KubeObject {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest(`Object 'Kind' is missing in '${JSON.stringify(raw)}'`);
  // apiVersion and kind of other JSON types than strings: the object is unrecognized (400), never defaulted.
  checkTypeMeta(raw, def.kind);
  const body = raw as Record<string, unknown>;
  const expectedVersion = apiVersionOf(def);
  const apiVersion = typeof body['apiVersion'] === 'string' && body['apiVersion'] !== '' ? body['apiVersion'] : expectedVersion;
  const kind = typeof body['kind'] === 'string' && body['kind'] !== '' ? body['kind'] : def.kind;
  if (apiVersion !== expectedVersion)
    throw badRequest(`the API version in the data (${apiVersion}) does not match the expected API version (${expectedVersion})`);
  if (kind !== def.kind)
    throw badRequest(`${kind} in version "${def.version}" cannot be handled as a ${def.kind}: the kind in the data (${kind}) does not match the expected kind (${def.kind})`);
  const { object, warnings } = decodeObject(def.schema, { ...body, apiVersion, kind, metadata: body['metadata'] ?? {} }, { kind: def.kind, version: def.version, fieldValidation, keepEmpty, ...(text === undefined ? {} : { text }) });
  ctx.warnings.push(...warnings);
  const { metadata, ...rest } = object as KubeObject;
  // Type meta, then metadata, then the rest in schema order: the order Go encodes a kind's struct in, and
  // the stored layout the cache relies on to add resourceVersion without serializing again (codec.ts).
  const decoded = { apiVersion, kind, metadata: metadata ?? {}, ...rest } as KubeObject;
  recordRequestObject(ctx, decoded);
  return decoded;
}

/**
 * upstream checkName (handlers/rest.go) with its ContextBasedNaming, before an update or a patch is written: a
 * body without a name, another name, or (when both are set) another namespace than the URL's is a 400.
 */
export function checkName(obj: KubeObject, name: string, namespace: string): void {
  const objectName = obj.metadata.name ?? '';
  if (objectName === '') throw badRequest(`the name of the object (${name} based on URL) was undeterminable: name must be provided`);
  if (objectName !== name) throw badRequest(`the name of the object (${objectName}) does not match the name on the URL (${name})`);
  const objectNamespace = obj.metadata.namespace ?? '';
  if (namespace !== '' && objectNamespace !== '' && objectNamespace !== namespace)
    throw badRequest(`the namespace of the object (${objectNamespace}) does not match the namespace on the URL (${namespace})`);
}

/** 400 when the body names another namespace than the URL (upstream wording). */
export function checkNamespace(def: ResourceDefinition, obj: KubeObject, namespace: string): void {
  if (!def.namespaced) return;
  const bodyNamespace = obj.metadata.namespace;
  if (bodyNamespace && bodyNamespace !== namespace)
    throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
}
