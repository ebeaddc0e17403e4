// The finalizers that protect storage objects in use (upstream pkg/volume/util): StorageObjectInUseProtection
// admission adds them, the pvc-protection and pv-protection controllers remove them.

/** On PersistentVolumeClaims: held while a scheduled pod uses the claim. */
export const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';

/** On PersistentVolumes: held while the volume is Bound. */
export const PV_PROTECTION_FINALIZER = 'kubernetes.io/pv-protection';
