// Built-once OpenAPI documents: each set of served definitions (an array, replaced as a whole when
// the served set changes, e.g. a CRD is added) maps to its documents, serialized once.
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { openApiHash } from './hash.js';
import type { OpenApiOptions } from './model.js';
import type { JsonObject } from './schema-emit.js';
import { buildOpenApiV2 } from './v2.js';
import { encodeOpenApiV2Protobuf } from './v2-protobuf.js';
import { type OpenApiV3Set, buildOpenApiV3 } from './v3.js';

/** The served v2 document: its JSON and ETag (upper-case SHA-512 hex, as upstream). */
export interface ServedOpenApiV2 {
  document: JsonObject;
  json: string;
  /** The JSON's UTF-8 bytes, as served. */
  jsonBytes: Buffer;
  etag: string;
  /** When this document was built: its Last-Modified (upstream's is the time of its last UpdateSpec). */
  lastModified: Date;
  /** The protobuf form (gnostic's openapi.v2.Document) and its ETag, encoded on first use. */
  protobuf(): { bytes: Buffer; etag: string };
}

const v2Cache = new WeakMap<readonly ResourceDefinition[], Map<string, ServedOpenApiV2>>();
const v3Cache = new WeakMap<readonly ResourceDefinition[], Map<string, OpenApiV3Set>>();

function cached<T>(cache: WeakMap<readonly ResourceDefinition[], Map<string, T>>, defs: readonly ResourceDefinition[], key: string, build: () => T): T {
  let perDefs = cache.get(defs);
  if (!perDefs) {
    perDefs = new Map();
    cache.set(defs, perDefs);
  }
  let value = perDefs.get(key);
  if (value === undefined) {
    value = build();
    perDefs.set(key, value);
  }
  return value;
}

/** What tells documents of the same definitions apart: the version and the options that change paths. */
const cacheKey = (options: OpenApiOptions): string => (options.applyPatch === false ? `${options.version} without apply` : options.version);

/** The v2 document for `defs`, built and serialized on first use. */
export function servedOpenApiV2(defs: readonly ResourceDefinition[], options: OpenApiOptions): ServedOpenApiV2 {
  return cached(v2Cache, defs, cacheKey(options), () => {
    const document = buildOpenApiV2(defs, options);
    const json = JSON.stringify(document);
    let protobuf: { bytes: Buffer; etag: string } | undefined;
    return {
      document,
      json,
      jsonBytes: Buffer.from(json),
      etag: openApiHash(json),
      lastModified: new Date(),
      protobuf: () => {
        if (!protobuf) {
          const encoded = encodeOpenApiV2Protobuf(document);
          const bytes = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
          protobuf = { bytes, etag: openApiHash(bytes) };
        }
        return protobuf;
      },
    };
  });
}

/** The v3 documents and index for `defs`, built and serialized on first use. */
export function servedOpenApiV3(defs: readonly ResourceDefinition[], options: OpenApiOptions): OpenApiV3Set {
  return cached(v3Cache, defs, cacheKey(options), () => buildOpenApiV3(defs, options));
}
