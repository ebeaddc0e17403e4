// The checks of the Pod Security Standards as k8s.io/pod-security-admission v0.25 (Kubernetes 1.25) has them,
// each under its upstream ID with the policy versions it applies from: baseline (host namespaces, privileged,
// capabilities, hostPath volumes, host ports, AppArmor, SELinux, /proc mount, seccomp, sysctls, Windows
// hostProcess) and restricted (volume types, privilege escalation, runAsNonRoot, runAsUser, seccomp,
// capabilities). A check returns undefined when the pod passes, else its forbidden reason and detail in
// upstream's words; a restricted check may stand in for a baseline one (`overrides`, upstream OverrideCheckIDs).
import type { ObjectMeta } from '../../../apis/meta/v1/types.js';
import type { Container, PodSpec, SELinuxOptions, Volume } from '../../../apis/core/v1/schemas.generated.js';
import { goQuote } from '../../../registry/selectors/go-format.js';
import type { Level } from './api.js';

/** A failed check: `reason` is always shown, `detail` (may be empty) in parentheses for a single pod. */
export interface Violation {
  readonly reason: string;
  readonly detail: string;
}

/** Checks a pod (or a pod template): undefined when allowed. */
export type CheckPod = (meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>) => Violation | undefined;

export interface VersionedCheck {
  /** The first policy version (minor of v1.N) this revision applies to. */
  readonly minimumVersion: number;
  readonly checkPod: CheckPod;
  /** Baseline checks this restricted check replaces at the restricted level. */
  readonly overrides?: readonly string[];
}

export interface Check {
  readonly id: string;
  readonly level: Exclude<Level, 'privileged'>;
  /** Revisions in increasing minimumVersion. */
  readonly versions: readonly VersionedCheck[];
}

// ---------------------------------------------------------------------------------------------------------
// Helpers as upstream's policy/helpers.go and visitor.go.

/** `"a", "b"` (upstream joinQuote: Go's %q of each, joined). */
export const joinQuote = (items: readonly string[]): string => items.map(goQuote).join(', ');

export const pluralize = (singular: string, plural: string, count: number): string => (count === 1 ? singular : plural);

/** A sorted, de-duplicated list (upstream sets.String.List()). */
const sortedSet = (items: Iterable<string>): string[] => [...new Set(items)].sort(byteOrder);

/** Go's string order (bytes of UTF-8; the same as UTF-16 code units outside the surrogates). */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** upstream visitContainers: init containers, containers, then ephemeral containers. */
function visitContainers(spec: Readonly<PodSpec>, visit: (container: Readonly<Container>) => void): void {
  for (const c of spec.initContainers ?? []) visit(c);
  for (const c of spec.containers ?? []) visit(c);
  for (const c of spec.ephemeralContainers ?? []) visit(c as Container);
}

const nameOf = (c: Readonly<Container>): string => c.name ?? '';

/** `container "a"` / `containers "a", "b"`. */
const containersPhrase = (names: readonly string[]): string => `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;

const isWindowsPod = (spec: Readonly<PodSpec>): boolean => spec.os?.name === 'windows';

const violation = (reason: string, detail = ''): Violation => ({ reason, detail });

// ---------------------------------------------------------------------------------------------------------
// Baseline.

/** hostNamespaces 1.0: spec.hostNetwork, hostPID, hostIPC must be false. */
function hostNamespaces_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const used: string[] = [];
  // Sorted as upstream's set: hostIPC, hostNetwork, hostPID.
  if (spec.hostIPC === true) used.push('hostIPC');
  if (spec.hostNetwork === true) used.push('hostNetwork');
  if (spec.hostPID === true) used.push('hostPID');
  return used.length > 0 ? violation('host namespaces', used.join(', ')) : undefined;
}

/** privileged 1.0: no container may set securityContext.privileged=true. */
function privileged_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.privileged === true) bad.push(nameOf(c));
  });
  return bad.length > 0 ? violation('privileged', `${containersPhrase(bad)} must not set securityContext.privileged=true`) : undefined;
}

const CAPABILITIES_ALLOWED_1_0: ReadonlySet<string> = new Set([
  'AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT',
]);

/** capabilities_baseline 1.0: capabilities.add only from the runtime's default set. */
function capabilitiesBaseline_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  const capabilities: string[] = [];
  visitContainers(spec, (c) => {
    let valid = true;
    for (const capability of c.securityContext?.capabilities?.add ?? []) {
      if (!CAPABILITIES_ALLOWED_1_0.has(capability)) {
        valid = false;
        capabilities.push(capability);
      }
    }
    if (!valid) bad.push(nameOf(c));
  });
  if (bad.length === 0) return undefined;
  return violation('non-default capabilities', `${containersPhrase(bad)} must not include ${joinQuote(sortedSet(capabilities))} in securityContext.capabilities.add`);
}

/** hostPathVolumes 1.0: no hostPath volume. */
function hostPathVolumes_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad = (spec.volumes ?? []).filter((v) => v.hostPath != null).map((v) => v.name ?? '');
  return bad.length > 0 ? violation('hostPath volumes', `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)}`) : undefined;
}

/** hostPorts 1.0: no container port with a hostPort. */
function hostPorts_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  const ports: string[] = [];
  visitContainers(spec, (c) => {
    let valid = true;
    for (const port of c.ports ?? []) {
      if (port.hostPort !== undefined && port.hostPort !== null && port.hostPort !== 0) {
        valid = false;
        ports.push(String(port.hostPort));
      }
    }
    if (!valid) bad.push(nameOf(c));
  });
  if (bad.length === 0) return undefined;
  // Upstream keeps the ports in a set of strings: sorted as text ("10000" before "80").
  const forbidden = sortedSet(ports);
  return violation('hostPort', `${containersPhrase(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('hostPort', 'hostPorts', forbidden.length)} ${forbidden.join(', ')}`);
}

const APPARMOR_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

/** appArmorProfile 1.0: the AppArmor annotations may only name runtime/default or localhost/* (or be empty). */
function appArmorProfile_1_0(meta: Readonly<ObjectMeta>): Violation | undefined {
  const forbidden: string[] = [];
  for (const [key, value] of Object.entries(meta.annotations ?? {})) {
    if (key.startsWith(APPARMOR_PREFIX) && !(value === '' || value === 'runtime/default' || value.startsWith('localhost/'))) {
      forbidden.push(`${key}=${goQuote(value)}`);
    }
  }
  if (forbidden.length === 0) return undefined;
  forbidden.sort(byteOrder);
  return violation(pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', forbidden.length), forbidden.join(', '));
}

const SELINUX_ALLOWED_TYPES_1_0: ReadonlySet<string> = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);

/**
 * seLinuxOptions 1.0: the type one of the container types, no user, no role. As in 1.25's policy code, the
 * detail tells of user and role only beside a forbidden type (fixed upstream after 1.25, kubernetes#113111).
 */
function seLinuxOptions_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const setters: string[] = [];
  const badTypes: string[] = [];
  let setUser = false;
  let setRole = false;
  const valid = (options: Readonly<SELinuxOptions>): boolean => {
    let ok = true;
    const type = options.type ?? '';
    if (!SELINUX_ALLOWED_TYPES_1_0.has(type)) {
      ok = false;
      badTypes.push(type);
    }
    if ((options.user ?? '').length > 0) {
      ok = false;
      setUser = true;
    }
    if ((options.role ?? '').length > 0) {
      ok = false;
      setRole = true;
    }
    return ok;
  };
  const podOptions = spec.securityContext?.seLinuxOptions;
  if (podOptions != null && !valid(podOptions)) setters.push('pod');
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    const options = c.securityContext?.seLinuxOptions;
    if (options != null && !valid(options)) bad.push(nameOf(c));
  });
  if (bad.length > 0) setters.push(containersPhrase(bad));
  if (setters.length === 0) return undefined;
  const data: string[] = [];
  const types = sortedSet(badTypes);
  if (types.length > 0) {
    data.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
    if (setUser) data.push('user may not be set');
    if (setRole) data.push('role may not be set');
  }
  return violation('seLinuxOptions', `${setters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}`);
}

/** procMount 1.0: a container's procMount unset or `Default`. */
function procMount_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  const types: string[] = [];
  visitContainers(spec, (c) => {
    const procMount = c.securityContext?.procMount;
    if (procMount == null || procMount === 'Default') return;
    bad.push(nameOf(c));
    types.push(procMount);
  });
  if (bad.length === 0) return undefined;
  return violation('procMount', `${containersPhrase(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}`);
}

const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

const validSeccompAnnotation = (value: string): boolean => value === 'runtime/default' || value === 'docker/default' || value.startsWith('localhost/');
const validSeccompType = (type: string | undefined): boolean => type === 'Localhost' || type === 'RuntimeDefault';

/** seccompProfile_baseline 1.0 (policy versions before 1.19): the alpha seccomp annotations. */
function seccompProfileBaseline_1_0(meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const annotations = meta.annotations ?? {};
  const forbidden: string[] = [];
  const podValue = annotations[SECCOMP_POD_ANNOTATION];
  if (podValue !== undefined && !validSeccompAnnotation(podValue)) forbidden.push(`${SECCOMP_POD_ANNOTATION}=${goQuote(podValue)}`);
  visitContainers(spec, (c) => {
    const key = SECCOMP_CONTAINER_ANNOTATION_PREFIX + nameOf(c);
    const value = annotations[key];
    if (value !== undefined && !validSeccompAnnotation(value)) forbidden.push(`${key}=${goQuote(value)}`);
  });
  if (forbidden.length === 0) return undefined;
  const list = sortedSet(forbidden);
  return violation('seccompProfile', `forbidden ${pluralize('annotation', 'annotations', list.length)} ${list.join(', ')}`);
}

/** seccompProfile_baseline 1.19: a seccompProfile.type, where set, RuntimeDefault or Localhost. */
function seccompProfileBaseline_1_19(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const setters: string[] = [];
  const values: string[] = [];
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile != null && !validSeccompType(podProfile.type)) {
    setters.push('pod');
    values.push(podProfile.type ?? '');
  }
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    const profile = c.securityContext?.seccompProfile;
    if (profile != null && !validSeccompType(profile.type)) {
      bad.push(nameOf(c));
      values.push(profile.type ?? '');
    }
  });
  if (bad.length > 0) setters.push(containersPhrase(bad));
  if (setters.length === 0) return undefined;
  return violation('seccompProfile', `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}`);
}

const SYSCTLS_ALLOWED_1_0: ReadonlySet<string> = new Set([
  'kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start',
]);

/** sysctls 1.0: only the safe set (listed in the order the pod gives them). */
function sysctls_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const forbidden = (spec.securityContext?.sysctls ?? []).map((s) => s.name ?? '').filter((name) => !SYSCTLS_ALLOWED_1_0.has(name));
  return forbidden.length > 0 ? violation('forbidden sysctls', forbidden.join(', ')) : undefined;
}

/** windowsHostProcess 1.0: neither pod nor container may set windowsOptions.hostProcess=true. */
function windowsHostProcess_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.windowsOptions?.hostProcess === true) bad.push(nameOf(c));
  });
  const setters: string[] = [];
  if (spec.securityContext?.windowsOptions?.hostProcess === true) setters.push('pod');
  if (bad.length > 0) setters.push(containersPhrase(bad));
  return setters.length > 0 ? violation('hostProcess', `${setters.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Restricted.

/** allowPrivilegeEscalation 1.8: every container sets allowPrivilegeEscalation=false. */
function allowPrivilegeEscalation_1_8(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.allowPrivilegeEscalation !== false) bad.push(nameOf(c));
  });
  return bad.length > 0 ? violation('allowPrivilegeEscalation != false', `${containersPhrase(bad)} must set securityContext.allowPrivilegeEscalation=false`) : undefined;
}

/** allowPrivilegeEscalation 1.25: as 1.8, Windows pods (spec.os.name) exempt. */
const allowPrivilegeEscalation_1_25: CheckPod = (meta, spec) => (isWindowsPod(spec) ? undefined : allowPrivilegeEscalation_1_8(meta, spec));

/** capabilities_restricted 1.22: drop ALL; add nothing but NET_BIND_SERVICE. */
function capabilitiesRestricted_1_22(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const missingDropAll: string[] = [];
  const addingForbidden: string[] = [];
  const forbidden: string[] = [];
  visitContainers(spec, (c) => {
    const capabilities = c.securityContext?.capabilities;
    if (capabilities == null) {
      missingDropAll.push(nameOf(c));
      return;
    }
    if (!(capabilities.drop ?? []).includes('ALL')) missingDropAll.push(nameOf(c));
    let added = false;
    for (const capability of capabilities.add ?? []) {
      if (capability !== 'NET_BIND_SERVICE') {
        added = true;
        forbidden.push(capability);
      }
    }
    if (added) addingForbidden.push(nameOf(c));
  });
  const details: string[] = [];
  if (missingDropAll.length > 0) details.push(`${containersPhrase(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`);
  if (addingForbidden.length > 0) details.push(`${containersPhrase(addingForbidden)} must not include ${joinQuote(sortedSet(forbidden))} in securityContext.capabilities.add`);
  return details.length > 0 ? violation('unrestricted capabilities', details.join('; ')) : undefined;
}

/** capabilities_restricted 1.25: as 1.22, Windows pods exempt. */
const capabilitiesRestricted_1_25: CheckPod = (meta, spec) => (isWindowsPod(spec) ? undefined : capabilitiesRestricted_1_22(meta, spec));

/** The inline volume sources restricted allows. */
const ALLOWED_VOLUME_SOURCES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'] as const;

/** The restricted volume sources, in upstream's order of precedence, each with the name it is reported by. */
const RESTRICTED_VOLUME_SOURCES: readonly (readonly [keyof Volume, string])[] = [
  ['hostPath', 'hostPath'], ['gcePersistentDisk', 'gcePersistentDisk'], ['awsElasticBlockStore', 'awsElasticBlockStore'], ['gitRepo', 'gitRepo'],
  ['nfs', 'nfs'], ['iscsi', 'iscsi'], ['glusterfs', 'glusterfs'], ['rbd', 'rbd'], ['flexVolume', 'flexVolume'], ['cinder', 'cinder'],
  ['cephfs', 'cephfs'], ['flocker', 'flocker'], ['fc', 'fc'], ['azureFile', 'azureFile'], ['vsphereVolume', 'vsphereVolume'],
  ['quobyte', 'quobyte'], ['azureDisk', 'azureDisk'], ['photonPersistentDisk', 'photonPersistentDisk'], ['portworxVolume', 'portworxVolume'],
  ['scaleIO', 'scaleIO'], ['storageos', 'storageos'],
];

/** restrictedVolumes 1.0: only configMap, csi, downwardAPI, emptyDir, ephemeral, persistentVolumeClaim, projected, secret. */
function restrictedVolumes_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  const types: string[] = [];
  for (const volume of spec.volumes ?? []) {
    if (ALLOWED_VOLUME_SOURCES.some((source) => volume[source] != null)) continue;
    bad.push(volume.name ?? '');
    types.push(RESTRICTED_VOLUME_SOURCES.find(([source]) => volume[source] != null)?.[1] ?? 'unknown');
  }
  if (bad.length === 0) return undefined;
  const list = sortedSet(types);
  return violation(
    'restricted volume types',
    `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('restricted volume type', 'restricted volume types', list.length)} ${joinQuote(list)}`,
  );
}

/** runAsNonRoot 1.0: runAsNonRoot=true on the pod or every container; false nowhere. */
function runAsNonRoot_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const setters: string[] = [];
  let podRunAsNonRoot = false;
  const podValue = spec.securityContext?.runAsNonRoot;
  if (podValue != null) {
    if (!podValue) setters.push('pod');
    else podRunAsNonRoot = true;
  }
  const explicitlyBad: string[] = [];
  const implicitlyBad: string[] = [];
  visitContainers(spec, (c) => {
    const value = c.securityContext?.runAsNonRoot;
    if (value != null) {
      if (!value) explicitlyBad.push(nameOf(c));
    } else if (!podRunAsNonRoot) {
      implicitlyBad.push(nameOf(c));
    }
  });
  if (explicitlyBad.length > 0) setters.push(containersPhrase(explicitlyBad));
  if (setters.length > 0) return violation('runAsNonRoot != true', `${setters.join(' and ')} must not set securityContext.runAsNonRoot=false`);
  if (implicitlyBad.length > 0) return violation('runAsNonRoot != true', `pod or ${containersPhrase(implicitlyBad)} must set securityContext.runAsNonRoot=true`);
  return undefined;
}

/** runAsUser 1.23: neither pod nor container sets runAsUser=0. */
function runAsUser_1_23(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const setters: string[] = [];
  if (spec.securityContext?.runAsUser === 0) setters.push('pod');
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.runAsUser === 0) bad.push(nameOf(c));
  });
  if (bad.length > 0) setters.push(containersPhrase(bad));
  return setters.length > 0 ? violation('runAsUser=0', `${setters.join(' and ')} must not set runAsUser=0`) : undefined;
}

/** seccompProfile_restricted 1.19: RuntimeDefault or Localhost on the pod or every container; nothing else anywhere. */
function seccompProfileRestricted_1_19(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const setters: string[] = [];
  const values: string[] = [];
  let podSeccompSet = false;
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile != null) {
    if (!validSeccompType(podProfile.type)) {
      setters.push('pod');
      values.push(podProfile.type ?? '');
    } else {
      podSeccompSet = true;
    }
  }
  const explicitlyBad: string[] = [];
  const implicitlyBad: string[] = [];
  visitContainers(spec, (c) => {
    const profile = c.securityContext?.seccompProfile;
    if (profile != null) {
      if (!validSeccompType(profile.type)) {
        explicitlyBad.push(nameOf(c));
        values.push(profile.type ?? '');
      }
    } else if (!podSeccompSet) {
      implicitlyBad.push(nameOf(c));
    }
  });
  if (explicitlyBad.length > 0) setters.push(containersPhrase(explicitlyBad));
  if (setters.length > 0) return violation('seccompProfile', `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}`);
  if (implicitlyBad.length > 0) {
    return violation('seccompProfile', `pod or ${containersPhrase(implicitlyBad)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`);
  }
  return undefined;
}

/** seccompProfile_restricted 1.25: as 1.19, Windows pods exempt. */
const seccompProfileRestricted_1_25: CheckPod = (meta, spec) => (isWindowsPod(spec) ? undefined : seccompProfileRestricted_1_19(meta, spec));

// ---------------------------------------------------------------------------------------------------------
// The registered checks (upstream DefaultChecks of v0.25; none are experimental).

const CAPABILITIES_BASELINE = 'capabilities_baseline';
const HOST_PATH_VOLUMES = 'hostPathVolumes';
const SECCOMP_BASELINE = 'seccompProfile_baseline';

export const DEFAULT_CHECKS: readonly Check[] = [
  { id: 'appArmorProfile', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: appArmorProfile_1_0 }] },
  { id: CAPABILITIES_BASELINE, level: 'baseline', versions: [{ minimumVersion: 0, checkPod: capabilitiesBaseline_1_0 }] },
  { id: 'hostNamespaces', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: hostNamespaces_1_0 }] },
  { id: HOST_PATH_VOLUMES, level: 'baseline', versions: [{ minimumVersion: 0, checkPod: hostPathVolumes_1_0 }] },
  { id: 'hostPorts', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: hostPorts_1_0 }] },
  { id: 'privileged', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: privileged_1_0 }] },
  { id: 'procMount', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: procMount_1_0 }] },
  { id: 'seLinuxOptions', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: seLinuxOptions_1_0 }] },
  { id: SECCOMP_BASELINE, level: 'baseline', versions: [{ minimumVersion: 0, checkPod: seccompProfileBaseline_1_0 }, { minimumVersion: 19, checkPod: seccompProfileBaseline_1_19 }] },
  { id: 'sysctls', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: sysctls_1_0 }] },
  { id: 'windowsHostProcess', level: 'baseline', versions: [{ minimumVersion: 0, checkPod: windowsHostProcess_1_0 }] },
  {
    id: 'allowPrivilegeEscalation',
    level: 'restricted',
    versions: [{ minimumVersion: 8, checkPod: allowPrivilegeEscalation_1_8 }, { minimumVersion: 25, checkPod: allowPrivilegeEscalation_1_25 }],
  },
  {
    id: 'capabilities_restricted',
    level: 'restricted',
    versions: [
      { minimumVersion: 22, checkPod: capabilitiesRestricted_1_22, overrides: [CAPABILITIES_BASELINE] },
      { minimumVersion: 25, checkPod: capabilitiesRestricted_1_25, overrides: [CAPABILITIES_BASELINE] },
    ],
  },
  { id: 'restrictedVolumes', level: 'restricted', versions: [{ minimumVersion: 0, checkPod: restrictedVolumes_1_0, overrides: [HOST_PATH_VOLUMES] }] },
  { id: 'runAsNonRoot', level: 'restricted', versions: [{ minimumVersion: 0, checkPod: runAsNonRoot_1_0 }] },
  { id: 'runAsUser', level: 'restricted', versions: [{ minimumVersion: 23, checkPod: runAsUser_1_23 }] },
  {
    id: 'seccompProfile_restricted',
    level: 'restricted',
    versions: [
      { minimumVersion: 19, checkPod: seccompProfileRestricted_1_19, overrides: [SECCOMP_BASELINE] },
      { minimumVersion: 25, checkPod: seccompProfileRestricted_1_25, overrides: [SECCOMP_BASELINE] },
    ],
  },
];
