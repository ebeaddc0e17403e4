// Field paths of server-side apply (structured-merge-diff `fieldpath`): one element selects a struct
// field or map key (`f:`), a list item by its key fields (`k:`), a set item by value (`v:`) or an
// atomic list item by index (`i:`). Elements order as upstream orders them, which fixes the order of
// keys in `fieldsV1` and of paths in conflict messages.
import { compareGoStrings } from '../../schema/go-strings.js';
import { goJson } from './go-json.js';

/** One key field of a list-map item: name and (scalar) value. */
export type KeyField = readonly [name: string, value: unknown];

/** One step of a field path. */
export type PathElement =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'key'; readonly fields: readonly KeyField[] }
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'index'; readonly index: number };

/** A field path from the object root. */
export type Path = readonly PathElement[];

/** An unreadable managedFields key or value. */
export class FieldPathError extends Error {
  override readonly name = 'FieldPathError';
}

export const fieldElement = (name: string): PathElement => ({ kind: 'field', name });

/** A list-map item key; fields are sorted by name as upstream keeps them. */
export function keyElement(fields: readonly KeyField[]): PathElement {
  return { kind: 'key', fields: [...fields].sort((a, b) => compareGoStrings(a[0], b[0])) };
}

const RANK = { field: 0, key: 1, value: 2, index: 3 } as const;

/** Upstream PathElement.Compare: fields < keys < values < indexes, then by content. */
export function compareElements(a: PathElement, b: PathElement): number {
  if (a.kind !== b.kind) return RANK[a.kind] - RANK[b.kind];
  switch (a.kind) {
    case 'field':
      return compareGoStrings(a.name, (b as typeof a).name);
    case 'key':
      return compareKeyFields(a.fields, (b as typeof a).fields);
    case 'value':
      return compareValues(a.value, (b as typeof a).value);
    case 'index':
      return a.index - (b as typeof a).index;
  }
}

function compareKeyFields(a: readonly KeyField[], b: readonly KeyField[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [an, av] = a[i] as KeyField;
    const [bn, bv] = b[i] as KeyField;
    const byName = compareGoStrings(an, bn);
    if (byName !== 0) return byName;
    const byValue = compareValues(av, bv);
    if (byValue !== 0) return byValue;
  }
  return a.length - b.length;
}

function valueRank(v: unknown): number {
  if (typeof v === 'number') return 0;
  if (typeof v === 'string') return 1;
  if (typeof v === 'boolean') return 2;
  if (Array.isArray(v)) return 3;
  if (typeof v === 'object' && v !== null) return 4;
  return 5; // null
}

/** Upstream value.Compare: numbers < strings < booleans < lists < maps < null. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = valueRank(a);
  const rb = valueRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return Math.sign((a as number) - (b as number));
  if (ra === 1) return compareGoStrings(a as string, b as string);
  if (ra === 2) return Number(a) - Number(b);
  if (ra === 3) return compareLists(a as unknown[], b as unknown[]);
  if (ra === 4) return compareMaps(a as Record<string, unknown>, b as Record<string, unknown>);
  return 0;
}

function compareLists(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function compareMaps(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const ak = Object.keys(a).sort(compareGoStrings);
  const bk = Object.keys(b).sort(compareGoStrings);
  for (let i = 0; i < Math.min(ak.length, bk.length); i++) {
    const byKey = compareGoStrings(ak[i] as string, bk[i] as string);
    if (byKey !== 0) return byKey;
    const byValue = compareValues(a[ak[i] as string], b[bk[i] as string]);
    if (byValue !== 0) return byValue;
  }
  return ak.length - bk.length;
}

/** The `fieldsV1` key of an element (upstream SerializePathElement): also its identity in a set. */
export function serializeElement(pe: PathElement): string {
  switch (pe.kind) {
    case 'field':
      return `f:${pe.name}`;
    case 'key':
      return keyString(pe.fields);
    case 'value':
      return `v:${goJson(pe.value)}`;
    case 'index':
      return `i:${pe.index}`;
  }
}

/** `k:{"name":value,...}`, one field after another (no array or closure per key: one per list item). */
function keyString(fields: readonly KeyField[]): string {
  let out = 'k:{';
  for (let i = 0; i < fields.length; i++) {
    const [name, value] = fields[i] as KeyField;
    out += `${i > 0 ? ',' : ''}${JSON.stringify(name)}:${goJson(value)}`;
  }
  return `${out}}`;
}

/**
 * Parses a `fieldsV1` key (upstream DeserializePathElement). Undefined for an unknown element type,
 * which upstream skips; throws FieldPathError for a malformed key.
 */
export function deserializeElement(s: string): PathElement | undefined {
  if (s.length < 2) throw new FieldPathError('key must be 2 characters long:');
  if (s[1] !== ':') throw new FieldPathError(`missing colon: ${s}`);
  const body = s.slice(2);
  switch (s[0]) {
    case 'f':
      return fieldElement(body);
    case 'v':
      return { kind: 'value', value: parseJson(body) };
    case 'k': {
      const parsed = parseJson(body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new FieldPathError(`invalid key element: ${s}`);
      return keyElement(Object.entries(parsed));
    }
    case 'i': {
      if (!/^[+-]?\d+$/.test(body)) throw new FieldPathError(`strconv.Atoi: parsing ${JSON.stringify(body)}: invalid syntax`);
      return { kind: 'index', index: Number(body) };
    }
    default:
      return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FieldPathError(`parsing key as path element: ${(error as Error).message}`);
  }
}

/** Upstream value.ToString: Go's %q for strings, %v otherwise. */
function valueString(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(valueString).join(',')}]`;
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}=${valueString(x)}`)
      .join('');
  }
  return String(v);
}

/** Human form of an element, as in conflict messages: `.name`, `[name="x"]`, `[=x]`, `[0]`. */
export function elementString(pe: PathElement): string {
  switch (pe.kind) {
    case 'field':
      return `.${pe.name}`;
    case 'key':
      return `[${pe.fields.map(([name, value]) => `${name}=${valueString(value)}`).join(',')}]`;
    case 'value':
      return `[=${valueString(pe.value)}]`;
    case 'index':
      return `[${pe.index}]`;
  }
}

/** Human form of a path (upstream Path.String): `.spec.containers[name="app"].image`. */
export function pathString(path: Path): string {
  return path.map(elementString).join('');
}
