// The admission plugins kplane implements, each under its upstream name (upstream RegisterAllAdmissionPlugins),
// and the chain the server runs from a selection of them. A plugin is a factory over what it reads of the
// cluster (its informers upstream); stores.ts provides those.
import type { KubeObject } from '../apis/meta/v1/types.js';
import { admissionChain, type Admission } from './chain.js';
import { aggregateMessage } from '../errors/aggregate.js';
import { admissionSelectionErrors, enabledPluginNames, type AdmissionPluginSelection } from './plugin-names.js';
import { defaultIngressClassAdmission } from './plugins/default-ingress-class.js';
import { defaultStorageClassAdmission } from './plugins/default-storage-class.js';
import { pvcResizeAdmission, type StorageClassGetter } from './plugins/pvc-resize.js';
import { defaultTolerationSeconds, type DefaultTolerationSecondsConfig } from './plugins/default-toleration-seconds.js';
import { limitRanger, type LimitRangeLister } from './plugins/limit-ranger.js';
import { runtimeClassAdmission, type RuntimeClassGetter } from './plugins/runtime-class.js';
import { namespaceLifecycle } from './plugins/namespace-lifecycle.js';
import { nodeRestriction, type NodeRestrictionDeps } from './plugins/node-restriction.js';
import { priorityAdmission } from './plugins/priority.js';
import { serviceAccountAdmission, type ServiceAccountGetter } from './plugins/service-account.js';
import { ownerReferencesPermissionEnforcement, type OwnerReferencesPermissionDeps } from './plugins/owner-references-permission.js';
import { taintNodesByCondition } from './plugins/taint-nodes-by-condition.js';
import { alwaysAdmit } from './plugins/always-admit.js';
import { alwaysDeny } from './plugins/always-deny.js';
import { alwaysPullImages } from './plugins/always-pull-images.js';
import { denyServiceExternalIPs } from './plugins/deny-service-external-ips.js';
import { limitPodHardAntiAffinityTopology } from './plugins/limit-pod-hard-anti-affinity-topology.js';
import { namespaceExists } from './plugins/namespace-exists.js';
import { extendedResourceToleration } from './plugins/extended-resource-toleration.js';
import { securityContextDeny } from './plugins/security-context-deny.js';
import { loadPodTolerationRestrictionConfiguration, podTolerationRestriction, type PodTolerationRestrictionConfiguration } from './plugins/pod-toleration-restriction.js';
import { loadPodNodeSelectorConfiguration, podNodeSelector, type PodNodeSelectorConfiguration } from './plugins/pod-node-selector.js';
import { persistentVolumeLabel } from './plugins/persistent-volume-label.js';
import { eventRateLimit, loadEventRateLimitConfiguration, type EventRateLimitConfiguration } from './plugins/event-rate-limit.js';
import { imagePolicyWebhook } from './plugins/image-policy-webhook.js';
import { loadImagePolicyWebhookConfiguration, type LoadedImagePolicyWebhook } from './plugins/image-policy-webhook-config.js';
import { namespaceAutoProvision, type NamespaceCreator } from './plugins/namespace-auto-provision.js';
import { storageObjectInUseProtection } from './plugins/storage-object-in-use-protection.js';
import { certificateApproval } from './plugins/certificate-approval.js';
import { certificateSigning } from './plugins/certificate-signing.js';
import { certificateSubjectRestriction } from './plugins/certificate-subject-restriction.js';
import { mutatingAdmissionWebhook, validatingAdmissionWebhook, webhookAdmissionConfigurationLoader, type AuthenticationInfoResolver, type WebhookDeps } from './webhook/index.js';
import { loadPodSecurityConfiguration, podSecurityAdmission, type LoadedPodSecurityConfiguration, type PodSecurityDeps } from './plugins/pod-security/index.js';
import { readAdmissionConfiguration, type PluginConfigSource } from './config/index.js';
import { resourceQuotaAdmission } from './plugins/resource-quota.js';
import { loadResourceQuotaConfiguration, type ResourceQuotaConfiguration } from './plugins/resource-quota-config.js';
import type { QuotaStore } from './plugins/resource-quota-access.js';
import type { AdmissionPlugin } from './types.js';
import { errorMessage } from '../errors/error-message.js';

/** What the plugins read of the cluster (and the authorizer, for plugins that ask it). */
export interface AdmissionPluginDeps extends OwnerReferencesPermissionDeps {
  getNamespace(name: string): Promise<Readonly<KubeObject> | undefined>;
  /** Creates a namespace as the API server (NamespaceAutoProvision; upstream's loopback client). */
  createNamespace: NamespaceCreator;
  listPriorityClasses(): Promise<readonly Readonly<KubeObject>[]>;
  listIngressClasses(): Promise<readonly Readonly<KubeObject>[]>;
  listLimitRanges: LimitRangeLister;
  listStorageClasses(): Promise<readonly Readonly<KubeObject>[]>;
  getStorageClass: StorageClassGetter;
  getRuntimeClass: RuntimeClassGetter;
  getServiceAccount: ServiceAccountGetter;
  getPod: NodeRestrictionDeps['getPod'];
  getNode: NodeRestrictionDeps['getNode'];
  /** A namespace's pods as the watch cache has them (PodSecurity, when a namespace's enforce level tightens). */
  listPods: PodSecurityDeps['listPods'];
  /** The decoded configurations of the plugins that read one (loadAdmissionPluginConfigs); none: their defaults. */
  pluginConfigs?: AdmissionPluginConfigs;
  /** ResourceQuota's reads of the namespace's quotas and its status writes. */
  resourceQuotas: QuotaStore;
  /** DefaultTolerationSeconds' flags; 300 seconds each when left out. */
  tolerationSeconds?: DefaultTolerationSecondsConfig;
  /** What the webhook plugins read (the configurations, services and endpoints, equivalent resources) and record. */
  webhooks: Omit<WebhookDeps, 'getNamespace' | 'credentials'>;
}

/** kube-apiserver's defaults of `--default-not-ready-toleration-seconds` and `--default-unreachable-toleration-seconds`. */
export const DEFAULT_TOLERATION_SECONDS: DefaultTolerationSecondsConfig = { notReadySeconds: 300, unreachableSeconds: 300 };

/** kplane's plugins by upstream name. */
export const ADMISSION_PLUGINS: Readonly<Record<string, (deps: AdmissionPluginDeps) => AdmissionPlugin>> = {
  NamespaceLifecycle: (deps) => namespaceLifecycle((name) => deps.getNamespace(name)),
  LimitRanger: (deps) => limitRanger(deps.listLimitRanges),
  ServiceAccount: (deps) => serviceAccountAdmission(deps.getServiceAccount),
  NodeRestriction: (deps) => nodeRestriction(deps),
  Priority: (deps) => priorityAdmission(() => deps.listPriorityClasses()),
  DefaultIngressClass: (deps) => defaultIngressClassAdmission(() => deps.listIngressClasses()),
  DefaultTolerationSeconds: (deps) => defaultTolerationSeconds(deps.tolerationSeconds ?? DEFAULT_TOLERATION_SECONDS),
  TaintNodesByCondition: () => taintNodesByCondition(),
  RuntimeClass: (deps) => runtimeClassAdmission(deps.getRuntimeClass),
  DefaultStorageClass: (deps) => defaultStorageClassAdmission(() => deps.listStorageClasses()),
  PersistentVolumeClaimResize: (deps) => pvcResizeAdmission(deps.getStorageClass),
  StorageObjectInUseProtection: () => storageObjectInUseProtection(),
  CertificateApproval: (deps) => certificateApproval(() => deps.authorizer()),
  CertificateSigning: (deps) => certificateSigning(() => deps.authorizer()),
  CertificateSubjectRestriction: () => certificateSubjectRestriction(),
  OwnerReferencesPermissionEnforcement: (deps) => ownerReferencesPermissionEnforcement(deps),
  MutatingAdmissionWebhook: (deps) => mutatingAdmissionWebhook(webhookDeps(deps, 'MutatingAdmissionWebhook')),
  ValidatingAdmissionWebhook: (deps) => validatingAdmissionWebhook(webhookDeps(deps, 'ValidatingAdmissionWebhook')),
  PodSecurity: (deps) => podSecurityAdmission(configOf<LoadedPodSecurityConfiguration>(deps, 'PodSecurity'), deps),
  ResourceQuota: (deps) => resourceQuotaAdmission(deps.resourceQuotas, { limitedResources: configOf<ResourceQuotaConfiguration>(deps, 'ResourceQuota').limitedResources }),
  // Off by default (upstream's DefaultOffAdmissionPlugins).
  AlwaysAdmit: () => alwaysAdmit(),
  AlwaysDeny: () => alwaysDeny(),
  AlwaysPullImages: () => alwaysPullImages(),
  DenyServiceExternalIPs: () => denyServiceExternalIPs(),
  LimitPodHardAntiAffinityTopology: () => limitPodHardAntiAffinityTopology(),
  NamespaceExists: (deps) => namespaceExists((name) => deps.getNamespace(name)),
  NamespaceAutoProvision: (deps) => namespaceAutoProvision((name) => deps.getNamespace(name), deps.createNamespace),
  ExtendedResourceToleration: () => extendedResourceToleration(),
  SecurityContextDeny: () => securityContextDeny(),
  PodTolerationRestriction: (deps) => podTolerationRestriction(configOf<PodTolerationRestrictionConfiguration>(deps, 'PodTolerationRestriction'), (name) => deps.getNamespace(name)),
  EventRateLimit: (deps) => eventRateLimit(configOf<EventRateLimitConfiguration>(deps, 'EventRateLimit')),
  PodNodeSelector: (deps) => podNodeSelector(configOf<PodNodeSelectorConfiguration>(deps, 'PodNodeSelector'), (name) => deps.getNamespace(name)),
  ImagePolicyWebhook: (deps) => imagePolicyWebhook(configOf<LoadedImagePolicyWebhook>(deps, 'ImagePolicyWebhook')),
  PersistentVolumeLabel: () => persistentVolumeLabel(),
};

/** The decoded configuration of each enabled plugin that reads one, by upstream name. */
export type AdmissionPluginConfigs = ReadonlyMap<string, unknown>;

/**
 * The plugins that read a configuration of their own from `--admission-control-config-file`, each with how it
 * decodes and checks it (upstream: the plugin's factory and its ValidateInitialization); given undefined when
 * the file has none for it. Each throws an Error with upstream's text. A plugin that reads files its configuration
 * names (ImagePolicyWebhook's kubeconfig, the webhook plugins' WebhookAdmissionConfiguration kubeconfig) answers
 * a promise, awaited at start; given undefined, it answers at once (ImagePolicyWebhook throws, the webhook plugins
 * call anonymously).
 */
export const ADMISSION_PLUGIN_CONFIGURATIONS: Readonly<Record<string, (source: PluginConfigSource | undefined) => unknown>> = {
  PodSecurity: loadPodSecurityConfiguration,
  PodNodeSelector: loadPodNodeSelectorConfiguration,
  PodTolerationRestriction: loadPodTolerationRestrictionConfiguration,
  EventRateLimit: loadEventRateLimitConfiguration,
  ImagePolicyWebhook: loadImagePolicyWebhookConfiguration,
  ResourceQuota: loadResourceQuotaConfiguration,
  MutatingAdmissionWebhook: webhookAdmissionConfigurationLoader('MutatingAdmissionWebhook'),
  ValidatingAdmissionWebhook: webhookAdmissionConfigurationLoader('ValidatingAdmissionWebhook'),
};

/** A plugin's decoded configuration, or its defaults when none was loaded (unit tests, buildStores without one). */
function configOf<T>(deps: AdmissionPluginDeps, name: string): T {
  return (deps.pluginConfigs?.get(name) ?? ADMISSION_PLUGIN_CONFIGURATIONS[name]!(undefined)) as T;
}

/** A webhook plugin's deps: the cluster's, and the credentials of its WebhookAdmissionConfiguration (each plugin its own). */
function webhookDeps(deps: AdmissionPluginDeps, plugin: string): WebhookDeps {
  return { ...deps.webhooks, getNamespace: deps.getNamespace, credentials: configOf<AuthenticationInfoResolver>(deps, plugin) };
}

/**
 * Reads `--admission-control-config-file` (none: no plugin has a configuration) and decodes the configuration of
 * each enabled plugin that reads one, as kube-apiserver does when it makes the admission chain.
 * @throws Error `failed to initialize admission: ...` for a file or configuration upstream refuses.
 */
export async function loadAdmissionPluginConfigs(selection: AdmissionPluginSelection, file: string | undefined): Promise<AdmissionPluginConfigs> {
  const enabled = enabledPluginNames(selection);
  try {
    const configuration = await readAdmissionConfiguration(file, enabled);
    const configs = new Map<string, unknown>();
    for (const name of enabled) {
      const decode = ADMISSION_PLUGIN_CONFIGURATIONS[name];
      if (decode && IMPLEMENTED_ADMISSION_PLUGINS.has(name)) configs.set(name, await decode(configuration.configFor(name)));
    }
    return configs;
  } catch (error) {
    throw new Error(`failed to initialize admission: ${errorMessage(error)}`, { cause: error });
  }
}

/** The names of {@link ADMISSION_PLUGINS}. */
export const IMPLEMENTED_ADMISSION_PLUGINS: ReadonlySet<string> = new Set(Object.keys(ADMISSION_PLUGINS));

/**
 * Checks a selection of plugins.
 * @throws Error for a selection upstream refuses, or one enabling a plugin kplane lacks (see admissionSelectionErrors).
 */
export function checkAdmissionSelection(selection: AdmissionPluginSelection): void {
  const errors = admissionSelectionErrors(selection, IMPLEMENTED_ADMISSION_PLUGINS);
  if (errors.length > 0) throw new Error(aggregateMessage(errors));
}

/**
 * The chain of the selected plugins in upstream's order; default plugins kplane lacks are skipped.
 * @throws Error as {@link checkAdmissionSelection}.
 */
export function buildAdmission(selection: AdmissionPluginSelection, deps: AdmissionPluginDeps): Admission {
  checkAdmissionSelection(selection);
  return admissionChain(enabledPluginNames(selection).flatMap((name) => ADMISSION_PLUGINS[name]?.(deps) ?? []));
}
