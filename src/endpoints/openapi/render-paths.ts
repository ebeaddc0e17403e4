// Renders the neutral path items (operations.ts) as OpenAPI v2 or v3 path objects. Parameters
// shared by every operation of a path move to the path level, as upstream's documents have them;
// parameters are sorted by name.
import type { Operation, Parameter, PathItem } from './operations.js';
import type { DefinitionSet, JsonObject } from './schema-emit.js';

const RESPONSE_TEXT: Readonly<Record<string, string>> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '401': 'Unauthorized' };

const key = (p: Parameter): string => `${p.in}:${p.name}`;
const byName = (a: Parameter, b: Parameter): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Parameters every operation of the path takes. */
function commonParameters(operations: readonly Operation[]): Parameter[] {
  const [first, ...rest] = operations;
  if (!first) return [];
  return first.parameters.filter((p) => rest.every((op) => op.parameters.some((q) => key(q) === key(p))));
}

/** The OpenAPI path object of one path item. */
export function renderPath(item: PathItem, definitions: DefinitionSet): JsonObject {
  const v2 = definitions.flavor === 'v2';
  const common = commonParameters(item.operations);
  const commonKeys = new Set(common.map(key));
  const out: JsonObject = {};
  if (common.length > 0) out['parameters'] = [...common].sort(byName).map((p) => renderParameter(p, v2));
  for (const op of item.operations) {
    const own = op.parameters.filter((p) => !commonKeys.has(key(p))).sort(byName);
    out[op.method] = v2 ? renderOperationV2(op, own, definitions) : renderOperationV3(op, own, definitions);
  }
  return out;
}

function renderParameter(p: Parameter, v2: boolean): JsonObject {
  const out: JsonObject = { in: p.in, name: p.name };
  if (p.required) out['required'] = true;
  if (v2) return { ...out, type: p.type, uniqueItems: true };
  return { ...out, schema: { type: p.type, uniqueItems: true } };
}

function extensions(op: Operation): JsonObject {
  const out: JsonObject = {};
  if (op.action) out['x-kubernetes-action'] = op.action;
  if (op.gvk) out['x-kubernetes-group-version-kind'] = { group: op.gvk.group, kind: op.gvk.kind, version: op.gvk.version };
  return out;
}

function renderOperationV2(op: Operation, own: Parameter[], definitions: DefinitionSet): JsonObject {
  const parameters = own.map((p) => renderParameter(p, true));
  if (op.body) {
    const body: JsonObject = { in: 'body', name: 'body', schema: definitions.ref(op.body.definition) };
    if (op.body.required) body['required'] = true;
    parameters.unshift(body);
  }
  const responses: JsonObject = {};
  for (const response of op.responses) {
    const rendered: JsonObject = { description: RESPONSE_TEXT[response.code] ?? '' };
    if (response.definition) rendered['schema'] = definitions.ref(response.definition);
    responses[response.code] = rendered;
  }
  const out: JsonObject = { consumes: op.consumes, operationId: op.operationId, produces: op.produces, responses, schemes: ['https'], tags: [op.tag] };
  if (parameters.length > 0) out['parameters'] = parameters;
  return { ...out, ...extensions(op) };
}

function renderOperationV3(op: Operation, own: Parameter[], definitions: DefinitionSet): JsonObject {
  const responses: JsonObject = {};
  for (const response of op.responses) {
    const rendered: JsonObject = { description: RESPONSE_TEXT[response.code] ?? '' };
    if (response.definition) rendered['content'] = mediaMap(op.produces, definitions.ref(response.definition));
    responses[response.code] = rendered;
  }
  const out: JsonObject = { operationId: op.operationId, responses, tags: [op.tag] };
  if (own.length > 0) out['parameters'] = own.map((p) => renderParameter(p, false));
  if (op.body) {
    const types = op.body.patchTypes ?? ['*/*'];
    const body: JsonObject = { content: mediaMap(types, definitions.ref(op.body.definition)) };
    if (op.body.required) body['required'] = true;
    out['requestBody'] = body;
  }
  return { ...out, ...extensions(op) };
}

function mediaMap(types: readonly string[], schema: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const type of types) out[type] = { schema };
  return out;
}
