// Bindings indexed by subject, so a request looks only at the bindings naming its user or one of its
// groups (upstream's rule resolver walks every binding; with 1,000 RoleBindings that is most of the cost
// of a decision). Kept current by the informers' events; a binding appears under each subject it names.
import type { Subject } from '../../apis/rbac/v1/schemas.generated.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { UserInfo } from '../../auth/user-info.js';
import type { ObjectIndex } from '../../registry/informer.js';

/** The binding fields the index reads (RoleBinding and ClusterRoleBinding alike). */
export interface Binding extends KubeObject {
  subjects?: Subject[];
  roleRef: { apiGroup: string; kind: string; name: string };
}

const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

/** The index key of a subject in a binding of `namespace` ('' for cluster bindings), or undefined if it can match no one. */
function subjectKey(subject: Subject, namespace: string): string | undefined {
  switch (subject.kind) {
    case 'User':
      return `u:${subject.name}`;
    case 'Group':
      return `g:${subject.name}`;
    case 'ServiceAccount': {
      // As upstream: a RoleBinding's service account defaults to the binding's namespace.
      const saNamespace = subject.namespace || namespace;
      return saNamespace ? `u:${SERVICE_ACCOUNT_PREFIX}${saNamespace}:${subject.name}` : undefined;
    }
    default:
      return undefined;
  }
}

/** upstream appliesToUser. */
export function subjectAppliesTo(subject: Subject, user: UserInfo, namespace: string): boolean {
  const key = subjectKey(subject, namespace);
  if (key === undefined) return false;
  return key.startsWith('u:') ? key.slice(2) === user.name : user.groups.includes(key.slice(2));
}

/** upstream appliesTo: the first subject of `binding` that applies to `user`. */
export function firstApplyingSubject(binding: Binding, user: UserInfo, namespace: string): Subject | undefined {
  return binding.subjects?.find((s) => subjectAppliesTo(s, user, namespace));
}

/** Bindings of one scope (all cluster bindings, or one namespace's) by subject key. */
type ByKey<B> = Map<string, B[]>;

export class BindingIndex<B extends Binding> {
  /** namespace ('' for cluster bindings) -> subject key -> bindings. */
  readonly #byNamespace = new Map<string, ByKey<B>>();

  constructor(informer: ObjectIndex<B>) {
    informer.addHandlers({
      onAdd: (b) => this.#add(b),
      onUpdate: (old, b) => {
        this.#remove(old);
        this.#add(b);
      },
      onDelete: (b) => this.#remove(b),
    });
  }

  /**
   * Calls `visit` with each binding of `namespace` ('' for cluster bindings) naming `user` or one of its
   * groups, once each, until it returns false. Returns false when stopped.
   */
  forEach(user: UserInfo, namespace: string, visit: (binding: B) => boolean): boolean {
    const index = this.#byNamespace.get(namespace);
    if (index === undefined) return true;
    let first = index.get(`u:${user.name}`);
    let more: B[][] | undefined;
    for (const group of user.groups) {
      const bindings = index.get(`g:${group}`);
      if (bindings === undefined) continue;
      if (first === undefined) first = bindings;
      else (more ??= []).push(bindings);
    }
    if (first === undefined) return true;
    if (more === undefined) {
      for (const b of first) if (!visit(b)) return false;
      return true;
    }
    // A binding naming the user and one of its groups (or two groups) is visited once.
    const seen = new Set<B>();
    for (const bindings of [first, ...more]) {
      for (const b of bindings) {
        if (seen.has(b)) continue;
        seen.add(b);
        if (!visit(b)) return false;
      }
    }
    return true;
  }

  #keys(binding: B): Set<string> {
    const namespace = binding.metadata.namespace ?? '';
    const keys = new Set<string>();
    for (const subject of binding.subjects ?? []) {
      const key = subjectKey(subject, namespace);
      if (key !== undefined) keys.add(key);
    }
    return keys;
  }

  #add(binding: B): void {
    const namespace = binding.metadata.namespace ?? '';
    let index = this.#byNamespace.get(namespace);
    if (index === undefined) this.#byNamespace.set(namespace, (index = new Map()));
    for (const key of this.#keys(binding)) {
      const list = index.get(key);
      if (list === undefined) index.set(key, [binding]);
      else list.push(binding);
    }
  }

  #remove(binding: B): void {
    const namespace = binding.metadata.namespace ?? '';
    const index = this.#byNamespace.get(namespace);
    if (index === undefined) return;
    for (const key of this.#keys(binding)) {
      const list = index.get(key);
      if (list === undefined) continue;
      const at = list.indexOf(binding);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) index.delete(key);
    }
    if (index.size === 0) this.#byNamespace.delete(namespace);
  }
}
