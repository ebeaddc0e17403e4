// FlowSchema validation (3-resources "FlowSchema"), as upstream 1.25 pkg/apis/flowcontrol/validation:
// ValidateFlowSchema (metadata, spec, the mandatory objects' fixed specs, status) and its status update.
import { duplicate, forbidden, GoLiteral, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { goStringSlice } from '../../../registry/selectors/go-format.js';
import { nameIsDNSSubdomain, validateNamespaceName, validateObjectMeta } from '../../meta/v1/validation.js';
import { mandatoryFlowSchema } from './bootstrap.js';
import { DISTINGUISHER_METHOD, FLOW_SCHEMA_SPEC, goStruct } from './go-syntax.js';
import type { FlowSchema, FlowSchemaSpec, NonResourcePolicyRule, PolicyRulesWithSubjects, ResourcePolicyRule, Subject } from './schemas.generated.js';
import { semanticEqual } from './semantic-equal.js';

/** The highest matchingPrecedence (upstream FlowSchemaMaxMatchingPrecedence). */
export const MAX_MATCHING_PRECEDENCE = 10000;
const DISTINGUISHER_METHODS = ['ByNamespace', 'ByUser'];
const SUBJECT_KINDS = ['Group', 'ServiceAccount', 'User'];
/** Verbs a rule may name (sorted, as upstream's set lists them). */
export const SUPPORTED_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'proxy', 'update', 'watch'];
const NS_ERR_INTRO = "each member of this list must be '*' or a DNS-1123 label; ";

const hasWildcard = (values: readonly string[] | undefined): boolean => (values ?? []).includes('*');
const goSlice = (values: readonly string[]): GoLiteral => new GoLiteral(goStringSlice(values));

/** upstream ValidateFlowSchema (create and update alike). */
export function validateFlowSchema(fs: FlowSchema): FieldError[] {
  const errs = validateObjectMeta(fs.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  errs.push(...validateFlowSchemaSpec(fs.metadata.name ?? '', fs.spec ?? ({} as FlowSchemaSpec)));
  const mandatory = mandatoryFlowSchema(fs.metadata.name);
  if (mandatory && !semanticEqual(fs.spec, mandatory.spec)) {
    errs.push(invalid('spec', goStruct(fs.spec, FLOW_SCHEMA_SPEC), `spec of '${fs.metadata.name ?? ''}' must equal the fixed value`));
  }
  return [...errs, ...validateFlowSchemaStatus(fs)];
}

/** upstream ValidateFlowSchemaStatusUpdate. */
export const validateFlowSchemaStatusUpdate = (fs: FlowSchema): FieldError[] => validateFlowSchemaStatus(fs);

function validateFlowSchemaSpec(name: string, spec: FlowSchemaSpec): FieldError[] {
  const errs: FieldError[] = [];
  const precedence = spec.matchingPrecedence ?? 0;
  if (precedence <= 0) errs.push(invalid('spec.matchingPrecedence', precedence, 'must be a positive value'));
  if (precedence > MAX_MATCHING_PRECEDENCE) errs.push(invalid('spec.matchingPrecedence', precedence, `must not be greater than ${MAX_MATCHING_PRECEDENCE}`));
  if (precedence === 1 && name !== 'exempt') errs.push(invalid('spec.matchingPrecedence', precedence, "only the schema named 'exempt' may have matchingPrecedence 1"));
  if (spec.distinguisherMethod && !DISTINGUISHER_METHODS.includes(spec.distinguisherMethod.type)) {
    errs.push(notSupported('spec.distinguisherMethod.type', goStruct(spec.distinguisherMethod, DISTINGUISHER_METHOD), DISTINGUISHER_METHODS));
  }
  const plName = spec.priorityLevelConfiguration?.name ?? '';
  if (plName) errs.push(...nameIsDNSSubdomain(plName, false).map((msg) => invalid('spec.priorityLevelConfiguration.name', plName, msg)));
  else errs.push(required('spec.priorityLevelConfiguration.name', 'must reference a priority level'));
  (spec.rules ?? []).forEach((rule, i) => errs.push(...validatePolicyRulesWithSubjects(rule, `spec.rules[${i}]`)));
  return errs;
}

function validatePolicyRulesWithSubjects(rule: PolicyRulesWithSubjects, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if ((rule.subjects ?? []).length > 0) rule.subjects.forEach((s, i) => errs.push(...validateSubject(s, `${path}.subjects[${i}]`)));
  else errs.push(required(`${path}.subjects`, 'subjects must contain at least one value'));
  if ((rule.resourceRules ?? []).length === 0 && (rule.nonResourceRules ?? []).length === 0) {
    errs.push(required(path, 'at least one of resourceRules and nonResourceRules has to be non-empty'));
  }
  (rule.resourceRules ?? []).forEach((r, i) => errs.push(...validateResourceRule(r, `${path}.resourceRules[${i}]`)));
  (rule.nonResourceRules ?? []).forEach((r, i) => errs.push(...validateNonResourceRule(r, `${path}.nonResourceRules[${i}]`)));
  return errs;
}

/** The member a subject's kind selects must be set, and the other two must not. */
function validateSubject(subject: Subject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const others = (...members: ('user' | 'group' | 'serviceAccount')[]): void => {
    for (const m of members) {
      if (subject[m] === undefined || subject[m] === null) continue;
      const kind = m === 'user' ? 'User' : m === 'group' ? 'Group' : 'ServiceAccount';
      errs.push(forbidden(`${path}.${m}`, `${m} is forbidden when subject kind is not '${kind}'`));
    }
  };
  switch (subject.kind) {
    case 'ServiceAccount':
      errs.push(...validateServiceAccountSubject(subject.serviceAccount, `${path}.serviceAccount`));
      others('user', 'group');
      break;
    case 'User':
      errs.push(...validateNamedSubject(subject.user, `${path}.user`, 'user', 'User'));
      others('serviceAccount', 'group');
      break;
    case 'Group':
      errs.push(...validateNamedSubject(subject.group, `${path}.group`, 'group', 'Group'));
      others('serviceAccount', 'user');
      break;
    default:
      errs.push(notSupported(`${path}.kind`, subject.kind ?? '', SUBJECT_KINDS));
  }
  return errs;
}

function validateServiceAccountSubject(sa: Subject['serviceAccount'], path: string): FieldError[] {
  if (!sa) return [required(path, "serviceAccount is required when subject kind is 'ServiceAccount'")];
  const errs: FieldError[] = [];
  if (!sa.name) errs.push(required(`${path}.name`));
  // Service account names are DNS subdomains (upstream ValidateServiceAccountName); `*` means all.
  else if (sa.name !== '*') errs.push(...nameIsDNSSubdomain(sa.name, false).map((msg) => invalid(`${path}.name`, sa.name, msg)));
  if (sa.namespace) errs.push(...validateNamespaceName(sa.namespace, false).map((msg) => invalid(`${path}.namespace`, sa.namespace, msg)));
  else errs.push(required(`${path}.namespace`, 'must specify namespace for service account'));
  return errs;
}

function validateNamedSubject(member: { name: string } | undefined, path: string, what: string, kind: string): FieldError[] {
  if (!member) return [required(path, `${what} is required when subject kind is '${kind}'`)];
  return member.name ? [] : [required(`${path}.name`)];
}

/** Verbs: at least one; `*` alone; otherwise only supported verbs. */
function validateVerbs(verbs: readonly string[] | undefined, path: string): FieldError[] {
  const list = verbs ?? [];
  if (list.length === 0) return [required(path, 'verbs must contain at least one value')];
  if (hasWildcard(list)) return list.length > 1 ? [invalid(path, goSlice(list), "if '*' is present, must not specify other verbs")] : [];
  return list.every((v) => SUPPORTED_VERBS.includes(v)) ? [] : [notSupported(path, goSlice(list), SUPPORTED_VERBS)];
}

/** A non-empty list where `*` stands alone. */
function wildcardList(values: readonly string[] | undefined, path: string, requiredMsg: string, what: string): FieldError[] {
  const list = values ?? [];
  if (list.length === 0) return [required(path, requiredMsg)];
  if (list.length > 1 && hasWildcard(list)) return [invalid(path, goSlice(list), `if '*' is present, must not specify other ${what}`)];
  return [];
}

function validateResourceRule(rule: ResourcePolicyRule, path: string): FieldError[] {
  const errs = validateVerbs(rule.verbs, `${path}.verbs`);
  errs.push(...wildcardList(rule.apiGroups, `${path}.apiGroups`, 'resource rules must supply at least one api group', 'api groups'));
  errs.push(...wildcardList(rule.resources, `${path}.resources`, 'resource rules must supply at least one resource', 'resources'));
  const namespaces = rule.namespaces ?? [];
  if (namespaces.length === 0 && !rule.clusterScope) {
    errs.push(required(`${path}.namespaces`, 'resource rules that are not cluster scoped must supply at least one namespace'));
  } else if (hasWildcard(namespaces)) {
    if (namespaces.length > 1) errs.push(invalid(`${path}.namespaces`, goSlice(namespaces), "if '*' is present, must not specify other namespaces"));
  } else {
    namespaces.forEach((ns, i) => errs.push(...validateNamespaceName(ns, false).map((msg) => invalid(`${path}.namespaces[${i}]`, ns, NS_ERR_INTRO + msg))));
  }
  return errs;
}

function validateNonResourceRule(rule: NonResourcePolicyRule, path: string): FieldError[] {
  const errs = validateVerbs(rule.verbs, `${path}.verbs`);
  const urls = rule.nonResourceURLs ?? [];
  if (urls.length === 0) errs.push(required(`${path}.nonResourceURLs`, 'nonResourceURLs must contain at least one value'));
  else if (hasWildcard(urls)) {
    if (urls.length > 1) errs.push(invalid(`${path}.nonResourceURLs`, goSlice(urls), "if '*' is present, must not specify other non-resource URLs"));
  } else {
    urls.forEach((url, i) => {
      const msg = nonResourceURLPathError(url);
      if (msg) errs.push(invalid(`${path}.nonResourceURLs[${i}]`, url, msg));
    });
  }
  return errs;
}

/** upstream ValidateNonResourceURLPath: a slash-led path without blanks or `//`; `*` only as a `/*` suffix. */
export function nonResourceURLPathError(path: string): string | undefined {
  if (path === '') return 'must not be empty';
  if (path === '/') return undefined;
  if (!path.startsWith('/')) return 'must start with slash';
  if (path.includes(' ')) return 'must not contain white-space';
  if (path.includes('//')) return 'must not contain double slash';
  const wildcards = path.split('*').length - 1;
  if (wildcards > 1 || (wildcards === 1 && !path.endsWith('/*'))) return 'wildcard can only do suffix matching';
  return undefined;
}

/** upstream ValidateFlowSchemaStatus / ValidatePriorityLevelConfigurationStatus: condition types set and unique. */
export function validateConditionTypes(conditions: readonly { type?: string }[] | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (conditions ?? []).forEach((condition, i) => {
    const type = condition.type ?? '';
    if (seen.has(type)) errs.push(duplicate(`status.conditions[${i}].type`, type));
    seen.add(type);
    if (!type) errs.push(required(`status.conditions[${i}].type`, 'must not be empty'));
  });
  return errs;
}

const validateFlowSchemaStatus = (fs: FlowSchema): FieldError[] => validateConditionTypes(fs.status?.conditions);
