// Values batch validation messages embed, as Go's %#v prints them (upstream field.Error falls back to
// %#v for maps, slices and structs without a String method): label maps, label selectors, exit codes.
import { GoLiteral } from '../../../errors/field-errors.js';
import { goLabelSelector as goSelectorText, goStringMap } from '../../../registry/selectors/go-format.js';
import type { LabelSelector } from '../../meta/v1/schemas.generated.js';

export { goStringMap };

/** %#v of a metav1.LabelSelector (field errors dereference the pointer; nil prints `null`). */
export function goLabelSelector(selector: LabelSelector | undefined): GoLiteral | null {
  return selector === undefined ? null : new GoLiteral(goSelectorText(selector));
}

/** %#v of a []int32: `[]int32{1, 2}`, `[]int32(nil)` when absent. */
export function goInt32Slice(values: readonly number[] | undefined): GoLiteral {
  return new GoLiteral(values === undefined ? '[]int32(nil)' : `[]int32{${values.join(', ')}}`);
}
