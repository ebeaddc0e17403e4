// The `Node` authorization mode (upstream plugin/pkg/auth/authorizer/node, 1.25): requests of kubelets
// (users `system:node:<name>` in `system:nodes`). Secrets, configmaps, claims, volumes, volume
// attachments and service account tokens are allowed only when the graph links the object to the node;
// leases and CSINodes only under the node's own name; everything else by the static node rules. Anything
// not allowed is NoOpinion, with upstream's reason, so that a later mode (RBAC) may still allow it.
import type { UserInfo } from '../../auth/user-info.js';
import { allow, NO_OPINION, noOpinion, type AuthorizationAttributes, type AuthorizationModule, type AuthorizationResult, type RulesResult } from '../authorizer.js';
import { ruleAllows } from '../rbac/rule-matching.js';
import type { PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';
import type { Graph, VertexType } from './graph.js';
import { nodeIdentity } from './node-identity.js';
import { nodeRules } from './node-rules.js';

/** upstream NamespaceNodeLease. */
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';

const ALLOWED = allow();

type Check = (node: string, attributes: AuthorizationAttributes) => AuthorizationResult;

export class NodeAuthorizer implements AuthorizationModule {
  readonly #rules: readonly PolicyRule[];
  readonly #checks: ReadonlyMap<string, Check>;

  constructor(private readonly graph: Graph, rules: readonly PolicyRule[] = nodeRules()) {
    this.#rules = rules;
    this.#checks = new Map<string, Check>([
      ['/secrets', (node, a) => this.#readNamespaced(node, 'secret', a)],
      ['/configmaps', (node, a) => this.#readNamespaced(node, 'configmap', a)],
      ['/persistentvolumeclaims', (node, a) => (a.subresource === 'status' ? this.#statusUpdate(node, 'pvc', a) : this.#get(node, 'pvc', a))],
      ['/persistentvolumes', (node, a) => this.#get(node, 'pv', a)],
      ['storage.k8s.io/volumeattachments', (node, a) => this.#get(node, 'volumeattachment', a)],
      ['/serviceaccounts', (node, a) => this.#createToken(node, a)],
      ['coordination.k8s.io/leases', lease],
      ['storage.k8s.io/csinodes', csiNode],
    ]);
  }

  authorize(attributes: AuthorizationAttributes): AuthorizationResult {
    const node = nodeIdentity(attributes.user);
    if (node === undefined) return NO_OPINION;
    if (node === '') return noOpinion(`unknown node for user ${JSON.stringify(attributes.user.name)}`);
    if (attributes.isResourceRequest) {
      const check = this.#checks.get(`${attributes.apiGroup}/${attributes.resource}`);
      if (check) return check(node, attributes);
    }
    return this.#rules.some((rule) => ruleAllows(attributes, rule)) ? ALLOWED : NO_OPINION;
  }

  /** Upstream: a node's permissions cannot be listed; anyone else's are none of this module's. */
  rulesFor(user: UserInfo): RulesResult {
    if (nodeIdentity(user) === undefined) return { resourceRules: [], nonResourceRules: [], incomplete: false };
    return { resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'node authorizer does not support user rule resolution' };
  }

  /** get, list and watch of one named object in a namespace (secrets, configmaps). */
  #readNamespaced(node: string, type: VertexType, a: AuthorizationAttributes): AuthorizationResult {
    if (a.verb !== 'get' && a.verb !== 'list' && a.verb !== 'watch') return noOpinion('can only read resources of this type');
    if (a.subresource) return noOpinion('cannot read subresource');
    if (!a.namespace) return noOpinion('can only read namespaced object of this type');
    return this.#related(node, type, a);
  }

  #get(node: string, type: VertexType, a: AuthorizationAttributes): AuthorizationResult {
    if (a.verb !== 'get') return noOpinion('can only get individual resources of this type');
    if (a.subresource) return noOpinion('cannot get subresource');
    return this.#related(node, type, a);
  }

  #statusUpdate(node: string, type: VertexType, a: AuthorizationAttributes): AuthorizationResult {
    if (a.verb !== 'update' && a.verb !== 'patch') return noOpinion('can only get/update/patch this type');
    return this.#related(node, type, a);
  }

  #createToken(node: string, a: AuthorizationAttributes): AuthorizationResult {
    if (a.verb !== 'create' || !a.name) return noOpinion('can only create tokens for individual service accounts');
    if (a.subresource !== 'token') return noOpinion('can only create token subresource of serviceaccount');
    return this.#path(node, 'serviceaccount', a);
  }

  #related(node: string, type: VertexType, a: AuthorizationAttributes): AuthorizationResult {
    if (!a.name) return noOpinion('No Object name found');
    return this.#path(node, type, a);
  }

  #path(node: string, type: VertexType, a: AuthorizationAttributes): AuthorizationResult {
    if (this.graph.hasPath(node, type, a.namespace, a.name)) return ALLOWED;
    return noOpinion(`no relationship found between node '${node}' and this object`);
  }
}

const OWN_OBJECT_VERBS: ReadonlySet<string> = new Set(['get', 'create', 'update', 'patch', 'delete']);

/** Leases: in `kube-node-lease`, named as the node. */
function lease(node: string, a: AuthorizationAttributes): AuthorizationResult {
  if (!OWN_OBJECT_VERBS.has(a.verb)) return noOpinion('can only get, create, update, patch, or delete a node lease');
  if (a.namespace !== NODE_LEASE_NAMESPACE) return noOpinion(`can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
  return sameName(node, a, 'node lease');
}

function csiNode(node: string, a: AuthorizationAttributes): AuthorizationResult {
  if (!OWN_OBJECT_VERBS.has(a.verb)) return noOpinion('can only get, create, update, patch, or delete a CSINode');
  if (a.subresource) return noOpinion('cannot authorize CSINode subresources');
  return sameName(node, a, 'CSINode');
}

/** The object must be named as the node; a create's name is NodeRestriction's to check (the authorizer does not see it). */
function sameName(node: string, a: AuthorizationAttributes, what: string): AuthorizationResult {
  if (a.verb !== 'create' && a.name !== node) return noOpinion(`can only access ${what} with the same name as the requesting node`);
  return ALLOWED;
}
