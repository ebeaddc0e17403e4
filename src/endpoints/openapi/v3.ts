// The OpenAPI v3 documents: one per group-version (and for `api`, `apis`, `apis/<group>`, `version`),
// each with the paths of that document and only the schemas they reach; plus the `/openapi/v3`
// index pointing at each with `?hash=` (clients cache hashed URLs as immutable).
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { openApiHash } from './hash.js';
import { type OpenApiOptions, buildModel } from './model.js';
import { renderPath } from './render-paths.js';
import { type DefinitionSet, type Json, type JsonObject, sortKeys } from './schema-emit.js';

/** One served v3 document with its serialized form and hash. */
export interface OpenApiV3Document {
  document: JsonObject;
  json: string;
  hash: string;
}

/** Everything `/openapi/v3` serves. */
export interface OpenApiV3Set {
  /** Body of `/openapi/v3`: `{paths: {"api/v1": {serverRelativeURL: "/openapi/v3/api/v1?hash=..."}}}`. */
  index: { paths: Record<string, { serverRelativeURL: string }> };
  /** Documents by key (`api/v1`, `apis/events.k8s.io/v1`, ...), served at `/openapi/v3/<key>`. */
  documents: Map<string, OpenApiV3Document>;
}

const SECURITY_SCHEMES: JsonObject = { BearerToken: { in: 'header', name: 'authorization', type: 'apiKey' } };

/** Builds every v3 document and the index. */
export function buildOpenApiV3(defs: readonly ResourceDefinition[], options: OpenApiOptions): OpenApiV3Set {
  const model = buildModel(defs, 'v3', options);
  const documents = new Map<string, OpenApiV3Document>();
  const index: OpenApiV3Set['index'] = { paths: {} };
  for (const key of [...model.documents.keys()].sort()) {
    const paths: JsonObject = {};
    for (const item of model.documents.get(key) ?? []) paths[item.path] = renderPath(item, model.definitions);
    const document: JsonObject = {
      openapi: '3.0.0',
      info: { title: 'Kubernetes', version: options.version },
      paths: sortKeys(paths),
      components: { schemas: sortKeys(reachableSchemas(paths, model.definitions)), securitySchemes: SECURITY_SCHEMES },
      security: [{ BearerToken: [] }],
    };
    const json = JSON.stringify(document);
    const hash = openApiHash(json);
    documents.set(key, { document, json, hash });
    index.paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${hash}` };
  }
  return { index, documents };
}

const SCHEMA_PREFIX = '#/components/schemas/';

/** The schemas referenced from `root`, transitively. */
function reachableSchemas(root: Json, definitions: DefinitionSet): JsonObject {
  const out: JsonObject = {};
  const pending: Json[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const ref = node['$ref'];
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_PREFIX)) {
      const name = ref.slice(SCHEMA_PREFIX.length);
      const definition = definitions.definitions.get(name);
      if (definition && !(name in out)) {
        out[name] = definition;
        pending.push(definition);
      }
    }
    for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) pending.push(value);
  }
  return out;
}
