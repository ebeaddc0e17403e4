// Validation of the access reviews (upstream pkg/apis/authorization/validation, 1.25): exactly one of
// resourceAttributes / nonResourceAttributes, a user or a group for the reviews of another subject, and
// metadata empty (managedFields aside: the field manager fills them before the review is validated; a
// LocalSubjectAccessReview may carry its namespace, which must be the one its resource attributes name).
// The bad values are shown as Go prints them: a missing attributes pointer as "null", a set one or the
// metadata as a Go literal. SelfSubjectRulesReview has nothing to validate.
import { GoLiteral, invalid, type FieldError } from '../../../errors/field-errors.js';
import { goObjectMeta } from '../../meta/v1/go-object-meta.js';
import type { ObjectMeta } from '../../meta/v1/types.js';
import { goQuote } from '../../../registry/selectors/go-format.js';
import type {
  LocalSubjectAccessReview, NonResourceAttributes, SelfSubjectAccessReview, SelfSubjectAccessReviewSpec, SubjectAccessReview, SubjectAccessReviewSpec,
} from './schemas.generated.js';

/** The internal NonResourceAttributes as Go's `%#v` prints it (a nil pointer prints as "null"). */
const goNonResourceAttributes = (attributes: NonResourceAttributes | undefined): unknown =>
  attributes ? new GoLiteral(`authorization.NonResourceAttributes{Path:${goQuote(attributes.path ?? '')}, Verb:${goQuote(attributes.verb ?? '')}}`) : 'null';

/** Exactly one kind of attributes (upstream ValidateSelfSubjectAccessReviewSpec). */
export function validateSelfSubjectAccessReviewSpec(spec: SelfSubjectAccessReviewSpec, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (spec.resourceAttributes && spec.nonResourceAttributes) {
    errors.push(invalid(`${path}.nonResourceAttributes`, goNonResourceAttributes(spec.nonResourceAttributes), 'cannot be specified in combination with resourceAttributes'));
  }
  if (!spec.resourceAttributes && !spec.nonResourceAttributes) {
    errors.push(invalid(`${path}.resourceAttributes`, goNonResourceAttributes(spec.nonResourceAttributes), 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  }
  return errors;
}

/** The attributes, and a subject: a user or at least one group (upstream ValidateSubjectAccessReviewSpec). */
export function validateSubjectAccessReviewSpec(spec: SubjectAccessReviewSpec, path: string): FieldError[] {
  const errors = validateSelfSubjectAccessReviewSpec(spec, path);
  if (!spec.user && !spec.groups?.length) errors.push(invalid(`${path}.user`, spec.user ?? '', 'at least one of user or group must be specified'));
  return errors;
}

/** Whether metadata is empty but for managedFields (and `except` fields). */
function emptyMetadata(meta: ObjectMeta, except: readonly (keyof ObjectMeta)[] = []): boolean {
  return Object.entries(meta).every(([key, value]) => {
    if (key === 'managedFields' || except.includes(key as keyof ObjectMeta)) return true;
    if (value === undefined || value === null || value === '' || value === 0) return true;
    // Semantic equality takes an empty map or list for a nil one.
    if (Array.isArray(value)) return value.length === 0;
    return typeof value === 'object' && Object.keys(value as object).length === 0;
  });
}

export function validateSubjectAccessReview(review: SubjectAccessReview): FieldError[] {
  const errors = validateSubjectAccessReviewSpec(review.spec ?? {}, 'spec');
  if (!emptyMetadata(review.metadata)) errors.push(invalid('metadata', new GoLiteral(goObjectMeta(review.metadata)), 'must be empty'));
  return errors;
}

export function validateSelfSubjectAccessReview(review: SelfSubjectAccessReview): FieldError[] {
  const errors = validateSelfSubjectAccessReviewSpec(review.spec ?? {}, 'spec');
  if (!emptyMetadata(review.metadata)) errors.push(invalid('metadata', new GoLiteral(goObjectMeta(review.metadata)), 'must be empty'));
  return errors;
}

export function validateLocalSubjectAccessReview(review: LocalSubjectAccessReview): FieldError[] {
  const spec = review.spec ?? {};
  const errors = validateSubjectAccessReviewSpec(spec, 'spec');
  const meta = review.metadata;
  if (!emptyMetadata(meta, ['namespace'])) errors.push(invalid('metadata', new GoLiteral(goObjectMeta(meta)), 'must be empty except for namespace'));
  if (spec.resourceAttributes && (spec.resourceAttributes.namespace ?? '') !== (meta.namespace ?? '')) {
    errors.push(invalid('spec.resourceAttributes.namespace', spec.resourceAttributes.namespace ?? '', 'must match metadata.namespace'));
  }
  if (spec.nonResourceAttributes) errors.push(invalid('spec.nonResourceAttributes', goNonResourceAttributes(spec.nonResourceAttributes), 'disallowed on this kind of request'));
  return errors;
}
