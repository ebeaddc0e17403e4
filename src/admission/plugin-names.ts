// The admission plugins kube-apiserver 1.25 knows, in the order they run (upstream
// pkg/kubeapiserver/options/plugins.go AllOrderedPlugins), which of them are on by default, and how
// `--enable-admission-plugins` / `--disable-admission-plugins` select among them (spec 2-access-control
// §Admission plugins: order in the flags is irrelevant; disabling also applies to default plugins).

/** Every plugin name of kube-apiserver 1.25, in the order the chain runs them. */
export const ALL_ORDERED_PLUGINS: readonly string[] = [
  'AlwaysAdmit',
  'NamespaceAutoProvision',
  'NamespaceLifecycle',
  'NamespaceExists',
  'SecurityContextDeny',
  'LimitPodHardAntiAffinityTopology',
  'LimitRanger',
  'ServiceAccount',
  'NodeRestriction',
  'TaintNodesByCondition',
  'AlwaysPullImages',
  'ImagePolicyWebhook',
  'PodSecurity',
  'PodNodeSelector',
  'Priority',
  'DefaultTolerationSeconds',
  'PodTolerationRestriction',
  'EventRateLimit',
  'ExtendedResourceToleration',
  'PersistentVolumeLabel',
  'DefaultStorageClass',
  'StorageObjectInUseProtection',
  'OwnerReferencesPermissionEnforcement',
  'PersistentVolumeClaimResize',
  'RuntimeClass',
  'CertificateApproval',
  'CertificateSigning',
  'CertificateSubjectRestriction',
  'DefaultIngressClass',
  'DenyServiceExternalIPs',
  // Webhooks, quota and deny run last.
  'MutatingAdmissionWebhook',
  'ValidatingAdmissionWebhook',
  'ResourceQuota',
  'AlwaysDeny',
];

/** On unless disabled (the complement of upstream's DefaultOffAdmissionPlugins). */
export const DEFAULT_ON_PLUGINS: ReadonlySet<string> = new Set([
  'NamespaceLifecycle', 'LimitRanger', 'ServiceAccount', 'DefaultStorageClass', 'PersistentVolumeClaimResize',
  'DefaultTolerationSeconds', 'MutatingAdmissionWebhook', 'ValidatingAdmissionWebhook', 'ResourceQuota',
  'StorageObjectInUseProtection', 'Priority', 'TaintNodesByCondition', 'RuntimeClass', 'CertificateApproval',
  'CertificateSigning', 'CertificateSubjectRestriction', 'DefaultIngressClass', 'PodSecurity',
]);

/** `--enable-admission-plugins` and `--disable-admission-plugins`. */
export interface AdmissionPluginSelection {
  readonly enable?: readonly string[];
  readonly disable?: readonly string[];
}

const KNOWN: ReadonlySet<string> = new Set(ALL_ORDERED_PLUGINS);

/** The plugins that run, in order (upstream enabledPluginNames): the defaults and `enable`, less `disable`. */
export function enabledPluginNames(selection: AdmissionPluginSelection): string[] {
  const enable = new Set(selection.enable ?? []);
  const disable = new Set(selection.disable ?? []);
  return ALL_ORDERED_PLUGINS.filter((name) => enable.has(name) || (DEFAULT_ON_PLUGINS.has(name) && !disable.has(name)));
}

/**
 * upstream's checks of the selection (unknown names, names both enabled and disabled), and kplane's: a
 * plugin named in `--enable-admission-plugins` must be one kplane implements. Default plugins kplane lacks
 * are left out of the chain without complaint; disabling them is accepted.
 */
export function admissionSelectionErrors(selection: AdmissionPluginSelection, implemented: ReadonlySet<string>): string[] {
  const enable = selection.enable ?? [];
  const disable = selection.disable ?? [];
  const errors = [
    ...enable.filter((name) => !KNOWN.has(name)).map((name) => `enable-admission-plugins plugin ${JSON.stringify(name)} is unknown`),
    ...disable.filter((name) => !KNOWN.has(name)).map((name) => `disable-admission-plugins plugin ${JSON.stringify(name)} is unknown`),
  ];
  const overlap = [...new Set(enable.filter((name) => disable.includes(name)))].sort();
  if (overlap.length > 0) errors.push(`[${overlap.join(' ')}] in enable-admission-plugins and disable-admission-plugins overlapped`);
  const missing = enable.filter((name) => KNOWN.has(name) && !implemented.has(name));
  for (const name of new Set(missing)) {
    errors.push(`enable-admission-plugins plugin ${JSON.stringify(name)} is not implemented by kplane (it implements ${[...implemented].sort().join(', ')})`);
  }
  return errors;
}
