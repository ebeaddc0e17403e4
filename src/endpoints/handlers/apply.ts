// PATCH with `application/apply-patch+yaml`: server-side apply (1-conventions "Patch and server-side
// apply"). The body (YAML or JSON) is the configuration the applier owns; it is checked as upstream
// does (version, no managedFields), decoded through the kind's schema like any written object
// (types, unknown fields per fieldValidation), merged into the live object with field ownership,
// and creates the object when it is missing (201).
import { writeContextOf } from '../write-context.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { badRequest, conflict } from '../../errors/status-error.js';
import { applyToObject } from '../../patch/apply/index.js';
import { fieldManagerScope } from '../../registry/store/managed-fields.js';
import { goJsonType } from '../../schema/decode-errors.js';
import { readBody } from '../body.js';
import { parseYamlDocument } from '../../schema/yaml-document.js';
import type { RequestContext } from '../context.js';
import { negotiate } from '../negotiation.js';
import { apiVersionOf, servesProtobuf, withTypeMeta, writeSingle } from '../objects.js';
import { patchTypeErrors, writeParams, type FieldValidation } from '../params.js';
import { boolQuery } from '../../schema/query-parameters.js';
import { decodeKubeObject, checkDuplicateFields } from './decode-body.js';
import { exceedsMaxJsonDepth } from '../../schema/go-json-syntax.js';
import { omitEmptyAsGo } from '../../schema/omit-empty.js';
import type { ResourceScope } from './scope.js';
import { nextWriteStage } from '../../registry/write-stages.js';

/** The apply patch media type. */
export const APPLY_PATCH_TYPE = 'application/apply-patch+yaml';

/** The body as a map; JSON is parsed directly, other text as YAML (upstream yaml.Unmarshal). */
function parseApplyBody(bytes: Buffer): { value: Record<string, unknown>; yaml: boolean } {
  const text = bytes.toString('utf8');
  let parsed: unknown;
  let yaml = false;
  // Nested past Go's limit: refused before any walker meets it (both of upstream's decoders stop there).
  if (exceedsMaxJsonDepth(text)) throw badRequest('error decoding YAML: exceeded max depth');
  try {
    // JSON is YAML to upstream's decoder: its reader's refusals (bytes not UTF-8, control characters) hold for it too.
    if (text.includes('\ufffd') || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) parseYamlDocument(bytes);
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('yaml: ')) throw badRequest(`error decoding YAML: ${error.message}`);
    yaml = true;
    try {
      parsed = text.trim() === '' ? null : parseYamlDocument(bytes);
    } catch (error) {
      throw badRequest(`error decoding YAML: ${(error as Error).message}`);
    }
  }
  if (parsed === null || parsed === undefined) return { value: {}, yaml };
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest(`error decoding YAML: json: cannot unmarshal ${goJsonType(parsed)} into Go value of type map[string]interface {}`);
  }
  return { value: parsed as Record<string, unknown>, yaml };
}

/** Upstream structuredMergeManager.Apply's checks, then the schema decode of other writes. */
function decodeConfiguration(ctx: RequestContext, scope: ResourceScope, body: Record<string, unknown>, fieldValidation: FieldValidation): KubeObject {
  const expected = apiVersionOf(scope.def);
  const version = typeof body['apiVersion'] === 'string' ? body['apiVersion'] : '';
  if (version !== expected) {
    throw badRequest(`Incorrect version specified in apply patch. Specified patch version: ${version}, expected: ${expected}`);
  }
  const metadata = body['metadata'];
  if (typeof metadata === 'object' && metadata !== null && Array.isArray((metadata as Record<string, unknown>)['managedFields'])) {
    throw badRequest('metadata.managedFields must be nil');
  }
  // The configuration keeps its empty maps and lists: structured-merge-diff owns an applied `{}` as a leaf.
  return decodeKubeObject(ctx, scope.def, body, fieldValidation, true);
}

/** Upstream checkName: the applied object must name the URL's object. */
function checkName(obj: KubeObject, name: string, namespace: string, namespaced: boolean): void {
  const objName = obj.metadata.name ?? '';
  if (objName !== name) throw badRequest(`the name of the object (${objName}) does not match the name on the URL (${name})`);
  const objNamespace = obj.metadata.namespace;
  if (namespaced && objNamespace && objNamespace !== namespace) {
    throw badRequest(`the namespace of the object (${objNamespace}) does not match the namespace on the URL (${namespace})`);
  }
}

/** The live object with its type meta, in its stored key order when it has it (no-op applies write nothing). */
function liveWithTypeMeta(scope: ResourceScope, current: KubeObject): KubeObject {
  const hasTypeMeta = current.apiVersion === apiVersionOf(scope.def) && current.kind === scope.def.kind;
  return hasTypeMeta ? current : withTypeMeta(scope.def, current);
}

/** Serves an apply PATCH: 200 with the object, 201 when the apply created it. */
export async function handleApply(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false, protobuf: servesProtobuf(scope.def) });
  const query = ctx.query;
  // Parameters that do not parse are 400s before the options are validated (422), as upstream.
  const force = boolQuery(query, 'force');
  const params = writeParams(query, 'PatchOptions', patchTypeErrors(query, true), scope.features.fieldValidation);
  const manager = params.fieldManager ?? '';
  const bytes = await readBody(ctx.req);
  await nextWriteStage(); // registry/write-stages.ts: parsing, then decoding, each as one batch
  const text = bytes.toString('utf8');
  const body = parseApplyBody(bytes);
  await nextWriteStage();
  const kind = scope.def.kind;
  checkDuplicateFields(ctx, text, body.value, body.yaml, params.fieldValidation, (list) => `${kind} in version "${scope.def.version}" cannot be handled as a ${kind}: strict decoding error: ${list}`);
  const config = decodeConfiguration(ctx, scope, body.value, params.fieldValidation);
  const { def } = scope;
  const name = scope.info.name;
  const subresource = scope.info.subresource ?? '';
  const result = await scope.store.update(
    scope.namespace,
    name,
    (current) => {
      const live = current ? liveWithTypeMeta(scope, current as KubeObject) : undefined;
      const obj = applyToObject(fieldManagerScope(def, subresource, new Date()), live, config, manager, force);
      if (!current && obj.metadata.uid) {
        throw conflict(scope.store.groupResource, name, `uid mismatch: the provided object specified uid ${obj.metadata.uid}, and no existing object was found`);
      }
      checkName(obj, name, scope.namespace, def.namespaced);
      // Stored as Go encodes the typed result: empty values of omitempty fields go (their ownership stays),
      // unset optional fields without omitempty are null.
      omitEmptyAsGo(def.schema, obj);
      return obj;
    },
    { dryRun: params.dryRun, fieldManager: manager, fieldValidation: params.requestedFieldValidation, userAgent: ctx.req.headers['user-agent'], user: ctx.user, subresource, apply: true, warnings: ctx.warnings, ...writeContextOf(ctx) },
  );
  return writeSingle(ctx, result.created ? 201 : 200, def, { object: result.object }, rep);
}
