// Test support: RBAC objects held in memory behind the ObjectIndex interface informers provide.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, Subject } from '../../apis/rbac/v1/schemas.generated.js';
import type { InformerHandlers, ObjectIndex } from '../../client/informer.js';
import { RuleResolver } from './rule-resolver.js';

export class MemoryIndex<T extends KubeObject> implements ObjectIndex<T> {
  readonly #objects = new Map<string, T>();
  readonly #handlers: InformerHandlers<T>[] = [];

  get(namespace: string, name: string): T | undefined {
    return this.#objects.get(`${namespace}/${name}`);
  }

  addHandlers(handlers: InformerHandlers<T>): void {
    this.#handlers.push(handlers);
    for (const o of this.#objects.values()) handlers.onAdd?.(o);
  }

  put(object: T): void {
    const key = `${object.metadata.namespace ?? ''}/${object.metadata.name}`;
    const old = this.#objects.get(key);
    this.#objects.set(key, object);
    for (const h of this.#handlers) {
      if (old) h.onUpdate?.(old, object);
      else h.onAdd?.(object);
    }
  }

  remove(namespace: string, name: string): void {
    const old = this.#objects.get(`${namespace}/${name}`);
    if (!old) return;
    this.#objects.delete(`${namespace}/${name}`);
    for (const h of this.#handlers) h.onDelete?.(old);
  }
}

/** A policy to fill with the helpers below, and the resolver reading it. */
export function memoryPolicy() {
  const roles = new MemoryIndex<Role>();
  const clusterRoles = new MemoryIndex<ClusterRole>();
  const roleBindings = new MemoryIndex<RoleBinding>();
  const clusterRoleBindings = new MemoryIndex<ClusterRoleBinding>();
  const resolver = new RuleResolver({ roles, clusterRoles, roleBindings, clusterRoleBindings });
  return {
    resolver,
    roles,
    clusterRoles,
    roleBindings,
    clusterRoleBindings,
    role: (namespace: string, name: string, rules: PolicyRule[]) => roles.put({ metadata: { namespace, name }, rules }),
    clusterRole: (name: string, rules: PolicyRule[]) => clusterRoles.put({ metadata: { name }, rules }),
    roleBinding: (namespace: string, name: string, roleKind: 'Role' | 'ClusterRole', role: string, subjects: Subject[]) =>
      roleBindings.put({ metadata: { namespace, name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: roleKind, name: role }, subjects }),
    clusterRoleBinding: (name: string, role: string, subjects: Subject[]) =>
      clusterRoleBindings.put({ metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role }, subjects }),
  };
}

export const user = (name: string): Subject => ({ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name });
export const group = (name: string): Subject => ({ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name });
export const serviceAccount = (name: string, namespace?: string): Subject => ({ kind: 'ServiceAccount', name, ...(namespace ? { namespace } : {}) });
