// Bindings indexed by subject, so a request looks only at the bindings naming its user or one of its
// groups (upstream's rule resolver walks every binding; with 1,000 RoleBindings that is most of the cost
// of a decision). Kept current by the informers' events; a binding appears under each subject it names.
import type { Subject } from '../../apis/rbac/v1/schemas.generated.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { UserInfo } from '../../auth/user-info.js';
import type { ObjectIndex } from '../../client/informer.js';

/** The binding fields the index reads (RoleBinding and ClusterRoleBinding alike). */
export interface Binding extends KubeObject {
  subjects?: Subject[];
  roleRef: { apiGroup: string; kind: string; name: string };
}

const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

/**
 * Where a subject of a binding in `namespace` ('' for cluster bindings) is indexed: a user name (service
 * accounts by theirs) or a group name; undefined when it can match no one.
 */
function subjectKey(subject: Subject, namespace: string): { users: boolean; name: string } | undefined {
  switch (subject.kind) {
    case 'User':
      return { users: true, name: subject.name };
    case 'Group':
      return { users: false, name: subject.name };
    case 'ServiceAccount': {
      // As upstream: a RoleBinding's service account defaults to the binding's namespace.
      const saNamespace = subject.namespace || namespace;
      return saNamespace ? { users: true, name: `${SERVICE_ACCOUNT_PREFIX}${saNamespace}:${subject.name}` } : undefined;
    }
    default:
      return undefined;
  }
}

/** upstream appliesToUser, without building strings (it runs for every binding a request meets). */
export function subjectAppliesTo(subject: Subject, user: UserInfo, namespace: string): boolean {
  switch (subject.kind) {
    case 'User':
      return subject.name === user.name;
    case 'Group':
      return user.groups.includes(subject.name);
    case 'ServiceAccount': {
      const saNamespace = subject.namespace || namespace;
      return saNamespace !== '' && isServiceAccountUser(user.name, saNamespace, subject.name);
    }
    default:
      return false;
  }
}

/** Whether `userName` is `system:serviceaccount:<namespace>:<name>` (upstream MatchesUsername). */
function isServiceAccountUser(userName: string, namespace: string, name: string): boolean {
  const at = SERVICE_ACCOUNT_PREFIX.length;
  return userName.length === at + namespace.length + 1 + name.length && userName.startsWith(SERVICE_ACCOUNT_PREFIX)
    && userName.startsWith(namespace, at) && userName.charCodeAt(at + namespace.length) === 58 /* : */ && userName.endsWith(name);
}

/** upstream appliesTo: the first subject of `binding` that applies to `user`. */
export function firstApplyingSubject(binding: Binding, user: UserInfo, namespace: string): Subject | undefined {
  // A loop, not find(): no closure per binding a request meets.
  for (const subject of binding.subjects ?? NO_SUBJECTS) if (subjectAppliesTo(subject, user, namespace)) return subject;
  return undefined;
}

const NO_SUBJECTS: readonly Subject[] = Object.freeze([]);

/** Bindings of one scope (all cluster bindings, or one namespace's) by user name and by group name. */
interface Scope<B> {
  readonly users: Map<string, B[]>;
  readonly groups: Map<string, B[]>;
}

export class BindingIndex<B extends Binding> {
  /** namespace ('' for cluster bindings) -> bindings by subject. Lookups build no strings. */
  readonly #byNamespace = new Map<string, Scope<B>>();

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
    let first = index.users.get(user.name);
    let more: B[][] | undefined;
    for (const group of user.groups) {
      const bindings = index.groups.get(group);
      if (bindings === undefined) continue;
      if (first === undefined) first = bindings;
      else (more ??= []).push(bindings);
    }
    if (first === undefined) return true;
    if (more === undefined) {
      for (const b of first) if (!visit(b)) return false;
      return true;
    }
    // A binding naming the user and one of its groups (or two groups) is visited once: in the first list
    // that holds it. A subject's lists are mostly short, and looking back in them allocates nothing; long
    // ones are deduplicated with a set instead of a quadratic walk.
    let total = first.length;
    for (const list of more) total += list.length;
    if (total > LOOK_BACK_LIMIT) return visitOnce([first, ...more], visit);
    for (const b of first) if (!visit(b)) return false;
    for (let i = 0; i < more.length; i++) {
      for (const b of more[i] as B[]) {
        if (first.includes(b) || heldBefore(more, i, b)) continue;
        if (!visit(b)) return false;
      }
    }
    return true;
  }

  /** The lists `binding` belongs in, each once. */
  #lists(binding: B, scope: Scope<B>): { map: Map<string, B[]>; name: string }[] {
    const namespace = binding.metadata.namespace ?? '';
    const seen = new Set<string>();
    const lists: { map: Map<string, B[]>; name: string }[] = [];
    for (const subject of binding.subjects ?? []) {
      const key = subjectKey(subject, namespace);
      if (key === undefined || seen.has(`${key.users}:${key.name}`)) continue;
      seen.add(`${key.users}:${key.name}`);
      lists.push({ map: key.users ? scope.users : scope.groups, name: key.name });
    }
    return lists;
  }

  #add(binding: B): void {
    const namespace = binding.metadata.namespace ?? '';
    let scope = this.#byNamespace.get(namespace);
    if (scope === undefined) this.#byNamespace.set(namespace, (scope = { users: new Map(), groups: new Map() }));
    for (const { map, name } of this.#lists(binding, scope)) {
      const list = map.get(name);
      if (list === undefined) map.set(name, [binding]);
      else list.push(binding);
    }
  }

  #remove(binding: B): void {
    const namespace = binding.metadata.namespace ?? '';
    const scope = this.#byNamespace.get(namespace);
    if (scope === undefined) return;
    for (const { map, name } of this.#lists(binding, scope)) {
      const list = map.get(name);
      if (list === undefined) continue;
      const at = list.indexOf(binding);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) map.delete(name);
    }
    if (scope.users.size === 0 && scope.groups.size === 0) this.#byNamespace.delete(namespace);
  }
}

/** Whether one of the first `count` lists holds `binding`. */
function heldBefore<B>(lists: readonly B[][], count: number, binding: B): boolean {
  for (let i = 0; i < count; i++) if ((lists[i] as B[]).includes(binding)) return true;
  return false;
}

/** Above this many bindings in a user's lists, duplicates are found with a set. */
const LOOK_BACK_LIMIT = 32;

function visitOnce<B>(lists: readonly B[][], visit: (binding: B) => boolean): boolean {
  const seen = new Set<B>();
  for (const bindings of lists) {
    for (const b of bindings) {
      if (seen.has(b)) continue;
      seen.add(b);
      if (!visit(b)) return false;
    }
  }
  return true;
}
