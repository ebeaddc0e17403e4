// Upstream's apiequality.Semantic.DeepEqual over decoded JSON: Go zero values ('' / 0 / false / null)
// equal an absent field, and an empty list equals an absent one; objects (pointers to structs) stay
// distinct from absent ones.

function canonical(value: unknown): unknown {
  if (value === null || value === undefined || value === '' || value === 0 || value === false) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map((v) => canonical(v) ?? null);
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = canonical((value as Record<string, unknown>)[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** Whether two decoded values are equal as Go values of the same type. */
export function semanticEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
