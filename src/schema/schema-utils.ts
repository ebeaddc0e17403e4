// Read-only views over a kind's JSON schema (TypeBox output): `$ref` resolution and the
// `x-kubernetes-*` markers that drive strategic merge patch and server-side apply (ARCHITECTURE §2).
// Everything here is schema-driven: no kind is named.

/** A JSON schema node as TypeBox emits it (symbols aside). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The value as a schema node, or undefined when it is not a JSON object. */
export function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

const indexes = new WeakMap<object, Map<string, JsonSchema>>();

/** Every subschema of `root` that carries an `$id`, by id (computed once per root). */
export function schemaIndex(root: JsonSchema): Map<string, JsonSchema> {
  let index = indexes.get(root);
  if (!index) {
    index = new Map();
    collectIds(root, index, new Set());
    indexes.set(root, index);
  }
  return index;
}

function collectIds(node: unknown, index: Map<string, JsonSchema>, seen: Set<object>): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) collectIds(item, index, seen);
    return;
  }
  const schema = node as JsonSchema;
  const id = schema['$id'];
  if (typeof id === 'string' && !index.has(id)) index.set(id, schema);
  for (const key of Object.keys(schema)) {
    // `default`, `enum` and `const` hold data, not schemas.
    if (key !== 'default' && key !== 'enum' && key !== 'const') collectIds(schema[key], index, seen);
  }
}

/** The definition name a `$ref` points at: `#/definitions/X`, `#/components/schemas/X` or a bare `$id`. */
export function refName(ref: string): string {
  const slash = ref.lastIndexOf('/');
  return slash < 0 ? ref : ref.slice(slash + 1);
}

/** Follows `$ref`s (against the `$id`s found under `root`) until a concrete schema is reached. */
export function deref(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; hops < 32; hops++) {
    const ref = current['$ref'];
    if (typeof ref !== 'string') return current;
    const target = schemaIndex(root).get(refName(ref));
    if (!target) return current;
    current = target;
  }
  return current;
}

/** The schema of field `name` of an object schema (a declared property, else the map value schema). */
export function propertySchema(schema: JsonSchema, name: string, root: JsonSchema = schema): JsonSchema | undefined {
  const resolved = deref(schema, root);
  const declared = asSchema(asSchema(resolved['properties'])?.[name]);
  if (declared) return deref(declared, root);
  return mapValueSchema(resolved, root);
}

/** The value schema of a map (`additionalProperties`), if the schema is one. */
export function mapValueSchema(schema: JsonSchema, root: JsonSchema = schema): JsonSchema | undefined {
  const values = additionalProperties(deref(schema, root));
  return values ? deref(values, root) : undefined;
}

/** A map's value schema as written: `additionalProperties`, or TypeBox's catch-all `patternProperties`. */
export function additionalProperties(schema: JsonSchema): JsonSchema | undefined {
  const declared = asSchema(schema['additionalProperties']);
  if (declared) return declared;
  const patterns = asSchema(schema['patternProperties']);
  const keys = patterns ? Object.keys(patterns) : [];
  return keys.length === 1 && (keys[0] === '^(.*)$' || keys[0] === '^.*$') ? asSchema(patterns?.[keys[0]]) : undefined;
}

/** The item schema of a list. */
export function itemsSchema(schema: JsonSchema, root: JsonSchema = schema): JsonSchema | undefined {
  const items = asSchema(deref(schema, root)['items']);
  return items ? deref(items, root) : undefined;
}

/** The schema at a field path (`['spec', 'containers', 0, 'ports']`); numbers step into list items. */
export function schemaAtPath(root: JsonSchema, path: readonly (string | number)[]): JsonSchema | undefined {
  let current: JsonSchema | undefined = deref(root, root);
  for (const step of path) {
    if (!current) return undefined;
    current = typeof step === 'number' ? itemsSchema(current, root) : propertySchema(current, step, root);
  }
  return current;
}

/** `x-kubernetes-list-type`: how apply merges a list. */
export function listType(schema: JsonSchema): 'atomic' | 'set' | 'map' | undefined {
  const value = schema['x-kubernetes-list-type'];
  return value === 'atomic' || value === 'set' || value === 'map' ? value : undefined;
}

/** `x-kubernetes-list-map-keys`: the fields identifying an item of a `map` list. */
export function listMapKeys(schema: JsonSchema): string[] {
  const value = schema['x-kubernetes-list-map-keys'];
  return Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : [];
}


/** `x-kubernetes-patch-strategy`, split (`merge,retainKeys` -> both). */
export function patchStrategies(schema: JsonSchema): string[] {
  const value = schema['x-kubernetes-patch-strategy'];
  return typeof value === 'string' && value !== '' ? value.split(',') : [];
}

/** `x-kubernetes-patch-merge-key`: the strategic-merge key of a merged list. */
export function patchMergeKey(schema: JsonSchema): string | undefined {
  const value = schema['x-kubernetes-patch-merge-key'];
  return typeof value === 'string' ? value : undefined;
}

/** `x-kubernetes-map-type`: `atomic` maps/structs are replaced whole by apply. */
export function mapType(schema: JsonSchema): 'atomic' | 'granular' | undefined {
  const value = schema['x-kubernetes-map-type'];
  return value === 'atomic' || value === 'granular' ? value : undefined;
}

/** True for `x-kubernetes-int-or-string` fields. */
export function isIntOrString(schema: JsonSchema): boolean {
  return schema['x-kubernetes-int-or-string'] === true;
}

/** True where unknown fields are kept rather than pruned. */
export function preservesUnknownFields(schema: JsonSchema): boolean {
  return schema['x-kubernetes-preserve-unknown-fields'] === true;
}

/** The JSON type a schema declares (`object`, `array`, `string`, ...), if any. */
export function schemaType(schema: JsonSchema): string | undefined {
  const value = schema['type'];
  return typeof value === 'string' ? value : undefined;
}
