// A pod volume's source (upstream validateVolumeSource): each source set is checked with its own
// rules, every one after the first is refused ("may not specify more than 1 volume type"), and none
// at all is "must specify a volume type". The table keeps upstream's order and its field paths,
// including its misspellings (`downwarAPI`, `cephFS`) and `persistentDisk` for gcePersistentDisk.
import { forbidden, invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import type { ObjectMeta } from '../../../meta/v1/types.js';
import type { Volume } from '../schemas.generated.js';
import { validateDownwardAPIVolumeSource } from './downward-api.js';
import { validateEphemeral, validateEphemeralClaimName } from './ephemeral.js';
import { validateProjectedVolumeSource } from './projected.js';
import {
  validateClaimVolume, validateConfigMapVolume, validateEmptyDir, validateGitRepo, validateHostPath, validateNFS, validateSecretVolume,
} from './sources-basic.js';
import { validateCephFS, validateCinder, validateFC, validateFlocker, validateGlusterfs, validateISCSI, validateQuobyte, validateRBD } from './sources-network.js';
import {
  validateAWSElasticBlockStore, validateAzureDisk, validateAzureFile, validateCSIVolume, validateFlex, validateGCEPersistentDisk, validatePhoton,
  validatePortworx, validateScaleIO, validateStorageOS, validateVsphere,
} from './sources-vendor.js';

/** The source fields of a Volume (every field but `name`). */
export type VolumeSourceKey = Exclude<keyof Volume, 'name'>;

/** One row: the source field, the segment its "more than 1" error names, the segment its own errors use, its rules. */
interface SourceRule {
  key: VolumeSourceKey;
  forbiddenAt: string;
  at: string;
  // Each rule reads the source of its own key; the table erases that pairing.
  validate(source: never, path: string): FieldError[];
}

const rule = (key: VolumeSourceKey, validate: SourceRule['validate'], forbiddenAt: string = key, at: string = key): SourceRule => ({ key, forbiddenAt, at, validate });

/** Upstream's order. emptyDir comes first and so is never refused as a second source. */
const SOURCE_RULES: readonly SourceRule[] = [
  rule('emptyDir', validateEmptyDir),
  rule('hostPath', validateHostPath),
  rule('gitRepo', validateGitRepo),
  rule('gcePersistentDisk', validateGCEPersistentDisk, 'gcePersistentDisk', 'persistentDisk'),
  rule('awsElasticBlockStore', validateAWSElasticBlockStore),
  rule('secret', validateSecretVolume),
  rule('nfs', validateNFS),
  rule('iscsi', (s: Parameters<typeof validateISCSI>[0], p: string) => validateISCSI(s, p, undefined)),
  rule('glusterfs', validateGlusterfs),
  rule('flocker', validateFlocker),
  rule('persistentVolumeClaim', validateClaimVolume),
  rule('rbd', validateRBD),
  rule('cinder', (s: Parameters<typeof validateCinder>[0], p: string) => validateCinder(s, p, false)),
  rule('cephfs', validateCephFS, 'cephFS'),
  rule('quobyte', validateQuobyte),
  rule('downwardAPI', validateDownwardAPIVolumeSource, 'downwarAPI'),
  rule('fc', validateFC),
  rule('flexVolume', validateFlex),
  rule('configMap', validateConfigMapVolume),
  rule('azureFile', validateAzureFile),
  rule('vsphereVolume', validateVsphere),
  rule('photonPersistentDisk', validatePhoton),
  rule('portworxVolume', validatePortworx),
  rule('azureDisk', validateAzureDisk),
  rule('storageos', (s: Parameters<typeof validateStorageOS>[0], p: string) => validateStorageOS(s, p, false)),
  rule('projected', validateProjectedVolumeSource),
  rule('scaleIO', validateScaleIO),
  rule('csi', validateCSIVolume),
  rule('ephemeral', validateEphemeral),
];

/** The iscsi initiator rule that needs the volume's name (reported at `<path>.name`). */
function iscsiNameLength(volume: Volume, path: string): FieldError[] {
  const iscsi = volume.iscsi;
  if (!iscsi || iscsi.initiatorName === undefined || `${volume.name ?? ''}:${iscsi.targetPortal ?? ''}`.length <= 64) return [];
  const detail = 'Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.';
  return [invalid(`${path}.name`, volume.name ?? '', detail)];
}

const RULE_INDEX = new Map(SOURCE_RULES.map((r, i) => [r.key as string, i]));

/**
 * The rules of the sources `volume` sets, in the table's order: found from its few keys (a name and
 * usually one source) instead of reading all ~29 source fields of every volume.
 */
function presentRules(volume: Volume): SourceRule[] {
  const indices: number[] = [];
  for (const key of Object.keys(volume)) {
    const index = RULE_INDEX.get(key);
    if (index !== undefined) indices.push(index);
  }
  if (indices.length > 1) indices.sort((a, b) => a - b);
  return indices.map((i) => SOURCE_RULES[i] as SourceRule);
}

/** Upstream validateVolumeSource for the volume at `path` (e.g. `spec.volumes[0]`). */
export function validateVolumeSource(volume: Volume, path: string, podMeta: ObjectMeta | undefined): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  for (const { key, forbiddenAt, at, validate } of presentRules(volume)) {
    const source = volume[key];
    if (source === undefined || source === null) continue;
    if (count > 0) {
      errors.push(forbidden(`${path}.${forbiddenAt}`, 'may not specify more than 1 volume type'));
    } else {
      count++;
      errors.push(...validate(source as never, `${path}.${at}`));
      if (key === 'ephemeral' && podMeta?.name && volume.name) errors.push(...validateEphemeralClaimName(podMeta.name, volume.name, path));
    }
    if (key === 'iscsi') errors.push(...iscsiNameLength(volume, path));
  }
  if (count === 0) errors.push(required(path, 'must specify a volume type'));
  return errors;
}
