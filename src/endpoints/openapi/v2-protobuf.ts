// The OpenAPI v2 document in protobuf: gnostic's `openapi.v2.Document`, which kube-apiserver serves at
// /openapi/v2 for `Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf` (kubectl 1.20–1.26
// read it for explain, client-side validation and apply). Field numbers are gnostic's OpenAPIv2.proto
// (read from the descriptor embedded in kubectl). Vendor extensions, enums and defaults travel as
// `Any { yaml }`, the YAML text of the value, as gnostic's compiler stores them.
import { ProtoWriter, WireType } from '../../schema/protobuf/wire.js';
import type { Json, JsonObject } from './schema-emit.js';
import { yamlLibrary } from '../../schema/yaml-library.js';

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: Json | undefined): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Writes `build`'s fields as the embedded message `field`. */
function message(w: ProtoWriter, field: number, build: (w: ProtoWriter) => void): void {
  const start = w.beginMessage(field);
  build(w);
  w.endMessage(start);
}

function string(w: ProtoWriter, field: number, value: Json | undefined): void {
  if (typeof value === 'string') w.tag(field, WireType.LengthDelimited).string(value);
}

function bool(w: ProtoWriter, field: number, value: Json | undefined): void {
  if (typeof value === 'boolean') w.tag(field, WireType.Varint).bool(value);
}

function repeatedStrings(w: ProtoWriter, field: number, value: Json | undefined): void {
  for (const item of strings(value)) w.tag(field, WireType.LengthDelimited).string(item);
}

/** `Any { yaml = 2 }`: a value as gnostic keeps extensions, defaults and enums. */
function anyMessage(w: ProtoWriter, field: number, value: Json): void {
  message(w, field, (m) => m.tag(2, WireType.LengthDelimited).string(yamlLibrary().stringify(value)));
}

/** `NamedAny { name = 1; value = 2 }` for each `x-` key of `object`. */
function vendorExtensions(w: ProtoWriter, field: number, object: JsonObject): void {
  for (const [key, value] of Object.entries(object)) {
    if (!key.startsWith('x-')) continue;
    message(w, field, (m) => {
      string(m, 1, key);
      anyMessage(m, 2, value);
    });
  }
}

/** `Schema`: $ref 1, format 2, description 4, required 19, enum 20, additionalProperties 21, type 22, items 23, allOf 24, properties 25, extensions 31. */
function schema(w: ProtoWriter, s: JsonObject): void {
  string(w, 1, s['$ref']);
  string(w, 2, s['format']);
  string(w, 4, s['description']);
  if (s['default'] !== undefined) anyMessage(w, 5, s['default']);
  repeatedStrings(w, 19, s['required']);
  for (const value of Array.isArray(s['enum']) ? s['enum'] : []) anyMessage(w, 20, value);
  const additional = s['additionalProperties'];
  if (isObject(additional)) message(w, 21, (m) => message(m, 1, (inner) => schema(inner, additional)));
  else if (typeof additional === 'boolean') message(w, 21, (m) => bool(m, 2, additional));
  if (typeof s['type'] === 'string') message(w, 22, (m) => string(m, 1, s['type']));
  const items = s['items'];
  if (isObject(items)) message(w, 23, (m) => message(m, 1, (inner) => schema(inner, items)));
  for (const part of Array.isArray(s['allOf']) ? s['allOf'] : []) if (isObject(part)) message(w, 24, (m) => schema(m, part));
  const properties = s['properties'];
  if (isObject(properties)) message(w, 25, (m) => namedSchemas(m, properties));
  vendorExtensions(w, 31, s);
}

/** Repeated `NamedSchema { name = 1; value = 2 }` as field 1 (Definitions, Properties). */
function namedSchemas(w: ProtoWriter, schemas: JsonObject): void {
  for (const [name, value] of Object.entries(schemas)) {
    if (!isObject(value)) continue;
    message(w, 1, (m) => {
      string(m, 1, name);
      message(m, 2, (inner) => schema(inner, value));
    });
  }
}

/** A non-body parameter's sub-schema by `in`: the message's number in NonBodyParameter and its field numbers. */
const SUB_SCHEMAS: Record<string, { field: number; numbers: Record<string, number> }> = {
  header: { field: 1, numbers: { required: 1, in: 2, description: 3, name: 4, type: 5, format: 6, uniqueItems: 19, extensions: 22 } },
  formData: { field: 2, numbers: { required: 1, in: 2, description: 3, name: 4, type: 6, format: 7, uniqueItems: 20, extensions: 23 } },
  query: { field: 3, numbers: { required: 1, in: 2, description: 3, name: 4, type: 6, format: 7, uniqueItems: 20, extensions: 23 } },
  path: { field: 4, numbers: { required: 1, in: 2, description: 3, name: 4, type: 5, format: 6, uniqueItems: 19, extensions: 22 } },
};

/** `ParametersItem { parameter = 1 { body_parameter = 1 | non_body_parameter = 2 } | json_reference = 2 }`. */
function parameter(w: ProtoWriter, p: JsonObject): void {
  if (typeof p['$ref'] === 'string') {
    message(w, 2, (m) => string(m, 1, p['$ref']));
    return;
  }
  message(w, 1, (param) => {
    if (p['in'] === 'body') {
      message(param, 1, (m) => {
        string(m, 1, p['description']);
        string(m, 2, p['name']);
        string(m, 3, p['in']);
        bool(m, 4, p['required']);
        if (isObject(p['schema'])) message(m, 5, (inner) => schema(inner, p['schema'] as JsonObject));
        vendorExtensions(m, 6, p);
      });
      return;
    }
    const sub = SUB_SCHEMAS[String(p['in'])];
    if (!sub) return;
    const n = sub.numbers;
    message(param, 2, (nonBody) =>
      message(nonBody, sub.field, (m) => {
        bool(m, n['required']!, p['required']);
        string(m, n['in']!, p['in']);
        string(m, n['description']!, p['description']);
        string(m, n['name']!, p['name']);
        string(m, n['type']!, p['type']);
        string(m, n['format']!, p['format']);
        bool(m, n['uniqueItems']!, p['uniqueItems']);
        vendorExtensions(m, n['extensions']!, p);
      }),
    );
  });
}

/** `Responses { response_code = 1 (NamedResponseValue { name, value { response = 1 } }) }`. */
function responses(w: ProtoWriter, all: JsonObject): void {
  for (const [code, value] of Object.entries(all)) {
    if (!isObject(value)) continue;
    message(w, 1, (named) => {
      string(named, 1, code);
      message(named, 2, (rv) =>
        message(rv, 1, (r) => {
          string(r, 1, value['description']);
          if (isObject(value['schema'])) message(r, 2, (item) => message(item, 1, (s) => schema(s, value['schema'] as JsonObject)));
          vendorExtensions(r, 5, value);
        }),
      );
    });
  }
}

/** `Operation`: tags 1, description 3, operationId 5, produces 6, consumes 7, parameters 8, responses 9, schemes 10, extensions 13. */
function operation(w: ProtoWriter, op: JsonObject): void {
  repeatedStrings(w, 1, op['tags']);
  string(w, 3, op['description']);
  string(w, 5, op['operationId']);
  repeatedStrings(w, 6, op['produces']);
  repeatedStrings(w, 7, op['consumes']);
  for (const p of Array.isArray(op['parameters']) ? op['parameters'] : []) if (isObject(p)) message(w, 8, (m) => parameter(m, p));
  if (isObject(op['responses'])) message(w, 9, (m) => responses(m, op['responses'] as JsonObject));
  repeatedStrings(w, 10, op['schemes']);
  vendorExtensions(w, 13, op);
}

const METHODS: Record<string, number> = { get: 2, put: 3, post: 4, delete: 5, options: 6, head: 7, patch: 8 };

/** `PathItem`: the operations by method, shared parameters 9, extensions 10. */
function pathItem(w: ProtoWriter, item: JsonObject): void {
  for (const [method, field] of Object.entries(METHODS)) {
    const op = item[method];
    if (isObject(op)) message(w, field, (m) => operation(m, op));
  }
  for (const p of Array.isArray(item['parameters']) ? item['parameters'] : []) if (isObject(p)) message(w, 9, (m) => parameter(m, p));
  vendorExtensions(w, 10, item);
}

/** The whole document as an `openapi.v2.Document` message (no envelope: kube-openapi writes the bare message). */
export function encodeOpenApiV2Protobuf(doc: JsonObject): Uint8Array {
  const w = new ProtoWriter();
  string(w, 1, doc['swagger']);
  const info = doc['info'];
  if (isObject(info)) message(w, 2, (m) => {
    string(m, 1, info['title']);
    string(m, 2, info['version']);
  });
  const paths = doc['paths'];
  if (isObject(paths)) message(w, 8, (m) => {
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      message(m, 2, (named) => {
        string(named, 1, path);
        message(named, 2, (inner) => pathItem(inner, item));
      });
    }
  });
  const definitions = doc['definitions'];
  if (isObject(definitions)) message(w, 9, (m) => namedSchemas(m, definitions));
  for (const requirement of Array.isArray(doc['security']) ? doc['security'] : []) {
    if (!isObject(requirement)) continue;
    message(w, 12, (m) => {
      for (const [name, scopes] of Object.entries(requirement)) message(m, 1, (named) => {
        string(named, 1, name);
        message(named, 2, (array) => repeatedStrings(array, 1, scopes));
      });
    });
  }
  const security = doc['securityDefinitions'];
  if (isObject(security)) message(w, 13, (m) => {
    for (const [name, value] of Object.entries(security)) {
      if (!isObject(value) || value['type'] !== 'apiKey') continue;
      message(m, 1, (named) => {
        string(named, 1, name);
        message(named, 2, (item) => message(item, 2, (key) => {
          string(key, 1, value['type']);
          string(key, 2, value['name']);
          string(key, 3, value['in']);
          string(key, 4, value['description']);
        }));
      });
    }
  });
  return w.finish();
}
