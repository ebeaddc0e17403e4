// Go's value formatting where upstream messages embed values (`%q`, `%#v` of a []string): selector
// errors are plain strings, so we render them here exactly as the Go API server would.

const ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  '"': '\\"',
};

const isPrintable = (ch: string): boolean => ch === ' ' || /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(ch);

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** Go's strconv.Quote (`%q` of a string). */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const escaped = ESCAPES[ch];
    const code = ch.codePointAt(0) ?? 0;
    if (escaped !== undefined) out += escaped;
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\ufffd'; // a lone surrogate is not valid UTF-8
    else if (isPrintable(ch)) out += ch;
    else if (code < 0x80) out += `\\x${hex(code, 2)}`;
    else if (code <= 0xffff) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return `${out}"`;
}

/** Go's `%q` of a []string: `["a" "b"]`. */
export function goQuotedList(values: readonly string[]): string {
  return `[${values.map(goQuote).join(' ')}]`;
}

/** Go's `%#v` of a []string: `[]string{"a", "b"}`, and `[]string(nil)` for none (upstream passes nil). */
export function goStringSlice(values: readonly string[]): string {
  return values.length === 0 ? '[]string(nil)' : `[]string{${values.map(goQuote).join(', ')}}`;
}

/** Go's `%#v` of a map[string]string: keys sorted, `map[string]string(nil)` for an absent map. */
export function goStringMap(map: Readonly<Record<string, string>> | undefined | null): string {
  if (!map) return 'map[string]string(nil)';
  const pairs = Object.keys(map)
    .sort()
    .map((key) => `${goQuote(key)}:${goQuote(map[key] ?? '')}`);
  return `map[string]string{${pairs.join(', ')}}`;
}

/** Go's `%#v` of a []string as decoded from JSON: `[]string(nil)` when absent, `[]string{}` when empty. */
function goDecodedStrings(values: readonly string[] | undefined | null): string {
  return values ? `[]string{${values.map(goQuote).join(', ')}}` : '[]string(nil)';
}

/**
 * Go's `%#v` of a meta/v1 LabelSelector value (field errors dereference the pointer): its labels and
 * expressions as decoded from JSON, absent ones `(nil)`.
 */
export function goLabelSelector(selector: {
  matchLabels?: Readonly<Record<string, string>> | null;
  matchExpressions?: readonly { key: string; operator: string; values?: readonly string[] | null }[] | null;
}): string {
  const expressions = selector.matchExpressions;
  const requirement = (r: { key: string; operator: string; values?: readonly string[] | null }): string =>
    `v1.LabelSelectorRequirement{Key:${goQuote(r.key ?? '')}, Operator:${goQuote(r.operator ?? '')}, Values:${goDecodedStrings(r.values)}}`;
  const list = expressions ? `[]v1.LabelSelectorRequirement{${expressions.map(requirement).join(', ')}}` : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${goStringMap(selector.matchLabels)}, MatchExpressions:${list}}`;
}
