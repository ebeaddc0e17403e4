// Server-side apply and field ownership (1-conventions "Patch and server-side apply"): field sets and
// their `fieldsV1` form, the merge types read from a kind's schema, apply's merge, the ownership
// bookkeeping of structured-merge-diff v4, and the field manager that keeps `metadata.managedFields`.
export { applyTypeOf, type ApplyType } from './apply-type.js';
export { applyToObject, trackUpdate, withoutManagedFields, type FieldManagerScope } from './field-manager.js';
export { fieldsV1ToSet, setToFieldsV1 } from './fields-v1.js';
export { emptySet, insertPath, recursiveDifference, setOf, union, type FieldSet } from './field-set.js';
export { fieldElement, pathString, type Path, type PathElement } from './path-element.js';
export { isResetManagedFields } from './managed-fields.js';
export { LAST_APPLIED_ANNOTATION } from './last-applied.js';
export { managerFromUserAgent, managerOrUserAgent } from './user-agent.js';
