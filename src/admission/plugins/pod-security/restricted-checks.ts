// The restricted checks of the Pod Security Standards (k8s.io/pod-security-admission v0.25), each under its upstream
// ID and the policy version it applies from; registered in checks.ts.
import type { ObjectMeta } from '../../../apis/meta/v1/types.js';
import type { PodSpec, Volume } from '../../../apis/core/v1/schemas.generated.js';
import { containersPhrase, isWindowsPod, joinQuote, nameOf, pluralize, sortedSet, validSeccompType, violation, visitContainers, type Violation, type CheckPod } from './check-support.js';

/** allowPrivilegeEscalation 1.8: every container sets allowPrivilegeEscalation=false. */
export function allowPrivilegeEscalation_1_8(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.allowPrivilegeEscalation !== false) bad.push(nameOf(c));
  });
  return bad.length > 0 ? violation('allowPrivilegeEscalation != false', `${containersPhrase(bad)} must set securityContext.allowPrivilegeEscalation=false`) : undefined;
}

/** allowPrivilegeEscalation 1.25: as 1.8, Windows pods (spec.os.name) exempt. */
export const allowPrivilegeEscalation_1_25: CheckPod = (meta, spec) => (isWindowsPod(spec) ? undefined : allowPrivilegeEscalation_1_8(meta, spec));

/** capabilities_restricted 1.22: drop ALL; add nothing but NET_BIND_SERVICE. */
export function capabilitiesRestricted_1_22(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
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
export const capabilitiesRestricted_1_25: CheckPod = (meta, spec) => (isWindowsPod(spec) ? undefined : capabilitiesRestricted_1_22(meta, spec));

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
export function restrictedVolumes_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
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
export function runAsNonRoot_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
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
export function runAsUser_1_23(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
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
export function seccompProfileRestricted_1_19(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
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
export const seccompProfileRestricted_1_25: CheckPod = (meta, spec) => (isWindowsPod(spec) ? undefined : seccompProfileRestricted_1_19(meta, spec));
