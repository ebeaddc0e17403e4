// The checks of the Pod Security Standards as k8s.io/pod-security-admission v0.25 (Kubernetes 1.25) has them,
// each under its upstream ID with the policy versions it applies from: baseline (host namespaces, privileged,
// capabilities, hostPath volumes, host ports, AppArmor, SELinux, /proc mount, seccomp, sysctls, Windows
// hostProcess) and restricted (volume types, privilege escalation, runAsNonRoot, runAsUser, seccomp,
// capabilities). A check returns undefined when the pod passes, else its forbidden reason and detail in
// upstream's words; a restricted check may stand in for a baseline one (`overrides`, upstream OverrideCheckIDs).
// This file registers them; they live in baseline-checks.ts and restricted-checks.ts, over check-support.ts.
import type { Level } from './api.js';
import type { CheckPod } from './check-support.js';
import { hostNamespaces_1_0, privileged_1_0, capabilitiesBaseline_1_0, hostPathVolumes_1_0, hostPorts_1_0, appArmorProfile_1_0, seLinuxOptions_1_0, procMount_1_0, seccompProfileBaseline_1_0, seccompProfileBaseline_1_19, sysctls_1_0, windowsHostProcess_1_0 } from './baseline-checks.js';
import { allowPrivilegeEscalation_1_8, allowPrivilegeEscalation_1_25, capabilitiesRestricted_1_22, capabilitiesRestricted_1_25, restrictedVolumes_1_0, runAsNonRoot_1_0, runAsUser_1_23, seccompProfileRestricted_1_19, seccompProfileRestricted_1_25 } from './restricted-checks.js';

export type { CheckPod, Violation } from './check-support.js';

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
