// Escalation prevention on the four RBAC stores (upstream pkg/registry/rbac/*/policybased): store hooks
// that run after mutating admission and before validation, as upstream's wrapping storage does. Writes
// without a user (the server's own: bootstrap policy, controllers) are not checked, as upstream's loopback
// identity is in system:masters.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ClusterRole, PolicyRule, RoleRef } from '../../apis/rbac/v1/schemas.generated.js';
import type { UserInfo } from '../../auth/user-info.js';
import { notFound, StatusError } from '../../errors/status-error.js';
import { jsonEqual } from '../../patch/apply/compare.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { StoreHooks, WriteFinish, WriteOptions } from '../../registry/store/index.js';
import type { Authorizer } from '../authorizer.js';
import { newForbidden } from '../forbidden.js';
import { escalationAllowed, escalationError, holdsRoleVerb } from './escalation.js';
import type { RuleResolver } from './rule-resolver.js';

export const RBAC_GROUP = 'rbac.authorization.k8s.io';

/** The authorizer and RBAC rules, once the server has them (the stores are built first). */
export type EscalationDeps = () => { authorizer: Authorizer; rules: RuleResolver } | undefined;

const NOTHING_TO_FINISH: WriteFinish = { commit: async () => {}, revert: async () => {} };

/** upstream's fullAuthority: what setting an aggregationRule requires. */
const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

export function rbacEscalationHooks(def: ResourceDefinition, deps: EscalationDeps): StoreHooks | undefined {
  if (def.group !== RBAC_GROUP) return undefined;
  const resource = def.resource;
  if (resource === 'roles' || resource === 'clusterroles') {
    const check = (obj: KubeObject, old: KubeObject | undefined, options: WriteOptions) => checkRole(deps, resource, obj, old, options.user);
    return { beginCreate: (obj, options) => check(obj, undefined, options), beginUpdate: (obj, old, options) => check(obj, old, options) };
  }
  if (resource === 'rolebindings' || resource === 'clusterrolebindings') {
    const check = (obj: KubeObject, old: KubeObject | undefined, options: WriteOptions) => checkBinding(deps, obj, old, options.user);
    return { beginCreate: (obj, options) => check(obj, undefined, options), beginUpdate: (obj, old, options) => check(obj, old, options) };
  }
  return undefined;
}

async function checkRole(deps: EscalationDeps, resource: 'roles' | 'clusterroles', obj: KubeObject, old: KubeObject | undefined, user: UserInfo | undefined): Promise<WriteFinish> {
  const held = deps();
  if (!held || !user || escalationAllowed(user) || (old && onlyGarbageCollectionFields(obj, old))) return NOTHING_TO_FINISH;
  const name = obj.metadata.name ?? '';
  const namespace = obj.metadata.namespace ?? '';
  if (await holdsRoleVerb(held.authorizer, user, { verb: 'escalate', resource, name, namespace, apiGroup: RBAC_GROUP })) return NOTHING_TO_FINISH;
  const role = obj as ClusterRole;
  const missing = escalationError(held.rules, user, namespace, role.rules ?? []);
  if (missing) throw forbidden(resource, name, missing);
  const aggregated = (r: KubeObject | undefined): boolean => (r as ClusterRole | undefined)?.aggregationRule !== undefined;
  if (resource === 'clusterroles' && (aggregated(obj) || aggregated(old)) && escalationError(held.rules, user, namespace, FULL_AUTHORITY)) {
    throw forbidden(resource, name, 'must have cluster-admin privileges to use the aggregationRule');
  }
  return NOTHING_TO_FINISH;
}

async function checkBinding(deps: EscalationDeps, obj: KubeObject, old: KubeObject | undefined, user: UserInfo | undefined): Promise<WriteFinish> {
  const held = deps();
  if (!held || !user || escalationAllowed(user) || (old && onlyGarbageCollectionFields(obj, old))) return NOTHING_TO_FINISH;
  const namespace = obj.metadata.namespace ?? '';
  const roleRef = (obj as KubeObject & { roleRef: RoleRef }).roleRef;
  const resource = roleRef.kind === 'Role' ? 'roles' : roleRef.kind === 'ClusterRole' ? 'clusterroles' : undefined;
  if (resource && (await holdsRoleVerb(held.authorizer, user, { verb: 'bind', resource, name: roleRef.name, namespace, apiGroup: roleRef.apiGroup }))) return NOTHING_TO_FINISH;
  const { rules, error } = held.rules.roleReferenceRules(roleRef, namespace);
  if (error !== undefined) {
    if (!resource) throw new StatusError(500, 'InternalError', `Internal error occurred: ${error}`);
    throw notFound({ group: RBAC_GROUP, resource }, roleRef.name);
  }
  const missing = escalationError(held.rules, user, namespace, rules);
  if (missing) throw forbidden(obj.metadata.namespace ? 'rolebindings' : 'clusterrolebindings', obj.metadata.name ?? '', missing);
  return NOTHING_TO_FINISH;
}

const forbidden = (resource: string, name: string, cause: string): StatusError => newForbidden({ group: RBAC_GROUP, resource }, name, cause);

/**
 * upstream IsOnlyMutatingGCFields: the write changes only what the garbage collector changes (owner
 * references, finalizers, the deletion mark). kplane's update has already recorded managedFields and a
 * new resourceVersion, which are left out of the comparison too.
 */
function onlyGarbageCollectionFields(obj: KubeObject, old: KubeObject): boolean {
  const strip = (o: KubeObject): unknown => {
    const { ownerReferences: _o, finalizers: _f, deletionTimestamp: _d, deletionGracePeriodSeconds: _g, managedFields: _m, resourceVersion: _r, selfLink: _s, ...meta } = o.metadata;
    return { ...o, metadata: meta };
  };
  return jsonEqual(strip(obj), strip(old));
}
