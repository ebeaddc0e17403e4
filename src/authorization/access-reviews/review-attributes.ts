// What an access review asks, as authorizer attributes, and the authorizer's answer as the review's
// status (upstream pkg/registry/authorization/util and the reviews' REST Create, 1.25).
import type { ResourceRule, NonResourceRule, NonResourceAttributes, ResourceAttributes, SubjectAccessReviewSpec, SubjectAccessReviewStatus, SubjectRulesReviewStatus } from '../../apis/authorization/v1/schemas.generated.js';
import type { UserInfo } from '../../auth/user-info.js';
import type { AuthorizationAttributes, AuthorizationResult, RulesResult } from '../authorizer.js';
import { nonResourceAttributes } from '../attributes.js';

/** A resource check for `user`; an empty version matches every version (`*`). */
export function resourceAttributesFrom(user: UserInfo, attributes: ResourceAttributes): AuthorizationAttributes {
  return {
    user,
    verb: attributes.verb ?? '',
    isResourceRequest: true,
    path: '',
    namespace: attributes.namespace ?? '',
    apiGroup: attributes.group ?? '',
    apiVersion: attributes.version || '*',
    resource: attributes.resource ?? '',
    subresource: attributes.subresource ?? '',
    name: attributes.name ?? '',
  };
}

export const nonResourceAttributesFrom = (user: UserInfo, attributes: NonResourceAttributes): AuthorizationAttributes =>
  nonResourceAttributes(user, attributes.verb ?? '', attributes.path ?? '');

/** The attributes of a validated spec: exactly one of resourceAttributes / nonResourceAttributes is set. */
export function attributesFor(user: UserInfo, spec: Pick<SubjectAccessReviewSpec, 'resourceAttributes' | 'nonResourceAttributes'>): AuthorizationAttributes {
  return spec.resourceAttributes ? resourceAttributesFrom(user, spec.resourceAttributes) : nonResourceAttributesFrom(user, spec.nonResourceAttributes ?? {});
}

/** The subject a (Local)SubjectAccessReview names. */
export function subjectOf(spec: SubjectAccessReviewSpec): UserInfo {
  return {
    name: spec.user ?? '',
    groups: spec.groups ?? [],
    ...(spec.uid ? { uid: spec.uid } : {}),
    ...(spec.extra ? { extra: spec.extra } : {}),
  };
}

/** `allowed` always, `denied` only when the decision is Deny, then the reason and the evaluation error when set. */
export function accessReviewStatus(result: AuthorizationResult): SubjectAccessReviewStatus {
  return {
    allowed: result.decision === 'Allow',
    ...(result.decision === 'Deny' ? { denied: true } : {}),
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.error ? { evaluationError: result.error } : {}),
  };
}

/** The rules as SelfSubjectRulesReview reports them: empty lists are left out of each rule. */
export function rulesReviewStatus(rules: RulesResult): SubjectRulesReviewStatus {
  const resourceRules = rules.resourceRules.map(
    (rule): ResourceRule => ({
      verbs: [...rule.verbs],
      ...(rule.apiGroups.length ? { apiGroups: [...rule.apiGroups] } : {}),
      ...(rule.resources.length ? { resources: [...rule.resources] } : {}),
      ...(rule.resourceNames.length ? { resourceNames: [...rule.resourceNames] } : {}),
    }),
  );
  const nonResourceRules = rules.nonResourceRules.map(
    (rule): NonResourceRule => ({ verbs: [...rule.verbs], ...(rule.nonResourceURLs.length ? { nonResourceURLs: [...rule.nonResourceURLs] } : {}) }),
  );
  return { resourceRules, nonResourceRules, incomplete: rules.incomplete, ...(rules.evaluationError ? { evaluationError: rules.evaluationError } : {}) };
}
