// The diff some immutability errors append (upstream: go-cmp's Diff of internal Go structs, a format
// go-cmp deliberately varies between runs). We print the changed fields, old `-` then new `+`, with
// values as canonical JSON, inside the Go type's name.

/** JSON with object keys sorted and undefined members left out, so equal values print equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const goFieldName = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1);

/** undefined when every field of the two records prints the same; otherwise the diff text. */
export function structDiff(typeName: string, before: Record<string, unknown>, after: Record<string, unknown>): string | undefined {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const lines: string[] = [];
  for (const key of keys) {
    const a = canonicalJson(before[key]);
    const b = canonicalJson(after[key]);
    if (a === b) continue;
    lines.push(`- \t${goFieldName(key)}: ${a},`, `+ \t${goFieldName(key)}: ${b},`);
  }
  return lines.length === 0 ? undefined : [`  ${typeName}{`, ...lines, '  }', ''].join('\n');
}
