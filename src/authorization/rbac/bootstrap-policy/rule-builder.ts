// Small builders for the bootstrap policy's data, in the shape of upstream's rbacv1helpers
// (NewRule(verbs...).Groups(...).Resources(...).Names(...) and NewClusterBinding(role).Users/Groups/SAs):
// a rule's lists are sorted as upstream's RuleOrDie sorts them, and every object carries the bootstrap
// label and the auto-update annotation (upstream addDefaultMetadata).
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, Subject } from '../../../apis/rbac/v1/schemas.generated.js';

export const RBAC_API_GROUP = 'rbac.authorization.k8s.io';
export const RBAC_API_VERSION = `${RBAC_API_GROUP}/v1`;
/** The annotation saying whether reconciliation at start may change an object (upstream AutoUpdateAnnotationKey). */
export const AUTO_UPDATE_ANNOTATION = 'rbac.authorization.kubernetes.io/autoupdate';
export const BOOTSTRAP_LABELS: Readonly<Record<string, string>> = { 'kubernetes.io/bootstrapping': 'rbac-defaults' };

export const READ = ['get', 'list', 'watch'];
export const WRITE = ['create', 'update', 'patch', 'delete', 'deletecollection'];
export const READ_WRITE = [...READ, ...WRITE];
export const READ_UPDATE = ['get', 'list', 'watch', 'update', 'patch'];

// API groups the policy names (upstream's *Group constants).
export const LEGACY = '';
export const EVENTS_GROUP = 'events.k8s.io';
export const APPS = 'apps';
export const EXTENSIONS = 'extensions';
export const BATCH = 'batch';
export const AUTHENTICATION = 'authentication.k8s.io';
export const AUTHORIZATION = 'authorization.k8s.io';
export const CERTIFICATES = 'certificates.k8s.io';
export const COORDINATION = 'coordination.k8s.io';
export const DISCOVERY = 'discovery.k8s.io';
export const NETWORKING = 'networking.k8s.io';
export const STORAGE = 'storage.k8s.io';

/** A rule under construction: `rule('get').groups('').resources('pods')`; the builder is the rule. */
export class RuleBuilder {
  readonly #rule: PolicyRule;
  constructor(verbs: readonly string[]) {
    this.#rule = { verbs: [...verbs].sort() };
  }
  groups(...groups: string[]): this {
    this.#rule.apiGroups = [...groups].sort();
    return this;
  }
  resources(...resources: string[]): this {
    this.#rule.resources = [...resources].sort();
    return this;
  }
  names(...names: string[]): this {
    this.#rule.resourceNames = [...names].sort();
    return this;
  }
  urls(...urls: string[]): this {
    this.#rule.nonResourceURLs = [...urls].sort();
    return this;
  }
  /** The PolicyRule, fields in the order the API prints them. */
  build(): PolicyRule {
    const { apiGroups, resources, resourceNames, nonResourceURLs, verbs } = this.#rule;
    return { ...(apiGroups && { apiGroups }), ...(resourceNames && { resourceNames }), ...(resources && { resources }), ...(nonResourceURLs && { nonResourceURLs }), verbs };
  }
}

export const rule = (...verbs: string[]): RuleBuilder => new RuleBuilder(verbs);

/** upstream eventsRule(): what every controller needs to record events. */
export const eventsRule = (): RuleBuilder => rule('create', 'update', 'patch').groups(LEGACY, EVENTS_GROUP).resources('events');

const metadata = (name: string, namespace?: string, labels: Record<string, string> = {}) => ({
  name,
  ...(namespace !== undefined && { namespace }),
  labels: { ...labels, ...BOOTSTRAP_LABELS },
  annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' },
});

/** Options of a bootstrap ClusterRole beyond its rules. */
export interface ClusterRoleExtras {
  labels?: Record<string, string>;
  /** Label keys of `aggregationRule.clusterRoleSelectors` (one matchLabels `<key>: "true"` each). */
  aggregateFrom?: string[];
}

export function clusterRole(name: string, rules: readonly RuleBuilder[], extras: ClusterRoleExtras = {}): ClusterRole {
  const role: ClusterRole = { apiVersion: RBAC_API_VERSION, kind: 'ClusterRole', metadata: metadata(name, undefined, extras.labels) };
  if (extras.aggregateFrom) role.aggregationRule = { clusterRoleSelectors: extras.aggregateFrom.map((key) => ({ matchLabels: { [key]: 'true' } })) };
  else role.rules = rules.map((r) => r.build());
  return role;
}

export function namespacedRole(namespace: string, name: string, rules: readonly RuleBuilder[]): Role {
  return { apiVersion: RBAC_API_VERSION, kind: 'Role', metadata: metadata(name, namespace), rules: rules.map((r) => r.build()) };
}

/** A binding's subjects under construction (upstream's binding builders). */
export class SubjectsBuilder {
  readonly subjects: Subject[] = [];
  users(...names: string[]): this {
    for (const name of names) this.subjects.push({ kind: 'User', apiGroup: RBAC_API_GROUP, name });
    return this;
  }
  groups(...names: string[]): this {
    for (const name of names) this.subjects.push({ kind: 'Group', apiGroup: RBAC_API_GROUP, name });
    return this;
  }
  serviceAccounts(namespace: string, ...names: string[]): this {
    for (const name of names) this.subjects.push({ kind: 'ServiceAccount', name, namespace });
    return this;
  }
}

export const subjects = (): SubjectsBuilder => new SubjectsBuilder();

/** A ClusterRoleBinding of the ClusterRole `role`, named `name` (the role's name unless given). */
export function clusterRoleBinding(role: string, who: SubjectsBuilder, name = role): ClusterRoleBinding {
  const binding: ClusterRoleBinding = { apiVersion: RBAC_API_VERSION, kind: 'ClusterRoleBinding', metadata: metadata(name), roleRef: { apiGroup: RBAC_API_GROUP, kind: 'ClusterRole', name: role } };
  if (who.subjects.length > 0) binding.subjects = who.subjects;
  return binding;
}

/** A RoleBinding in `namespace` of the Role `role` there, named `name` (the role's name unless given). */
export function roleBinding(namespace: string, role: string, who: SubjectsBuilder, name = role): RoleBinding {
  return { apiVersion: RBAC_API_VERSION, kind: 'RoleBinding', metadata: metadata(name, namespace), roleRef: { apiGroup: RBAC_API_GROUP, kind: 'Role', name: role }, subjects: who.subjects };
}
