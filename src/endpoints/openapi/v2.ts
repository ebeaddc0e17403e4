// The OpenAPI v2 document served at `/openapi/v2` (JSON only): every definition and every path.
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { type OpenApiOptions, buildModel } from './model.js';
import { renderPath } from './render-paths.js';
import { type JsonObject, sortKeys } from './schema-emit.js';

const SECURITY_DEFINITIONS: JsonObject = { BearerToken: { in: 'header', name: 'authorization', type: 'apiKey' } };

/** Builds the v2 (Swagger 2.0) document for the served resources. */
export function buildOpenApiV2(defs: readonly ResourceDefinition[], options: OpenApiOptions): JsonObject {
  const model = buildModel(defs, 'v2', options);
  const paths: JsonObject = {};
  for (const items of model.documents.values()) {
    for (const item of items) paths[item.path] = renderPath(item, model.definitions);
  }
  const definitions: JsonObject = Object.fromEntries(model.definitions.definitions);
  return {
    swagger: '2.0',
    info: { title: 'Kubernetes', version: options.version },
    paths: sortKeys(paths),
    definitions: sortKeys(definitions),
    securityDefinitions: SECURITY_DEFINITIONS,
    security: [{ BearerToken: [] }],
  };
}
