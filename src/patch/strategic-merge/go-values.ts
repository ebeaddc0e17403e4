// How upstream's Go code sees decoded JSON (`map[string]interface{}` trees): the dynamic type of a
// value (reflect.TypeOf comparisons decide between merging and replacing), interface equality
// (merge keys, list membership), and own-property access that never touches Object.prototype.

/** A JSON object as the merge engine handles it. */
export type JsonMap = Record<string, unknown>;

/** The Go dynamic type of a decoded JSON value (integral numbers decode as int64 upstream). */
export type GoKind = 'map' | 'slice' | 'string' | 'int64' | 'float64' | 'bool' | 'nil';

/** The Go dynamic type of `value`. */
export function goKind(value: unknown): GoKind {
  if (value === null || value === undefined) return 'nil';
  if (Array.isArray(value)) return 'slice';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isSafeInteger(value) ? 'int64' : 'float64';
    default:
      return 'map';
  }
}

/** True for a JSON object (Go `map[string]interface{}`). */
export function isJsonMap(value: unknown): value is JsonMap {
  return goKind(value) === 'map';
}

/** reflect.TypeOf(value) as `%s` prints it in upstream's error messages. */
export function goTypeName(value: unknown): string {
  switch (goKind(value)) {
    case 'map':
      return 'map[string]interface {}';
    case 'slice':
      return '[]interface {}';
    case 'nil':
      return '%!s(<nil>)';
    default:
      return goKind(value);
  }
}

/** Go's `==` on two interface values holding JSON scalars (same dynamic type and value). */
export function goEqual(a: unknown, b: unknown): boolean {
  const kind = goKind(a);
  if (kind !== goKind(b)) return false;
  return kind === 'nil' || a === b;
}

/** A key identifying a scalar by Go type and value, for sets of list items. */
export function scalarKey(value: unknown): string {
  return `${goKind(value)}:${String(value)}`;
}

/** `m[key]` for own members only (a `__proto__` member is data, not the prototype). */
export function getOwn(m: JsonMap, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(m, key) ? m[key] : undefined;
}

/** Whether `m` has member `key` (Go's `_, ok := m[key]`). */
export function hasOwn(m: JsonMap, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(m, key);
}

/** `m[key] = value`, defining the member even for `__proto__`. */
export function setOwn(m: JsonMap, key: string, value: unknown): void {
  Object.defineProperty(m, key, { value, writable: true, enumerable: true, configurable: true });
}
