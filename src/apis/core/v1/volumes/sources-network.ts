// Network block and file system sources (upstream validateISCSIVolumeSource and its PV twin,
// validateFCVolumeSource, validateRBD*, validateCephFS*, validateGlusterfs*, validateQuobyte*,
// validateFlockerVolumeSource, validateCinder*).
import { invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import { validateNamespaceName } from '../../../meta/v1/validation.js';
import type {
  CephFSVolumeSource, CinderVolumeSource, FCVolumeSource, FlockerVolumeSource, GlusterfsPersistentVolumeSource, ISCSIVolumeSource,
  QuobyteVolumeSource, RBDVolumeSource, SecretReference,
} from '../schemas.generated.js';

const IQN_FORMAT = /^iqn\.\d{4}-\d{2}\.([A-Za-z0-9\-.]+)(:[^,;*&$|\s]+)$/;
const EUI_FORMAT = /^eui.[A-Za-z0-9]{16}$/;
const NAA_FORMAT = /^naa.[A-Za-z0-9]{32}$/;

/** Upstream InclusiveRangeError. */
export const inclusiveRange = (lo: number, hi: number): string => `must be between ${lo} and ${hi}, inclusive`;

/** An iSCSI qualified name: '' when valid, else the error text (`unknownSchemeMessage` when the scheme is unknown). */
function iscsiNameError(name: string, unknownSchemeMessage: string): string {
  if (name.startsWith('iqn')) return IQN_FORMAT.test(name) ? '' : 'must be valid format';
  if (name.startsWith('eui')) return EUI_FORMAT.test(name) ? '' : 'must be valid format';
  if (name.startsWith('naa')) return NAA_FORMAT.test(name) ? '' : 'must be valid format';
  return unknownSchemeMessage;
}

/** iscsi of a PV carries a SecretReference; of a pod volume a LocalObjectReference. */
type ISCSISource = Omit<ISCSIVolumeSource, 'secretRef'> & { secretRef?: { name?: string; namespace?: string } };

/**
 * iscsi, for a pod volume (`persistent` false) or a PersistentVolume: upstream's two functions differ
 * in the unknown-scheme message, the secretRef name check and the initiator length rule's place.
 */
export function validateISCSI(source: ISCSISource, path: string, persistent: { pvName: string } | undefined): FieldError[] {
  const errors: FieldError[] = [];
  const schemeMessage = persistent ? 'must be valid format' : 'must be valid format starting with iqn, eui, or naa';
  if (!source.targetPortal) errors.push(required(`${path}.targetPortal`));
  if (persistent && source.initiatorName !== undefined && `${persistent.pvName}:${source.targetPortal ?? ''}`.length > 64) {
    const detail = 'Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.';
    errors.push(invalid(`${path}.targetportal`, source.targetPortal ?? '', detail));
  }
  if (!source.iqn) errors.push(required(`${path}.iqn`));
  else {
    const message = iscsiNameError(source.iqn, schemeMessage);
    if (message) errors.push(invalid(`${path}.iqn`, source.iqn, message));
  }
  const lun = source.lun ?? 0;
  if (lun < 0 || lun > 255) errors.push(invalid(`${path}.lun`, lun, inclusiveRange(0, 255)));
  if ((source.chapAuthDiscovery || source.chapAuthSession) && !source.secretRef) errors.push(required(`${path}.secretRef`));
  if (persistent && source.secretRef && !source.secretRef.name) errors.push(required(`${path}.secretRef.name`));
  if (source.initiatorName !== undefined) {
    const initiator = source.initiatorName;
    const known = ['iqn', 'eui', 'naa'].some((p) => initiator.startsWith(p));
    if (!known) errors.push(invalid(`${path}.initiatorname`, initiator, schemeMessage));
    const message = known ? iscsiNameError(initiator, '') : '';
    if (message) errors.push(invalid(`${path}.initiatorname`, initiator, message));
  }
  return errors;
}

/** fc: targetWWNs (with lun) or wwids, not both. */
export function validateFC(source: FCVolumeSource, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const wwns = source.targetWWNs ?? [];
  const wwids = source.wwids ?? [];
  if (wwns.length < 1 && wwids.length < 1) errors.push(required(`${path}.targetWWNs`, 'must specify either targetWWNs or wwids, but not both'));
  if (wwns.length !== 0 && wwids.length !== 0) errors.push(invalid(`${path}.targetWWNs`, wwns, 'targetWWNs and wwids can not be specified simultaneously'));
  if (wwns.length !== 0) {
    if (source.lun === undefined) errors.push(required(`${path}.lun`, 'lun is required if targetWWNs is specified'));
    else if (source.lun < 0 || source.lun > 255) errors.push(invalid(`${path}.lun`, source.lun, inclusiveRange(0, 255)));
  }
  return errors;
}

/** rbd (both forms): monitors and image required. */
export function validateRBD(source: Pick<RBDVolumeSource, 'monitors' | 'image'>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.monitors?.length) errors.push(required(`${path}.monitors`));
  if (!source.image) errors.push(required(`${path}.image`));
  return errors;
}

/** cephfs (both forms): monitors required. */
export function validateCephFS(source: Pick<CephFSVolumeSource, 'monitors'>, path: string): FieldError[] {
  return source.monitors?.length ? [] : [required(`${path}.monitors`)];
}

/** glusterfs (both forms): endpoints and path required; a PV's endpointsNamespace, when set, a namespace name. */
export function validateGlusterfs(source: Partial<GlusterfsPersistentVolumeSource>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.endpoints) errors.push(required(`${path}.endpoints`));
  if (!source.path) errors.push(required(`${path}.path`));
  const ns = source.endpointsNamespace;
  if (ns !== undefined) {
    const at = `${path}.endpointsNamespace`;
    if (ns === '') errors.push(invalid(at, ns, 'if the endpointnamespace is set, it must be a valid namespace name'));
    else errors.push(...validateNamespaceName(ns, false).map((m) => invalid(at, ns, m)));
  }
  return errors;
}

const QUOBYTE_REGISTRY = 'must be a host:port pair or multiple pairs separated by commas';

/** Go's net.SplitHostPort succeeds: `host:port` or `[host]:port`, one colon outside brackets. */
function isHostPort(pair: string): boolean {
  if (pair.startsWith('[')) return /^\[[^\]]*\]:[^:]*$/.test(pair);
  const colon = pair.lastIndexOf(':');
  return colon >= 0 && !pair.slice(0, colon).includes(':') && !/[[\]]/.test(pair);
}

/** quobyte: registry as host:port pairs, tenant at most 64 characters, volume required. */
export function validateQuobyte(source: QuobyteVolumeSource, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.registry) errors.push(required(`${path}.registry`, QUOBYTE_REGISTRY));
  else if ((source.tenant ?? '').length >= 65) {
    errors.push(required(`${path}.tenant`, 'must be a UUID and may not exceed a length of 64 characters'));
  } else {
    for (const pair of source.registry.split(',')) {
      if (!isHostPort(pair)) errors.push(invalid(`${path}.registry`, source.registry, QUOBYTE_REGISTRY));
    }
  }
  if (!source.volume) errors.push(required(`${path}.volume`));
  return errors;
}

/** flocker: exactly one of datasetName and datasetUUID; the name without '/'. */
export function validateFlocker(source: FlockerVolumeSource, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = source.datasetName ?? '';
  const uuid = source.datasetUUID ?? '';
  if (!name && !uuid) errors.push(required(path, 'one of datasetName and datasetUUID is required'));
  if (name && uuid) errors.push(invalid(path, 'resource', 'datasetName and datasetUUID can not be specified simultaneously'));
  if (name.includes('/')) errors.push(invalid(`${path}.datasetName`, name, "must not contain '/'"));
  return errors;
}

/** cinder: volumeID required; a secretRef needs a name, and for a PV a namespace too. */
export function validateCinder(source: Omit<CinderVolumeSource, 'secretRef'> & { secretRef?: Partial<SecretReference> }, path: string, persistent: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.volumeID) errors.push(required(`${path}.volumeID`));
  if (source.secretRef) {
    if (!source.secretRef.name) errors.push(required(`${path}.secretRef.name`));
    if (persistent && !source.secretRef.namespace) errors.push(required(`${path}.secretRef.namespace`));
  }
  return errors;
}
