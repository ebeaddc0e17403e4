// Validation of the RBAC kinds as upstream 1.25 pkg/apis/rbac/validation: names are path segments,
// policy rules, ClusterRole aggregation selectors, binding roleRefs (immutable) and subjects.
import { GoLiteral, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { validateLabelSelector } from '../../../registry/selectors/index.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, validatePathSegmentName, type NameValidator } from '../../meta/v1/validation.js';
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from './schemas.generated.js';

export const RBAC_GROUP = 'rbac.authorization.k8s.io';

/** upstream ValidateRBACName: only path-segment safety, the same for a name and a generateName. */
export const validateRBACName: NameValidator = (name) => validatePathSegmentName(name, false);

const metaOf = (obj: Role | ClusterRole | RoleBinding | ClusterRoleBinding, namespaced: boolean): FieldError[] =>
  validateObjectMeta(obj.metadata, { namespaced, nameValidator: validateRBACName });

/** upstream validatePolicyRule: verbs always; non-resource URLs (cluster rules only) or groups and resources. */
export function validatePolicyRule(rule: PolicyRule, namespaced: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!rule.verbs?.length) errors.push(required(`${path}.verbs`, 'verbs must contain at least one value'));
  const urls = rule.nonResourceURLs ?? [];
  if (urls.length > 0) {
    if (namespaced) errors.push(invalid(`${path}.nonResourceURLs`, urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (rule.apiGroups?.length || rule.resources?.length || rule.resourceNames?.length) {
      errors.push(invalid(`${path}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errors;
  }
  if (!rule.apiGroups?.length) errors.push(required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (!rule.resources?.length) errors.push(required(`${path}.resources`, 'resource rules must supply at least one resource'));
  if (rule.resourceNames?.length && (rule.resources?.length ?? 0) > 1) {
    errors.push(required(`${path}.resourceNames`, 'resource names cannot apply to multiple resources'));
  }
  return errors;
}

const validateRules = (rules: readonly PolicyRule[] | undefined, namespaced: boolean): FieldError[] =>
  (rules ?? []).flatMap((rule, i) => validatePolicyRule(rule, namespaced, `rules[${i}]`));

/** upstream ValidateRole. */
export function validateRole(role: Role): FieldError[] {
  return [...metaOf(role, true), ...validateRules(role.rules, true)];
}

/** upstream ValidateRoleUpdate: the object again, then metadata update rules. */
export function validateRoleUpdate(role: Role, old: Role): FieldError[] {
  return [...validateRole(role), ...validateObjectMetaUpdate(role.metadata, old.metadata)];
}

/**
 * upstream ValidateClusterRole: rules (non-resource URLs allowed) and, when set, an aggregationRule
 * with at least one valid label selector. Rules may stand beside an aggregationRule (the aggregation
 * controller overwrites them).
 */
export function validateClusterRole(role: ClusterRole): FieldError[] {
  const errors = [...metaOf(role, false), ...validateRules(role.rules, false)];
  const aggregation = role.aggregationRule;
  if (!aggregation) return errors;
  const path = 'aggregationRule.clusterRoleSelectors';
  const selectors = aggregation.clusterRoleSelectors ?? [];
  if (selectors.length === 0) errors.push(required(path, 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
  selectors.forEach((selector, i) => {
    const selectorErrors = validateLabelSelector(selector, `${path}[${i}]`);
    errors.push(...selectorErrors);
    // upstream also converts the selector; a failed conversion reports the nil selector it got, "null".
    if (selectorErrors.length > 0) errors.push(invalid(`${path}[${i}]`, 'null', 'invalid label selector.'));
  });
  return errors;
}

/** upstream ValidateClusterRoleUpdate. */
export function validateClusterRoleUpdate(role: ClusterRole, old: ClusterRole): FieldError[] {
  return [...validateClusterRole(role), ...validateObjectMetaUpdate(role.metadata, old.metadata)];
}

/** The roleRef checks shared by both bindings; `kinds` are the role kinds the binding may name. */
function validateRoleRef(ref: RoleRef | undefined, kinds: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  const apiGroup = ref?.apiGroup ?? '';
  if (apiGroup !== RBAC_GROUP) errors.push(notSupported('roleRef.apiGroup', apiGroup, [RBAC_GROUP]));
  const kind = ref?.kind ?? '';
  if (!kinds.includes(kind)) errors.push(notSupported('roleRef.kind', kind, kinds));
  const name = ref?.name ?? '';
  if (name === '') errors.push(required('roleRef.name'));
  else errors.push(...validateRBACName(name, false).map((msg) => invalid('roleRef.name', name, msg)));
  return errors;
}

/** upstream validateRoleBindingSubject: a name, and each kind's apiGroup (and namespace) rules. */
export function validateSubject(subject: Subject, namespaced: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = subject.name ?? '';
  const apiGroup = subject.apiGroup ?? '';
  if (name === '') errors.push(required(`${path}.name`));
  switch (subject.kind) {
    case 'ServiceAccount':
      if (name !== '') errors.push(...nameIsDNSSubdomain(name, false).map((msg) => invalid(`${path}.name`, name, msg)));
      if (apiGroup !== '') errors.push(notSupported(`${path}.apiGroup`, apiGroup, ['']));
      if (!namespaced && !subject.namespace) errors.push(required(`${path}.namespace`));
      break;
    case 'User':
    case 'Group':
      if (apiGroup !== RBAC_GROUP) errors.push(notSupported(`${path}.apiGroup`, apiGroup, [RBAC_GROUP]));
      break;
    default:
      errors.push(notSupported(`${path}.kind`, subject.kind ?? '', ['ServiceAccount', 'User', 'Group']));
  }
  return errors;
}

const validateSubjects = (subjects: readonly Subject[] | undefined, namespaced: boolean): FieldError[] =>
  (subjects ?? []).flatMap((subject, i) => validateSubject(subject, namespaced, `subjects[${i}]`));

/** upstream ValidateRoleBinding: a Role or ClusterRole may be referenced. */
export function validateRoleBinding(binding: RoleBinding): FieldError[] {
  return [...metaOf(binding, true), ...validateRoleRef(binding.roleRef, ['Role', 'ClusterRole']), ...validateSubjects(binding.subjects, true)];
}

/** upstream ValidateClusterRoleBinding: only a ClusterRole; ServiceAccount subjects name their namespace. */
export function validateClusterRoleBinding(binding: ClusterRoleBinding): FieldError[] {
  return [...metaOf(binding, false), ...validateRoleRef(binding.roleRef, ['ClusterRole']), ...validateSubjects(binding.subjects, false)];
}

/** The roleRef as Go's %#v prints the internal struct in the `cannot change roleRef` error. */
const goRoleRef = (ref: RoleRef): GoLiteral =>
  new GoLiteral(`rbac.RoleRef{APIGroup:${JSON.stringify(ref.apiGroup ?? '')}, Kind:${JSON.stringify(ref.kind ?? '')}, Name:${JSON.stringify(ref.name ?? '')}}`);

/** The update rule both bindings share: roleRef is immutable. */
function roleRefUnchanged(ref: RoleRef, old: RoleRef): FieldError[] {
  const same = ref.apiGroup === old.apiGroup && ref.kind === old.kind && ref.name === old.name;
  return same ? [] : [invalid('roleRef', goRoleRef(ref), 'cannot change roleRef')];
}

/** upstream ValidateRoleBindingUpdate. */
export function validateRoleBindingUpdate(binding: RoleBinding, old: RoleBinding): FieldError[] {
  return [...validateRoleBinding(binding), ...validateObjectMetaUpdate(binding.metadata, old.metadata), ...roleRefUnchanged(binding.roleRef, old.roleRef)];
}

/** upstream ValidateClusterRoleBindingUpdate. */
export function validateClusterRoleBindingUpdate(binding: ClusterRoleBinding, old: ClusterRoleBinding): FieldError[] {
  return [...validateClusterRoleBinding(binding), ...validateObjectMetaUpdate(binding.metadata, old.metadata), ...roleRefUnchanged(binding.roleRef, old.roleRef)];
}
