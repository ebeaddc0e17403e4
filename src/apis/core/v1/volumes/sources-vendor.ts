// Vendor and plugin sources (upstream validateGCEPersistentDisk..., validateAWSElasticBlockStore...,
// validateAzureFile/validateAzureFilePV, validateAzureDisk, validateVsphere..., validatePhoton...,
// validatePortworx..., validateScaleIO*, validateStorageOS*, validateFlex*, validateCSI*, ValidateCSIDriverName).
import { invalid, notSupported, required, tooLong, type FieldError } from '../../../../errors/field-errors.js';
import { isDNS1123Label, isDNS1123Subdomain, nameIsDNSSubdomain } from '../../../meta/v1/validation.js';
import type {
  AWSElasticBlockStoreVolumeSource, AzureDiskVolumeSource, AzureFilePersistentVolumeSource, CSIPersistentVolumeSource, CSIVolumeSource,
  FlexVolumeSource, GCEPersistentDiskVolumeSource, PhotonPersistentDiskVolumeSource, PortworxVolumeSource, ScaleIOVolumeSource,
  SecretReference, StorageOSVolumeSource, VsphereVirtualDiskVolumeSource,
} from '../schemas.generated.js';
import { inclusiveRange } from './sources-network.js';

const dnsLabel = (value: string, path: string): FieldError[] => isDNS1123Label(value).map((m) => invalid(path, value, m));

/** A cloud disk: its ID at `idField` required, partition 0..255 (the message says 1..255, as upstream). */
function validateDisk(id: string | undefined, idField: string, partition: number | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!id) errors.push(required(`${path}.${idField}`));
  const value = partition ?? 0;
  if (value < 0 || value > 255) errors.push(invalid(`${path}.partition`, value, inclusiveRange(1, 255)));
  return errors;
}

/** gcePersistentDisk: pdName required, partition in range. */
export const validateGCEPersistentDisk = (source: GCEPersistentDiskVolumeSource, path: string): FieldError[] =>
  validateDisk(source.pdName, 'pdName', source.partition, path);

/** awsElasticBlockStore: volumeID required, partition in range. */
export const validateAWSElasticBlockStore = (source: AWSElasticBlockStoreVolumeSource, path: string): FieldError[] =>
  validateDisk(source.volumeID, 'volumeID', source.partition, path);

/** azureFile (both forms): secretName and shareName required; a PV's secretNamespace, when set, non-empty. */
export function validateAzureFile(source: Partial<AzureFilePersistentVolumeSource>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.secretName) errors.push(required(`${path}.secretName`));
  if (!source.shareName) errors.push(required(`${path}.shareName`));
  if (source.secretNamespace !== undefined && source.secretNamespace === '') errors.push(required(`${path}.secretNamespace`));
  return errors;
}

const CACHING_MODES = ['None', 'ReadOnly', 'ReadWrite'];
const DISK_KINDS = ['Dedicated', 'Managed', 'Shared'];
const MANAGED_URI = ['/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}'];
const BLOB_URI = ['https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd'];

/** azureDisk: name and URI required, caching mode and kind known, URI shaped for the kind. */
export function validateAzureDisk(source: AzureDiskVolumeSource, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const uri = source.diskURI ?? '';
  if (!source.diskName) errors.push(required(`${path}.diskName`));
  if (!uri) errors.push(required(`${path}.diskURI`));
  if (source.cachingMode !== undefined && !CACHING_MODES.includes(source.cachingMode)) {
    errors.push(notSupported(`${path}.cachingMode`, source.cachingMode, CACHING_MODES));
  }
  if (source.kind !== undefined && !DISK_KINDS.includes(source.kind)) errors.push(notSupported(`${path}.kind`, source.kind, DISK_KINDS));
  if (source.kind === 'Managed' && !uri.startsWith('/subscriptions/')) errors.push(notSupported(`${path}.diskURI`, uri, MANAGED_URI));
  if (source.kind !== undefined && source.kind !== 'Managed' && !uri.startsWith('https://')) errors.push(notSupported(`${path}.diskURI`, uri, BLOB_URI));
  return errors;
}

/** vsphereVolume: volumePath required. */
export const validateVsphere = (source: VsphereVirtualDiskVolumeSource, path: string): FieldError[] =>
  source.volumePath ? [] : [required(`${path}.volumePath`)];

/** photonPersistentDisk: pdID required. */
export const validatePhoton = (source: PhotonPersistentDiskVolumeSource, path: string): FieldError[] =>
  source.pdID ? [] : [required(`${path}.pdID`)];

/** portworxVolume: volumeID required. */
export const validatePortworx = (source: PortworxVolumeSource, path: string): FieldError[] =>
  source.volumeID ? [] : [required(`${path}.volumeID`)];

/** scaleIO (both forms): gateway, system and volumeName required. */
export function validateScaleIO(source: Pick<ScaleIOVolumeSource, 'gateway' | 'system' | 'volumeName'>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.gateway) errors.push(required(`${path}.gateway`));
  if (!source.system) errors.push(required(`${path}.system`));
  if (!source.volumeName) errors.push(required(`${path}.volumeName`));
  return errors;
}

/** storageos: volumeName a DNS label, volumeNamespace too when set; a secretRef named (and for a PV namespaced). */
export function validateStorageOS(
  source: Omit<StorageOSVolumeSource, 'secretRef'> & { secretRef?: { name?: string; namespace?: string } },
  path: string,
  persistent: boolean,
): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.volumeName) errors.push(required(`${path}.volumeName`));
  else errors.push(...dnsLabel(source.volumeName, `${path}.volumeName`));
  if (source.volumeNamespace) errors.push(...dnsLabel(source.volumeNamespace, `${path}.volumeNamespace`));
  if (source.secretRef) {
    if (!source.secretRef.name) errors.push(required(`${path}.secretRef.name`));
    if (persistent && !source.secretRef.namespace) errors.push(required(`${path}.secretRef.namespace`));
  }
  return errors;
}

/** flexVolume (both forms): driver required; option keys outside the kubernetes.io and k8s.io namespaces. */
export function validateFlex(source: Pick<FlexVolumeSource, 'driver' | 'options'>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.driver) errors.push(required(`${path}.driver`));
  for (const key of Object.keys(source.options ?? {})) {
    const slash = key.indexOf('/');
    const normalized = `.${(slash >= 0 ? key.slice(0, slash) : key).toLowerCase()}`;
    if (normalized.endsWith('.kubernetes.io') || normalized.endsWith('.k8s.io')) {
      errors.push(invalid(`${path}.options[${key}]`, key, 'kubernetes.io and k8s.io namespaces are reserved'));
    }
  }
  return errors;
}

/** Upstream ValidateCSIDriverName: required, at most 63 characters, a DNS subdomain once lowercased. */
export function validateCSIDriverName(name: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!name) errors.push(required(path));
  if (name.length > 63) errors.push(tooLong(path, name, 63));
  errors.push(...isDNS1123Subdomain(name.toLowerCase()).map((m) => invalid(path, name, m)));
  return errors;
}

/** csi of a pod volume: driver name; a nodePublishSecretRef named (errors on the name at `csi.name`, as upstream). */
export function validateCSIVolume(source: CSIVolumeSource, path: string): FieldError[] {
  const errors = validateCSIDriverName(source.driver ?? '', `${path}.driver`);
  const ref = source.nodePublishSecretRef;
  if (ref) {
    if (!ref.name) errors.push(required(`${path}.nodePublishSecretRef.name`));
    else errors.push(...nameIsDNSSubdomain(ref.name, false).map((m) => invalid(`${path}.name`, ref.name, m)));
  }
  return errors;
}

/** A PV's secret reference: name and namespace required, both DNS labels (as 1.25 checks them). */
export function validatePVSecretReference(ref: Partial<SecretReference>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!ref.name) errors.push(required(`${path}.name`));
  else errors.push(...dnsLabel(ref.name, `${path}.name`));
  if (!ref.namespace) errors.push(required(`${path}.namespace`));
  else errors.push(...dnsLabel(ref.namespace, `${path}.namespace`));
  return errors;
}

const CSI_SECRET_REFS = ['controllerPublishSecretRef', 'controllerExpandSecretRef', 'nodePublishSecretRef', 'nodeExpandSecretRef'] as const;

/** csi of a PersistentVolume: driver name, volumeHandle, and each secret reference set. */
export function validateCSIPersistent(source: CSIPersistentVolumeSource, path: string): FieldError[] {
  const errors = validateCSIDriverName(source.driver ?? '', `${path}.driver`);
  if (!source.volumeHandle) errors.push(required(`${path}.volumeHandle`));
  for (const key of CSI_SECRET_REFS) {
    const ref = source[key];
    if (ref) errors.push(...validatePVSecretReference(ref, `${path}.${key}`));
  }
  return errors;
}
