// What a pod or a persistent volume refers to, as the Node authorizer's graph records it (upstream
// podutil.VisitPodSecretNames / VisitPodConfigmapNames, ephemeral.VolumeClaimName and
// pvutil.VisitPVSecretNames, 1.25).
import type { Container, EphemeralContainer, PersistentVolume, Pod, Volume } from '../../apis/core/v1/schemas.generated.js';
import type { PodReferences } from './graph.js';

/** upstream MirrorPodAnnotationKey: a pod a kubelet created from a static manifest. */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

type AnyContainer = Container | EphemeralContainer;

const nonEmpty = (names: (string | undefined)[]): string[] => [...new Set(names.filter((n): n is string => Boolean(n)))];

function containersOf(pod: Pod): AnyContainer[] {
  const spec = pod.spec;
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? []), ...(spec?.ephemeralContainers ?? [])];
}

function containerSecrets(container: AnyContainer): (string | undefined)[] {
  return [...(container.envFrom ?? []).map((e) => e.secretRef?.name), ...(container.env ?? []).map((e) => e.valueFrom?.secretKeyRef?.name)];
}

function containerConfigMaps(container: AnyContainer): (string | undefined)[] {
  return [...(container.envFrom ?? []).map((e) => e.configMapRef?.name), ...(container.env ?? []).map((e) => e.valueFrom?.configMapKeyRef?.name)];
}

/** The secret a volume names (a volume has one source). */
function volumeSecrets(v: Volume): (string | undefined)[] {
  if (v.azureFile) return [v.azureFile.secretName];
  if (v.cephfs) return [v.cephfs.secretRef?.name];
  if (v.cinder) return [v.cinder.secretRef?.name];
  if (v.flexVolume) return [v.flexVolume.secretRef?.name];
  if (v.projected) return (v.projected.sources ?? []).map((s) => s.secret?.name);
  if (v.rbd) return [v.rbd.secretRef?.name];
  if (v.secret) return [v.secret.secretName];
  if (v.scaleIO) return [v.scaleIO.secretRef.name];
  if (v.iscsi) return [v.iscsi.secretRef?.name];
  if (v.storageos) return [v.storageos.secretRef?.name];
  if (v.csi) return [v.csi.nodePublishSecretRef?.name];
  return [];
}

function volumeConfigMaps(v: Volume): (string | undefined)[] {
  if (v.projected) return (v.projected.sources ?? []).map((s) => s.configMap?.name);
  if (v.configMap) return [v.configMap.name];
  return [];
}

/** The claim a volume mounts: its own, or the one an ephemeral volume gets (`<pod>-<volume>`). */
function volumeClaim(pod: Pod, v: Volume): string | undefined {
  if (v.persistentVolumeClaim) return v.persistentVolumeClaim.claimName;
  if (v.ephemeral) return `${pod.metadata.name ?? ''}-${v.name}`;
  return undefined;
}

/** The secrets a pod names: image pull secrets, containers' environment (all kinds of containers), volumes. */
export function podSecretNames(pod: Pod): string[] {
  const volumes = pod.spec?.volumes ?? [];
  return nonEmpty([...(pod.spec?.imagePullSecrets ?? []).map((r) => r.name), ...containersOf(pod).flatMap(containerSecrets), ...volumes.flatMap(volumeSecrets)]);
}

/** The configmaps a pod names: containers' environment and volumes. */
export function podConfigMapNames(pod: Pod): string[] {
  return nonEmpty([...containersOf(pod).flatMap(containerConfigMaps), ...(pod.spec?.volumes ?? []).flatMap(volumeConfigMaps)]);
}

export const isMirrorPod = (pod: Pod): boolean => pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined;

/** A pod's references; undefined for a mirror pod, which must grant its node nothing. */
export function podReferences(pod: Pod): PodReferences | undefined {
  if (isMirrorPod(pod)) return undefined;
  return {
    serviceAccount: pod.spec?.serviceAccountName ?? '',
    secrets: podSecretNames(pod),
    configMaps: podConfigMapNames(pod),
    claims: nonEmpty((pod.spec?.volumes ?? []).map((v) => volumeClaim(pod, v))),
  };
}

export interface ObjectName {
  namespace: string;
  name: string;
}

/** A secret reference of a PV source: its own namespace, else the claim's (`namespace` absent on old objects). */
const inNamespace = (ref: { name?: string; namespace?: string } | undefined, claimNamespace: string): (ObjectName | undefined)[] =>
  ref ? [{ namespace: ref.namespace || claimNamespace, name: ref.name ?? '' }] : [];

/** The secrets of a PV the kubelet reads (the CSI controller's secrets are not the node's business). */
export function persistentVolumeSecrets(pv: PersistentVolume): ObjectName[] {
  const spec = pv.spec ?? {};
  const claimNamespace = spec.claimRef?.namespace ?? '';
  let found: (ObjectName | undefined)[] = [];
  if (spec.azureFile) found = [{ namespace: spec.azureFile.secretNamespace || claimNamespace, name: spec.azureFile.secretName }];
  else if (spec.cephfs) found = inNamespace(spec.cephfs.secretRef, claimNamespace);
  else if (spec.cinder) found = inNamespace(spec.cinder.secretRef, '');
  else if (spec.flexVolume) found = inNamespace(spec.flexVolume.secretRef, claimNamespace);
  else if (spec.rbd) found = inNamespace(spec.rbd.secretRef, claimNamespace);
  else if (spec.scaleIO) found = inNamespace(spec.scaleIO.secretRef, claimNamespace);
  else if (spec.iscsi) found = inNamespace(spec.iscsi.secretRef, claimNamespace);
  else if (spec.storageos) found = inNamespace(spec.storageos.secretRef, '');
  else if (spec.csi) found = [spec.csi.nodePublishSecretRef, spec.csi.nodeStageSecretRef, spec.csi.nodeExpandSecretRef].flatMap((ref) => inNamespace(ref, ''));
  return found.filter((s): s is ObjectName => s !== undefined && s.name !== '');
}
