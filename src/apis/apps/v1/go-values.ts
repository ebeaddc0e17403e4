// The values apps validation reports, as upstream's field errors print them: Go's %#v of the internal
// apps types (`map[string]string{"app":"web"}`, `v1.LabelSelector{...}`, `intstr.IntOrString{...}`).
// Clients show these texts to users, so they are upstream's byte for byte.
import { GoLiteral } from '../../../errors/field-errors.js';
import type { LabelSelector, LabelSelectorRequirement } from '../../meta/v1/schemas.generated.js';

const quote = (s: string): string => JSON.stringify(s);

/** %#v of a map[string]string: keys sorted, `(nil)` when absent. */
export function goStringMap(map: Record<string, string> | undefined | null): string {
  if (!map) return 'map[string]string(nil)';
  const pairs = Object.keys(map)
    .sort()
    .map((key) => `${quote(key)}:${quote(map[key] ?? '')}`);
  return `map[string]string{${pairs.join(', ')}}`;
}

/** %#v of a []string. */
function goStrings(values: readonly string[] | undefined | null): string {
  return values ? `[]string{${values.map(quote).join(', ')}}` : '[]string(nil)';
}

function goRequirement(r: LabelSelectorRequirement): string {
  return `v1.LabelSelectorRequirement{Key:${quote(r.key ?? '')}, Operator:${quote(r.operator ?? '')}, Values:${goStrings(r.values)}}`;
}

/** %#v of a meta/v1 LabelSelector (a pointer's target, as field errors dereference it). */
export function goLabelSelector(selector: LabelSelector | undefined | null): GoLiteral {
  if (!selector) return new GoLiteral('null');
  const expressions = selector.matchExpressions;
  const list = expressions ? `[]v1.LabelSelectorRequirement{${expressions.map(goRequirement).join(', ')}}` : '[]v1.LabelSelectorRequirement(nil)';
  return new GoLiteral(`v1.LabelSelector{MatchLabels:${goStringMap(selector.matchLabels)}, MatchExpressions:${list}}`);
}

/** %#v of an intstr.IntOrString (Type 0 for an integer, 1 for a string). */
export function goIntOrString(value: number | string | undefined): string {
  if (typeof value === 'string') return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${quote(value)}}`;
  return `intstr.IntOrString{Type:0, IntVal:${value ?? 0}, StrVal:""}`;
}

/** %#v of a pointer field inside a struct: `(*T)(nil)`, or an address Go would print (never the same twice). */
export function goPointer(type: string, value: unknown): string {
  return value === undefined || value === null ? `(*${type})(nil)` : `(*${type})(0xc000000000)`;
}

/** %#v of a strategy struct `{Type:"...", RollingUpdate:(*T)(...)}` of the internal apps types. */
export function goStrategy(struct: string, rollingType: string, strategy: { type?: string; rollingUpdate?: unknown } | undefined): GoLiteral {
  return new GoLiteral(`apps.${struct}{Type:${quote(strategy?.type ?? '')}, RollingUpdate:${goPointer(`apps.${rollingType}`, strategy?.rollingUpdate)}}`);
}
