// Schema defaulting (ARCHITECTURE §2): every `default` in the schema is applied to absent fields,
// recursing into present objects, map values and list items, and into the defaults just set (as
// upstream's structural defaulting does). Used for built-ins and custom resources alike.
import type { TSchema } from '@sinclair/typebox';
import { type SchemaNode, compileSchema } from './compile.js';
import type { JsonSchema } from './schema-utils.js';

/** Applies the schema's defaults to `object` in place and returns it. */
export function applyDefaults<T>(schema: TSchema | JsonSchema, object: T): T {
  const root = compileSchema(schema as JsonSchema);
  const relevant = nodesWithDefaults(root);
  if (relevant.has(root)) defaultNode(root, object, relevant, 0);
  return object;
}

/** True when the schema declares any default anywhere (callers may skip defaulting otherwise). */
export function hasDefaults(schema: TSchema | JsonSchema): boolean {
  const root = compileSchema(schema as JsonSchema);
  return nodesWithDefaults(root).has(root);
}

const MAX_DEPTH = 200;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function defaultNode(node: SchemaNode, value: unknown, relevant: Set<SchemaNode>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (node.kind === 'object' && isPlainObject(value)) {
    for (const [name, field] of node.fields) {
      if (value[name] === undefined && field.defaultValue !== undefined) value[name] = structuredClone(field.defaultValue);
    }
    for (const [name, field] of node.fields) {
      if (value[name] !== undefined && relevant.has(field)) defaultNode(field, value[name], relevant, depth + 1);
    }
  } else if (node.kind === 'map' && isPlainObject(value) && relevant.has(node.values)) {
    for (const key of Object.keys(value)) defaultNode(node.values, value[key], relevant, depth + 1);
  } else if (node.kind === 'array' && Array.isArray(value) && relevant.has(node.items)) {
    for (const item of value) defaultNode(node.items, item, relevant, depth + 1);
  }
}

const relevantCache = new WeakMap<SchemaNode, Set<SchemaNode>>();

/** The nodes under `root` whose subtree holds a default (fixed point, so cycles are handled). */
function nodesWithDefaults(root: SchemaNode): Set<SchemaNode> {
  const cached = relevantCache.get(root);
  if (cached) return cached;
  const all = reachable(root);
  const relevant = new Set<SchemaNode>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const node of all) {
      if (!relevant.has(node) && children(node).some((child) => child.defaultValue !== undefined || relevant.has(child))) {
        relevant.add(node);
        changed = true;
      }
    }
  }
  relevantCache.set(root, relevant);
  return relevant;
}

function children(node: SchemaNode): SchemaNode[] {
  if (node.kind === 'object') return [...node.fields.values()];
  if (node.kind === 'map') return [node.values];
  if (node.kind === 'array') return [node.items];
  return [];
}

function reachable(root: SchemaNode): SchemaNode[] {
  const seen = new Set<SchemaNode>([root]);
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    for (const child of children(node)) {
      if (!seen.has(child)) {
        seen.add(child);
        stack.push(child);
      }
    }
  }
  return [...seen];
}
