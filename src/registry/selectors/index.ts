// Label and field selectors: parsing the `labelSelector` / `fieldSelector` list parameters, matching
// objects against them, and meta/v1 LabelSelector objects from specs. Pure: no storage, no HTTP.
export { parseLabelSelector, everything, nothing, selectorOf } from './label-selector.js';
export type { LabelSelector, LabelOperator, Requirement } from './label-selector.js';
export { labelSelectorFromObject, validateLabelSelector } from './label-selector-object.js';
export type { LabelSelectorObject, LabelSelectorRequirementObject } from './label-selector-object.js';
export {
  parseFieldSelector,
  validateFieldSelector,
  requiresExactMatch,
  singleObjectName,
  escapeFieldValue,
  unescapeFieldValue,
} from './field-selector.js';
export type { FieldSelector, FieldRequirement, FieldOperator, FieldSelectorErrorStyle } from './field-selector.js';
