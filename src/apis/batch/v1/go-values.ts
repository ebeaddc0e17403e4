// Values batch validation messages embed, as Go's %#v prints them (upstream field.Error falls back to
// %#v for maps, slices and structs without a String method): label maps, label selectors, exit codes.
import { GoLiteral } from '../../../errors/field-errors.js';
import { goQuote, goStringSlice } from '../../../registry/selectors/go-format.js';
import type { LabelSelector } from '../../meta/v1/schemas.generated.js';

/** %#v of a map[string]string: keys sorted, `map[string]string(nil)` for an absent map. */
export function goStringMap(map: Record<string, string> | undefined): string {
  if (map === undefined) return 'map[string]string(nil)';
  const entries = Object.keys(map)
    .sort()
    .map((k) => `${goQuote(k)}:${goQuote(map[k] ?? '')}`);
  return `map[string]string{${entries.join(', ')}}`;
}

/** %#v of a metav1.LabelSelector (field errors dereference the pointer; nil prints `null`). */
export function goLabelSelector(selector: LabelSelector | undefined): GoLiteral | null {
  if (selector === undefined) return null;
  const exprs = selector.matchExpressions;
  const requirements =
    exprs === undefined
      ? '[]v1.LabelSelectorRequirement(nil)'
      : `[]v1.LabelSelectorRequirement{${exprs
          .map((e) => `v1.LabelSelectorRequirement{Key:${goQuote(e.key)}, Operator:${goQuote(e.operator)}, Values:${goStringSlice(e.values ?? [])}}`)
          .join(', ')}}`;
  return new GoLiteral(`v1.LabelSelector{MatchLabels:${goStringMap(selector.matchLabels)}, MatchExpressions:${requirements}}`);
}

/** %#v of a []int32: `[]int32{1, 2}`, `[]int32(nil)` when absent. */
export function goInt32Slice(values: readonly number[] | undefined): GoLiteral {
  return new GoLiteral(values === undefined ? '[]int32(nil)' : `[]int32{${values.join(', ')}}`);
}
