// A PersistentVolume's source (the source half of upstream ValidatePersistentVolumeSpec): the same
// "exactly one" rule as pod volumes over the PV's sources, in upstream's order. As upstream,
// flexVolume is counted but never refused as a second source, and a local volume needs node affinity.
import { forbidden, required, type FieldError } from '../../../../errors/field-errors.js';
import type { PersistentVolumeSpec } from '../schemas.generated.js';
import { validateHostPath, validateLocal, validateNFS } from './sources-basic.js';
import { validateCephFS, validateCinder, validateFC, validateFlocker, validateGlusterfs, validateISCSI, validateQuobyte, validateRBD } from './sources-network.js';
import {
  validateAWSElasticBlockStore, validateAzureDisk, validateAzureFile, validateCSIPersistent, validateFlex, validateGCEPersistentDisk,
  validatePhoton, validatePortworx, validateScaleIO, validateStorageOS, validateVsphere,
} from './sources-vendor.js';

/** The source fields of a PersistentVolumeSpec. */
type PVSourceKey =
  | 'hostPath' | 'gcePersistentDisk' | 'awsElasticBlockStore' | 'glusterfs' | 'flocker' | 'nfs' | 'rbd' | 'quobyte' | 'cephfs' | 'iscsi'
  | 'cinder' | 'fc' | 'flexVolume' | 'azureFile' | 'vsphereVolume' | 'photonPersistentDisk' | 'portworxVolume' | 'azureDisk' | 'scaleIO'
  | 'local' | 'storageos' | 'csi';

interface PVSourceRule {
  key: PVSourceKey;
  forbiddenAt: string;
  at: string;
  // Each rule reads the source of its own key; the table erases that pairing.
  validate(source: never, path: string, pvName: string): FieldError[];
}

const rule = (key: PVSourceKey, validate: PVSourceRule['validate'], forbiddenAt: string = key, at: string = key): PVSourceRule => ({ key, forbiddenAt, at, validate });

type ISCSIInput = Parameters<typeof validateISCSI>[0];
type CinderInput = Parameters<typeof validateCinder>[0];
type StorageOSInput = Parameters<typeof validateStorageOS>[0];

const PV_SOURCE_RULES: readonly PVSourceRule[] = [
  rule('hostPath', validateHostPath),
  rule('gcePersistentDisk', validateGCEPersistentDisk, 'gcePersistentDisk', 'persistentDisk'),
  rule('awsElasticBlockStore', validateAWSElasticBlockStore),
  rule('glusterfs', validateGlusterfs),
  rule('flocker', validateFlocker),
  rule('nfs', validateNFS),
  rule('rbd', validateRBD),
  rule('quobyte', validateQuobyte),
  rule('cephfs', validateCephFS, 'cephFS'),
  rule('iscsi', (s: ISCSIInput, p: string, pvName: string) => validateISCSI(s, p, { pvName })),
  rule('cinder', (s: CinderInput, p: string) => validateCinder(s, p, true)),
  rule('fc', validateFC),
  rule('flexVolume', validateFlex),
  rule('azureFile', validateAzureFile),
  rule('vsphereVolume', validateVsphere),
  rule('photonPersistentDisk', validatePhoton),
  rule('portworxVolume', validatePortworx),
  rule('azureDisk', validateAzureDisk),
  rule('scaleIO', validateScaleIO),
  rule('local', validateLocal),
  rule('storageos', (s: StorageOSInput, p: string) => validateStorageOS(s, p, true)),
  rule('csi', validateCSIPersistent),
];

/**
 * The source of the PersistentVolumeSpec at `path` (`spec`). `nodeAffinitySpecified` says whether
 * the spec's node affinity holds required terms (a local volume needs them).
 */
export function validatePersistentVolumeSource(spec: PersistentVolumeSpec, pvName: string, path: string, nodeAffinitySpecified: boolean): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  for (const { key, forbiddenAt, at, validate } of PV_SOURCE_RULES) {
    const source = spec[key];
    if (source === undefined || source === null) continue;
    if (count > 0 && key !== 'flexVolume') {
      errors.push(forbidden(`${path}.${forbiddenAt}`, 'may not specify more than 1 volume type'));
      continue;
    }
    count++;
    errors.push(...validate(source as never, `${path}.${at}`, pvName));
    if (key === 'local' && !nodeAffinitySpecified) errors.push(required(`${path}.nodeAffinity`, 'Local volume requires node affinity'));
  }
  if (count === 0) errors.push(required(path, 'must specify a volume type'));
  return errors;
}
