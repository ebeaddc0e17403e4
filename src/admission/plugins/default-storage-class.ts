// DefaultStorageClass (2-access-control: admission plugins; upstream plugin/pkg/admission/storage/storageclass/
// setdefault, on by default in 1.25): a PersistentVolumeClaim created without a class (neither
// `spec.storageClassName` nor the beta `volume.beta.kubernetes.io/storage-class` annotation) gets the one
// StorageClass annotated as the default; when several are, the create is refused with 403 Forbidden.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionPlugin } from '../types.js';

const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';
const DEFAULT_ANNOTATIONS = ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class'];

/** storageutil.IsDefaultAnnotation. */
const isDefault = (sc: Readonly<KubeObject>): boolean => DEFAULT_ANNOTATIONS.some((key) => sc.metadata.annotations?.[key] === 'true');

/** `listStorageClasses` reads every StorageClass (the plugin's lister upstream). */
export function defaultStorageClassAdmission(listStorageClasses: () => Promise<readonly Readonly<KubeObject>[]>): AdmissionPlugin {
  return {
    name: 'DefaultStorageClass',
    handles: (a) => a.operation === 'CREATE' && !a.subresource && a.def.group === '' && a.def.resource === 'persistentvolumeclaims',
    async admit(a) {
      if (a.operation !== 'CREATE' || a.subresource || a.def.group !== '' || a.def.resource !== 'persistentvolumeclaims' || !a.object) return;
      const claim = a.object;
      const spec = (claim['spec'] ??= {}) as { storageClassName?: string };
      if (spec.storageClassName !== undefined || claim.metadata.annotations?.[BETA_CLASS_ANNOTATION] !== undefined) return;
      const defaults = (await listStorageClasses()).filter(isDefault);
      if (defaults.length > 1) throw admissionForbidden(a, `Internal error occurred: ${defaults.length} default StorageClasses were found`);
      const [chosen] = defaults;
      if (chosen) spec.storageClassName = chosen.metadata.name ?? '';
    },
  };
}
