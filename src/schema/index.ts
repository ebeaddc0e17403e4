// The structural-schema engine (ARCHITECTURE §2): typed decoding with pruning and unknown-field
// detection, defaulting, and the schema markers that strategic merge and server-side apply read.
export { decodeObject, type DecodeOptions, type DecodeResult, type FieldValidation } from './decode.js';
export { applyDefaults, hasDefaults } from './defaults.js';
export { compileSchema, goTypeName, type SchemaNode } from './compile.js';
export { parseGoTime } from './go-time.js';
export { quantityError } from './quantity.js';
export * from './schema-utils.js';
export { K, Obj } from './builder.js';
