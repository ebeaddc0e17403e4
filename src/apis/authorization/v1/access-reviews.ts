// The access reviews of authorization.k8s.io/v1 (spec 2-access-control "Access and identity reviews"):
// SubjectAccessReview, LocalSubjectAccessReview (namespaced), SelfSubjectAccessReview and
// SelfSubjectRulesReview. Create only, never stored: the server's authorizer (or rule resolver) answers
// the review (upstream pkg/registry/authorization/*). The server provides the stores
// (authorization/access-reviews/), since only it holds the authorizer.
import type { TSchema } from '@sinclair/typebox';
import { kindIdentity, type ResourceDefinition } from '../../../registry/resource-definition.js';
import {
  LocalSubjectAccessReviewSchema, SelfSubjectAccessReviewSchema, SelfSubjectRulesReviewSchema, SubjectAccessReviewSchema,
  type LocalSubjectAccessReview, type SelfSubjectAccessReview, type SelfSubjectRulesReview, type SubjectAccessReview,
} from './schemas.generated.js';

export type { LocalSubjectAccessReview, SelfSubjectAccessReview, SelfSubjectRulesReview, SubjectAccessReview };

function reviewDefinition(kind: string, schema: TSchema, namespaced = false): ResourceDefinition {
  return {
    ...kindIdentity('authorization.k8s.io', 'v1', kind, namespaced, 'io.k8s.api.authorization.v1'),
    schema,
    verbs: ['create'],
    computed: true,
    strategy: {},
  };
}

export const subjectAccessReviewDefinition = reviewDefinition('SubjectAccessReview', SubjectAccessReviewSchema);
export const localSubjectAccessReviewDefinition = reviewDefinition('LocalSubjectAccessReview', LocalSubjectAccessReviewSchema, true);
export const selfSubjectAccessReviewDefinition = reviewDefinition('SelfSubjectAccessReview', SelfSubjectAccessReviewSchema);
export const selfSubjectRulesReviewDefinition = reviewDefinition('SelfSubjectRulesReview', SelfSubjectRulesReviewSchema);

/** The four, in the order upstream's discovery lists them. */
export const accessReviewDefinitions: readonly ResourceDefinition[] = [
  localSubjectAccessReviewDefinition,
  selfSubjectAccessReviewDefinition,
  selfSubjectRulesReviewDefinition,
  subjectAccessReviewDefinition,
];
