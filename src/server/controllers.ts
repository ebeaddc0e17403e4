// The in-process controllers of one server (ARCHITECTURE §4), each behind leader election when several
// replicas may share the store.
//
// Decision: leader election runs by default only with etcd storage. SQLite and memory stores belong to one
// process, so there is exactly one replica and nothing to elect; electing anyway would cost a Lease write
// every retry period (an fsync each on SQLite) and, after a crash, would keep the controllers idle for a
// lease duration until the dead process's Lease expired. `leaderElection` turns it on or off explicitly.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Controller } from '../controllers/controller.js';
import type { ControllerContext } from '../controllers/controller-context.js';
import { DEFAULT_LEADER_ELECTION_TIMING, electedController, leaseLock, type LeaderElectionTiming } from '../controllers/leader-election/index.js';
import { apfConfigurationController } from '../controllers/apf-configuration/apf-configuration-controller.js';
import { localAPIServicesController } from '../controllers/local-apiservices/local-apiservices-controller.js';
import { servedGroupVersions } from '../controllers/local-apiservices/local-apiservices.js';
import { namespaceController } from '../controllers/namespace/namespace-controller.js';
import { garbageCollectorController } from '../controllers/garbage-collector/garbage-collector.js';
import { rootCAPublisher } from '../controllers/service-accounts/root-ca-publisher.js';
import { pvcProtectionController } from '../controllers/volume-protection/pvc-protection.js';
import { csrSigningController } from '../controllers/certificates/csr-signing.js';
import { csrApprovingController } from '../controllers/certificates/csr-approving.js';
import { csrCleanerController } from '../controllers/certificates/csr-cleaner.js';
import type { SignerAuthorities } from './cluster-signing.js';
import { pvProtectionController } from '../controllers/volume-protection/pv-protection.js';
import { resourceQuotaController } from '../controllers/resource-quota/resource-quota-controller.js';
import { serviceAccountController } from '../controllers/service-accounts/service-account-controller.js';
import { tokensController } from '../controllers/service-accounts/tokens-controller.js';
import type { TokenGenerator } from '../auth/service-accounts/token-generator.js';
import { bootstrapSignerController } from '../controllers/bootstrap/bootstrap-signer.js';
import { tokenCleanerController } from '../controllers/bootstrap/token-cleaner.js';
import { clusterRoleAggregationController } from '../controllers/clusterrole-aggregation/clusterrole-aggregation-controller.js';
import { DEFAULT_CONTROLLERS, isControllerEnabled } from '../controllers/selection.js';
import type { ResourceRegistry } from '../registry/served-resources.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { ServedStores } from './stores.js';

/** Leader election settings (`startServer({ leaderElection })`); durations default to kube-controller-manager's. */
export interface LeaderElectionOptions extends Partial<LeaderElectionTiming> {
  /** This replica's identity in the Leases; default `<hostname>_<uuid>`. */
  identity?: string;
}

/** Where the controllers' Leases live, as kube-controller-manager's. */
export const LEADER_ELECTION_NAMESPACE = 'kube-system';

/** The Lease of the controller `name`: `kplane-<name>-controller`. */
export const controllerLeaseName = (name: string): string => `kplane-${name}-controller`;

/** This process's identity in Leases, as client-go's leader election builds it: `<hostname>_<uuid>`. */
export const defaultIdentity = (): string => `${hostname()}_${randomUUID()}`;

/** What the controllers count on the server's /metrics. */
export interface ControllerMetrics {
  garbageCollectorSyncError(): void;
}

export interface ServiceAccountControllerOptions {
  rootCA: string;
  legacyGenerator: TokenGenerator;
  /** LegacyServiceAccountTokenNoAutoGeneration off: the token controller makes a token secret per account. */
  autoGenerateTokens?: boolean;
}

/** What buildControllers needs beside the stores. */
export interface ControllerOptions {
  /** Each controller's clients and the shared informers (server/controller-runtime.ts). */
  contextFor: (name: string) => ControllerContext;
  /** Elected controllers, when several replicas share the store. */
  leaderElection?: LeaderElectionOptions;
  /** Follows the served set as it changes. */
  registry?: ResourceRegistry;
  /** kube-controller-manager's `--controllers`; default `*`. */
  selection?: readonly string[];
  /** The service account controllers run only with these. */
  serviceAccounts?: ServiceAccountControllerOptions;
  /** The CA of each signer csrsigning runs (kube-controller-manager's --cluster-signing-* files) and --cluster-signing-duration; without it csrsigning does not run. */
  clusterSigning?: { authorities: SignerAuthorities; durationMs?: number | undefined };
  metrics?: ControllerMetrics;
}

/**
 * The server's controllers that `selection` (kube-controller-manager's `--controllers`) enables; elected ones
 * when `leaderElection` is given. None is started yet. The service account controllers need `serviceAccounts`.
 */
export function buildControllers(served: ServedStores, options: ControllerOptions): Controller[] {
  const { leaderElection, registry, selection = DEFAULT_CONTROLLERS, serviceAccounts, clusterSigning, metrics, contextFor } = options;
  const all = [
    ...controllerBuilders(served, contextFor, registry, metrics),
    ...(serviceAccounts ? serviceAccountBuilders(served, contextFor, serviceAccounts) : []),
    ...certificateBuilders(served, contextFor, clusterSigning),
  ];
  const builders = all.filter(([name]) => isControllerEnabled(name, selection));
  if (leaderElection === undefined) return builders.map(([, create]) => create());
  const leases = served.stores.find((s) => s.def.group === 'coordination.k8s.io' && s.def.resource === 'leases');
  if (!leases) throw new Error('kplane: leader election needs the coordination.k8s.io/v1 leases resource');
  const { identity = defaultIdentity(), ...durations } = leaderElection;
  const timing: LeaderElectionTiming = { ...DEFAULT_LEADER_ELECTION_TIMING, ...durations };
  const elected = (name: string, create: () => Controller): Controller =>
    electedController({ name, lock: leaseLock(leases, LEADER_ELECTION_NAMESPACE, controllerLeaseName(name)), identity, timing, create });
  return builders.map(([name, create]) => elected(name, create));
}

/** The definition of `group/version/resource` (the ref a controller's clients and informers take), if served. */
function servedDef(served: ServedStores, group: string, version: string, resource: string): ResourceDefinition | undefined {
  return served.stores.find((s) => s.def.group === group && s.def.version === version && s.def.resource === resource)?.def;
}

/**
 * Each controller's name (kube-controller-manager's where it has one) and how to make a fresh instance;
 * controllers of unserved kinds are left out.
 * With a `registry`, the Local APIServices follow the served set as it changes.
 */
function controllerBuilders(
  served: ServedStores, contextFor: (name: string) => ControllerContext, registry: ResourceRegistry | undefined, metrics: ControllerMetrics | undefined,
): [string, () => Controller][] {
  const definitions = (): readonly ResourceDefinition[] => registry?.current().definitions ?? served.stores.map((s) => s.def);
  const builders: [string, () => Controller][] = [
    ['namespace', () => namespaceController(contextFor('namespace'), { namespaces: served.namespaces.def, namespaced: () => served.namespacedByStorage().map((s) => s.def) })],
    ['garbagecollector', () => garbageCollectorController(contextFor('garbagecollector'), {
      definitions: definitions(), ...(registry ? { registry } : {}), ...(metrics ? { onSyncError: () => metrics.garbageCollectorSyncError() } : {}),
    })],
  ];
  const apiServices = servedDef(served, 'apiregistration.k8s.io', 'v1', 'apiservices');
  if (apiServices) {
    const servedGVs = () => servedGroupVersions(definitions());
    const services = servedDef(served, '', 'v1', 'services');
    const onServedSetChange = registry ? { onServedSetChange: (listener: () => void) => registry.onChange(listener) } : {};
    builders.push(['local-apiservices', () => localAPIServicesController(contextFor('local-apiservices'), {
      apiServices, ...(services ? { services } : {}), servedGroupVersions: servedGVs, ...onServedSetChange,
    })]);
  }
  const flowSchemas = servedDef(served, 'flowcontrol.apiserver.k8s.io', 'v1beta2', 'flowschemas');
  const priorityLevels = servedDef(served, 'flowcontrol.apiserver.k8s.io', 'v1beta2', 'prioritylevelconfigurations');
  if (flowSchemas && priorityLevels) builders.push(['apf-configuration', () => apfConfigurationController(contextFor('apf-configuration'), { flowSchemas, priorityLevels })]);
  const secrets = servedDef(served, '', 'v1', 'secrets');
  const configMaps = servedDef(served, '', 'v1', 'configmaps');
  if (secrets && configMaps) builders.push(['bootstrapsigner', () => bootstrapSignerController(contextFor('bootstrapsigner'), { secrets, configMaps })]);
  if (secrets) builders.push(['tokencleaner', () => tokenCleanerController(contextFor('tokencleaner'), { secrets })]);
  const [claims, pods, volumes] = ['persistentvolumeclaims', 'pods', 'persistentvolumes'].map((r) => servedDef(served, '', 'v1', r));
  if (claims && pods) builders.push(['pvc-protection', () => pvcProtectionController(contextFor('pvc-protection'), { claims, pods })]);
  if (volumes) builders.push(['pv-protection', () => pvProtectionController(contextFor('pv-protection'), { volumes })]);
  const resourceQuotas = servedDef(served, '', 'v1', 'resourcequotas');
  if (resourceQuotas) builders.push(['resourcequota', () => resourceQuotaController(contextFor('resourcequota'), { resourceQuotas, definitions })]);
  const clusterRoles = servedDef(served, 'rbac.authorization.k8s.io', 'v1', 'clusterroles');
  if (clusterRoles) builders.push(['clusterrole-aggregation', () => clusterRoleAggregationController(contextFor('clusterrole-aggregation'), { clusterRoles })]);
  return builders;
}

/** upstream kube-controller-manager's serviceaccount, serviceaccount-token and root-ca-cert-publisher controllers. */
function serviceAccountBuilders(served: ServedStores, contextFor: (name: string) => ControllerContext, options: ServiceAccountControllerOptions): [string, () => Controller][] {
  const [serviceAccounts, secrets, configMaps] = ['serviceaccounts', 'secrets', 'configmaps'].map((r) => servedDef(served, '', 'v1', r));
  const namespaces = served.namespaces.def;
  const builders: [string, () => Controller][] = [];
  if (serviceAccounts) builders.push(['serviceaccount', () => serviceAccountController(contextFor('serviceaccount'), { namespaces, serviceAccounts })]);
  if (serviceAccounts && secrets) builders.push(['serviceaccount-token', () => tokensController(contextFor('serviceaccount-token'), { serviceAccounts, secrets, generator: options.legacyGenerator, rootCA: options.rootCA, autoGenerate: options.autoGenerateTokens ?? false })]);
  if (configMaps) builders.push(['root-ca-cert-publisher', () => rootCAPublisher(contextFor('root-ca-cert-publisher'), { namespaces, configMaps, rootCA: options.rootCA })]);
  return builders;
}

/** The certificates controllers (csrapproving, csrcleaner, and csrsigning when there is a CA to sign with). */
function certificateBuilders(
  served: ServedStores, contextFor: (name: string) => ControllerContext, signing: ControllerOptions['clusterSigning'],
): [string, () => Controller][] {
  const csrs = servedDef(served, 'certificates.k8s.io', 'v1', 'certificatesigningrequests');
  if (!csrs) return [];
  const builders: [string, () => Controller][] = [['csrcleaner', () => csrCleanerController(contextFor('csrcleaner'), { csrs })]];
  const subjectAccessReviews = servedDef(served, 'authorization.k8s.io', 'v1', 'subjectaccessreviews');
  if (subjectAccessReviews) builders.push(['csrapproving', () => csrApprovingController(contextFor('csrapproving'), { csrs, subjectAccessReviews })]);
  if (signing) {
    const { durationMs, authorities } = signing;
    builders.push(['csrsigning', () => csrSigningController(contextFor('csrsigning'), { csrs, authorities, ...(durationMs === undefined ? {} : { signingDurationMs: durationMs }) })]);
  }
  return builders;
}
