// Defaults of volume sources (upstream 1.25 pkg/apis/core/v1/defaults.go: SetDefaults_Volume and the
// per-source SetDefaults_* functions), shared by pod volumes and PersistentVolume sources.
// 3-resources "Volume": file modes default to 0644, a token projection lives one hour.
import type {
  AzureDiskVolumeSource, DownwardAPIVolumeFile, PersistentVolumeClaimSpec, PersistentVolumeSpec, RBDVolumeSource, ScaleIOVolumeSource, Volume,
} from '../schemas.generated.js';
import type { VolumeSourceKey } from './volume-source.js';

/** Default mode of secret, configMap, downwardAPI and projected files: 0644. */
export const DEFAULT_FILE_MODE = 0o644;
/** Default lifetime of a projected service account token: one hour. */
export const DEFAULT_TOKEN_EXPIRATION_SECONDS = 3600;

const SOURCE_KEYS: readonly VolumeSourceKey[] = [
  'awsElasticBlockStore', 'azureDisk', 'azureFile', 'cephfs', 'cinder', 'configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'fc',
  'flexVolume', 'flocker', 'gcePersistentDisk', 'gitRepo', 'glusterfs', 'hostPath', 'iscsi', 'nfs', 'persistentVolumeClaim',
  'photonPersistentDisk', 'portworxVolume', 'projected', 'quobyte', 'rbd', 'scaleIO', 'secret', 'storageos', 'vsphereVolume',
];

function defaultFieldRefs(items: DownwardAPIVolumeFile[] | undefined): void {
  for (const item of items ?? []) if (item.fieldRef && !item.fieldRef.apiVersion) item.fieldRef.apiVersion = 'v1';
}

function defaultRBD(rbd: Pick<RBDVolumeSource, 'pool' | 'user' | 'keyring'>): void {
  rbd.pool ||= 'rbd';
  rbd.user ||= 'admin';
  rbd.keyring ||= '/etc/ceph/keyring';
}

function defaultAzureDisk(disk: AzureDiskVolumeSource): void {
  disk.cachingMode ??= 'ReadWrite';
  disk.kind ??= 'Shared';
  disk.fsType ??= 'ext4';
  disk.readOnly ??= false;
}

function defaultScaleIO(sio: Pick<ScaleIOVolumeSource, 'storageMode' | 'fsType'>): void {
  sio.storageMode ||= 'ThinProvisioned';
  sio.fsType ||= 'xfs';
}

/** The sources a pod volume and a PersistentVolume share, defaulted in place. */
function defaultSharedSources(src: Pick<Volume, 'hostPath' | 'iscsi' | 'rbd' | 'azureDisk' | 'scaleIO'> | PersistentVolumeSpec): void {
  if (src.hostPath) src.hostPath.type ??= '';
  if (src.iscsi) src.iscsi.iscsiInterface ||= 'default';
  if (src.rbd) defaultRBD(src.rbd);
  if (src.azureDisk) defaultAzureDisk(src.azureDisk);
  if (src.scaleIO) defaultScaleIO(src.scaleIO);
}

/** PersistentVolumeClaimSpec: volumeMode Filesystem. */
export function defaultClaimSpec(spec: PersistentVolumeClaimSpec): void {
  spec.volumeMode ??= 'Filesystem';
}

/** One pod volume, in place: emptyDir when no source is set, then the source's own defaults. */
export function defaultVolume(volume: Volume): void {
  if (SOURCE_KEYS.every((key) => volume[key] === undefined || volume[key] === null)) volume.emptyDir = {};
  defaultSharedSources(volume);
  if (volume.secret) volume.secret.defaultMode ??= DEFAULT_FILE_MODE;
  if (volume.configMap) volume.configMap.defaultMode ??= DEFAULT_FILE_MODE;
  if (volume.downwardAPI) {
    volume.downwardAPI.defaultMode ??= DEFAULT_FILE_MODE;
    defaultFieldRefs(volume.downwardAPI.items);
  }
  if (volume.projected) {
    volume.projected.defaultMode ??= DEFAULT_FILE_MODE;
    for (const source of volume.projected.sources ?? []) {
      if (source.serviceAccountToken) source.serviceAccountToken.expirationSeconds ??= DEFAULT_TOKEN_EXPIRATION_SECONDS;
      defaultFieldRefs(source.downwardAPI?.items);
    }
  }
  const template = volume.ephemeral?.volumeClaimTemplate;
  if (template?.spec) defaultClaimSpec(template.spec);
}

/** Every pod volume, in place. */
export function defaultVolumes(volumes: Volume[] | undefined): void {
  for (const volume of volumes ?? []) defaultVolume(volume);
}

/** A PersistentVolume's source, in place. */
export function defaultPersistentVolumeSource(spec: PersistentVolumeSpec): void {
  defaultSharedSources(spec);
}
