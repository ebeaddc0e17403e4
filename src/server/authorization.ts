// The authorizer of `--authorization-mode` (upstream pkg/kubeapiserver/authorizer Config.New): the
// privileged group `system:masters` first, then each mode in the order given; rule reviews ask the modes
// only. Modes that read API objects (RBAC) follow them through informers, synced before serving.
import type { Authorizer, RuleResolver } from '../authorization/authorizer.js';
import { alwaysAllow, alwaysDeny, privilegedGroups, SYSTEM_PRIVILEGED_GROUP } from '../authorization/builtin-modules.js';
import { authorizationOptionErrors, DEFAULT_AUTHORIZATION_MODES, type AuthorizationMode, type AuthorizationOptions } from '../authorization/modes.js';
import { Graph } from '../authorization/node/graph.js';
import { graphInformers } from '../authorization/node/graph-populator.js';
import { NodeAuthorizer } from '../authorization/node/node-authorizer.js';
import { RbacAuthorizer } from '../authorization/rbac/rbac-authorizer.js';
import { RuleResolver as RbacRuleResolver, type RbacInformers } from '../authorization/rbac/rule-resolver.js';
import { unionAuthorizer, unionRuleResolver } from '../authorization/union.js';
import { aggregateMessage } from '../errors/aggregate.js';
import { Informer } from '../registry/informer.js';
import type { ResourceRegistry } from '../registry/served-resources.js';
import type { Store } from '../registry/store/index.js';
import type { AuthorizationModule } from '../authorization/authorizer.js';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from '../apis/rbac/v1/schemas.generated.js';

export interface Authorization {
  readonly authorizer: Authorizer;
  readonly ruleResolver: RuleResolver;
  /** The RBAC rule resolver, when RBAC is a mode (escalation checks and aggregation read it). */
  readonly rbac?: RbacRuleResolver;
  /** Resolves when every informer a mode reads has listed (upstream's RBAC post-start hook waits likewise). */
  synced(): Promise<void>;
  stop(): void;
}

/** Checks the options (before anything opens); throws with upstream's messages. */
export function checkAuthorizationOptions(options: AuthorizationOptions): void {
  const errors = authorizationOptionErrors(options);
  if (errors.length > 0) throw new Error(aggregateMessage(errors));
}

export function buildAuthorization(options: AuthorizationOptions, registry: ResourceRegistry): Authorization {
  const abort = new AbortController();
  const informers: Informer[] = [];
  const follow = <T extends Informer>(informer: T): T => {
    informers.push(informer);
    informer.run(abort.signal);
    return informer;
  };
  let rbac: RbacRuleResolver | undefined;
  const moduleFor = (mode: AuthorizationMode): AuthorizationModule => {
    switch (mode) {
      case 'AlwaysAllow':
        return alwaysAllow;
      case 'AlwaysDeny':
        return alwaysDeny;
      case 'RBAC':
        rbac = new RbacRuleResolver(rbacInformers(registry, follow));
        return new RbacAuthorizer(rbac);
      case 'Node':
        return nodeAuthorizer(registry, follow);
      default:
        throw new Error(`authorization-mode ${JSON.stringify(mode)} is not supported by kplane yet`);
    }
  };
  const modes = (options.modes ?? DEFAULT_AUTHORIZATION_MODES) as readonly AuthorizationMode[];
  const modules = modes.map(moduleFor);
  return {
    authorizer: unionAuthorizer([privilegedGroups(SYSTEM_PRIVILEGED_GROUP), ...modules]),
    ruleResolver: unionRuleResolver(modules),
    ...(rbac ? { rbac } : {}),
    synced: async () => {
      await Promise.all(informers.map((i) => i.synced()));
    },
    stop: () => abort.abort(),
  };
}

function rbacInformers(registry: ResourceRegistry, follow: <T extends Informer>(informer: T) => T): RbacInformers {
  const store = (resource: string) => servedStore(registry, 'RBAC', 'rbac.authorization.k8s.io', resource);
  return {
    roles: follow(new Informer<Role>(store('roles'))),
    clusterRoles: follow(new Informer<ClusterRole>(store('clusterroles'))),
    roleBindings: follow(new Informer<RoleBinding>(store('rolebindings'))),
    clusterRoleBindings: follow(new Informer<ClusterRoleBinding>(store('clusterrolebindings'))),
  };
}

/** The Node mode: its graph, kept from pods, persistent volumes and volume attachments. */
function nodeAuthorizer(registry: ResourceRegistry, follow: <T extends Informer>(informer: T) => T): NodeAuthorizer {
  const store = (group: string, resource: string) => servedStore(registry, 'Node', group, resource);
  const graph = new Graph();
  const stores = { pods: store('', 'pods'), persistentVolumes: store('', 'persistentvolumes'), volumeAttachments: store('storage.k8s.io', 'volumeattachments') };
  for (const informer of graphInformers(graph, stores)) follow(informer);
  return new NodeAuthorizer(graph);
}

/** The store a mode reads; throws when the resource is not served. */
function servedStore(registry: ResourceRegistry, mode: AuthorizationMode, group: string, resource: string): Store {
  const found = registry.current().storeFor(group, resource);
  if (!found) throw new Error(`authorization-mode ${mode} needs ${group ? `${group}/` : ''}v1 ${resource} to be served`);
  return found;
}
