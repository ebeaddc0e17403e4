// OpenAPI v2 and v3 documents derived from the served resource definitions (ARCHITECTURE §2):
// kubectl explain, client-side field-validation support checks and strategic-merge metadata.
// The router serves /openapi/v2 through `serveOpenApiV2` (JSON or protobuf, as kube-openapi's handler), and
// for v3 the index at /openapi/v3 and each `documents.get(key).json` at /openapi/v3/<key>.
export { buildOpenApiV2 } from './v2.js';
export { encodeOpenApiV2Protobuf } from './v2-protobuf.js';
export { negotiateOpenApiV2, type OpenApiV2Form } from './v2-negotiation.js';
export { buildOpenApiV3, type OpenApiV3Document, type OpenApiV3Set } from './v3.js';
export { servedOpenApiV2, servedOpenApiV3, type ServedOpenApiV2 } from './cache.js';
export { serveOpenApiV2 } from './serve-v2.js';
export { openApiHash } from './hash.js';
export type { OpenApiModel, OpenApiOptions } from './model.js';
export { builtInsSupportStrategicMerge, type StrategicMergeSupport } from './operations.js';
export { groupVersionDocumentKey } from './naming.js';
