// StorageObjectInUseProtection (2-access-control: admission plugins; upstream plugin/pkg/admission/storage/
// storageobjectinuseprotection, on by default in 1.25): new PersistentVolumeClaims get the
// `kubernetes.io/pvc-protection` finalizer and new PersistentVolumes `kubernetes.io/pv-protection`, which the
// pvc-protection and pv-protection controllers remove once nothing uses them.
import { PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER } from '../../apis/core/v1/storage-protection.js';
import type { AdmissionPlugin } from '../types.js';

const FINALIZERS: Readonly<Record<string, string>> = { persistentvolumeclaims: PVC_PROTECTION_FINALIZER, persistentvolumes: PV_PROTECTION_FINALIZER };

export function storageObjectInUseProtection(): AdmissionPlugin {
  return {
    name: 'StorageObjectInUseProtection',
    admit(a) {
      const finalizer = a.def.group === '' ? FINALIZERS[a.def.resource] : undefined;
      if (a.operation !== 'CREATE' || a.subresource || !finalizer || !a.object) return;
      const meta = a.object.metadata;
      if (!(meta.finalizers ?? []).includes(finalizer)) meta.finalizers = [...(meta.finalizers ?? []), finalizer];
    },
  };
}
