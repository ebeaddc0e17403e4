// The authorizer of `--authorization-mode` (upstream pkg/kubeapiserver/authorizer Config.New): the
// privileged group `system:masters` first, then each mode in the order given; rule reviews ask the modes
// only. Modes that read API objects (RBAC) follow them through informers, synced before serving; modes
// that read files (ABAC's policy, Webhook's kubeconfig) read them once, before anything opens.
import type { Authorizer, RuleResolver } from '../authorization/authorizer.js';
import { alwaysAllow, alwaysDeny, privilegedGroups, SYSTEM_PRIVILEGED_GROUP } from '../authorization/builtin-modules.js';
import { authorizationOptionErrors, DEFAULT_AUTHORIZATION_MODES, type AuthorizationMode, type AuthorizationOptions } from '../authorization/modes.js';
import { abacAuthorizer } from '../authorization/abac/abac-authorizer.js';
import { loadPolicyFile, type PolicySpec } from '../authorization/abac/policy.js';
import { Graph } from '../authorization/node/graph.js';
import { graphInformers } from '../authorization/node/graph-populator.js';
import { NodeAuthorizer } from '../authorization/node/node-authorizer.js';
import { RbacAuthorizer } from '../authorization/rbac/rbac-authorizer.js';
import { webhookAuthorizer, webhookVersions } from '../authorization/webhook/webhook-authorizer.js';
import { loadWebhookClient, type WebhookClient } from '../auth/authenticators/webhook-client.js';
import { RuleResolver as RbacRuleResolver, type RbacInformers } from '../authorization/rbac/rule-resolver.js';
import { unionAuthorizer, unionRuleResolver } from '../authorization/union.js';
import { aggregateMessage } from '../errors/aggregate.js';
import { Informer } from '../client/informer.js';
import { storeListerWatcher } from '../registry/store-lister-watcher.js';
import type { ResourceRegistry } from '../registry/served-resources.js';
import type { Store } from '../registry/store/index.js';
import type { AuthorizationModule } from '../authorization/authorizer.js';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from '../apis/rbac/v1/schemas.generated.js';
import { errorMessage } from '../errors/error-message.js';

export interface Authorization {
  readonly authorizer: Authorizer;
  readonly ruleResolver: RuleResolver;
  /**
   * The RBAC rules users hold, whatever the modes (upstream's RBAC storage checks escalation against them
   * even when RBAC does not authorize requests); undefined when the RBAC group is not served.
   */
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

/** What the modes' files hold, read once at start. */
export interface AuthorizationFiles {
  /** ABAC's policies (`--authorization-policy-file`). */
  readonly policies?: readonly PolicySpec[];
  /** Webhook's client (`--authorization-webhook-config-file`). */
  readonly webhook?: WebhookClient;
}

/**
 * Reads the files of the configured modes.
 * @throws Error as kube-apiserver words it (`invalid authorization config: ...`).
 */
export async function loadAuthorizationFiles(options: AuthorizationOptions): Promise<AuthorizationFiles> {
  const modes = options.modes ?? DEFAULT_AUTHORIZATION_MODES;
  try {
    const [policyFile, webhook] = await Promise.all([
      modes.includes('ABAC') && options.policyFile ? loadPolicyFile(options.policyFile) : undefined,
      modes.includes('Webhook') && options.webhookConfigFile ? loadWebhookFor(options) : undefined,
    ]);
    for (const warning of policyFile?.warnings ?? []) console.warn(`kplane: ${warning}`);
    return { ...(policyFile ? { policies: policyFile.policies } : {}), ...(webhook ? { webhook } : {}) };
  } catch (error) {
    throw new Error(`invalid authorization config: ${errorMessage(error)}`, { cause: error });
  }
}

function loadWebhookFor(options: AuthorizationOptions): Promise<WebhookClient> {
  const version = options.webhookVersion ?? 'v1beta1';
  if (!webhookVersions.includes(version)) {
    throw new Error(`unsupported webhook authorizer version ${JSON.stringify(version)}, supported versions are "v1", "v1beta1"`);
  }
  return loadWebhookClient(options.webhookConfigFile!, 'authorization-webhook-config-file');
}

export function buildAuthorization(options: AuthorizationOptions, registry: ResourceRegistry, files: AuthorizationFiles = {}): Authorization {
  const abort = new AbortController();
  const informers: Informer[] = [];
  const follow = <T extends Informer>(informer: T): T => {
    informers.push(informer);
    informer.run(abort.signal);
    return informer;
  };
  const rbac = rbacServed(registry) ? new RbacRuleResolver(rbacInformers(registry, follow)) : undefined;
  const moduleFor = (mode: AuthorizationMode): AuthorizationModule => {
    switch (mode) {
      case 'AlwaysAllow':
        return alwaysAllow;
      case 'AlwaysDeny':
        return alwaysDeny;
      case 'ABAC':
        if (!files.policies) throw new Error('authorization-mode ABAC: the policy file was not loaded (loadAuthorizationFiles)');
        return abacAuthorizer(files.policies);
      case 'Webhook':
        if (!files.webhook) throw new Error('authorization-mode Webhook: the config file was not loaded (loadAuthorizationFiles)');
        return webhookAuthorizer({
          client: files.webhook,
          version: options.webhookVersion ?? 'v1beta1',
          ...(options.webhookCacheAuthorizedTtlMs !== undefined ? { authorizedTtlMs: options.webhookCacheAuthorizedTtlMs } : {}),
          ...(options.webhookCacheUnauthorizedTtlMs !== undefined ? { unauthorizedTtlMs: options.webhookCacheUnauthorizedTtlMs } : {}),
        });
      case 'RBAC':
        if (!rbac) throw new Error('authorization-mode RBAC needs rbac.authorization.k8s.io/v1 to be served');
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

const RBAC_RESOURCES = ['roles', 'clusterroles', 'rolebindings', 'clusterrolebindings'];

function rbacServed(registry: ResourceRegistry): boolean {
  return RBAC_RESOURCES.every((resource) => registry.current().storeFor('rbac.authorization.k8s.io', resource) !== undefined);
}

function rbacInformers(registry: ResourceRegistry, follow: <T extends Informer>(informer: T) => T): RbacInformers {
  const store = (resource: string) => storeListerWatcher(registry.current().storeFor('rbac.authorization.k8s.io', resource)!);
  return {
    roles: follow(new Informer<Role>(store('roles'))),
    clusterRoles: follow(new Informer<ClusterRole>(store('clusterroles'))),
    roleBindings: follow(new Informer<RoleBinding>(store('rolebindings'))),
    clusterRoleBindings: follow(new Informer<ClusterRoleBinding>(store('clusterrolebindings'))),
  };
}

/**
 * The Node mode: its graph, kept from pods, persistent volumes and (when storage.k8s.io is served)
 * volume attachments.
 */
function nodeAuthorizer(registry: ResourceRegistry, follow: <T extends Informer>(informer: T) => T): NodeAuthorizer {
  const core = (resource: string): Store => {
    const found = registry.current().storeFor('', resource);
    if (!found) throw new Error(`authorization-mode Node needs v1 ${resource} to be served`);
    return found;
  };
  const graph = new Graph();
  const volumeAttachments = registry.current().storeFor('storage.k8s.io', 'volumeattachments');
  const stores = { pods: core('pods'), persistentVolumes: core('persistentvolumes'), ...(volumeAttachments ? { volumeAttachments } : {}) };
  for (const informer of graphInformers(graph, stores)) follow(informer);
  return new NodeAuthorizer(graph);
}
