// PersistentVolumeClaimResize (2-access-control: admission plugins; upstream plugin/pkg/admission/storage/
// persistentvolume/resize, on by default in 1.25): a claim's storage request may only grow when the claim is
// bound and its StorageClass (unchanged, and named) allows volume expansion; otherwise the update is a 403.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { compareQuantities } from '../../schema/quantity-value.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionPlugin } from '../types.js';

const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

interface Claim {
  metadata: { annotations?: Record<string, string> };
  spec?: { storageClassName?: string; resources?: { requests?: Record<string, string> } };
  status?: { phase?: string };
}

/** helper.GetPersistentVolumeClaimClass: the beta annotation, else spec.storageClassName. */
const claimClass = (claim: Claim): string => claim.metadata.annotations?.[BETA_CLASS_ANNOTATION] ?? claim.spec?.storageClassName ?? '';

/** Reads a StorageClass by name (the plugin's lister upstream). */
export type StorageClassGetter = (name: string) => Promise<Readonly<KubeObject> | undefined>;

export function pvcResizeAdmission(getStorageClass: StorageClassGetter): AdmissionPlugin {
  return {
    name: 'PersistentVolumeClaimResize',
    handles: (a) => a.operation === 'UPDATE' && !a.subresource && a.def.group === '' && a.def.resource === 'persistentvolumeclaims',
    async validate(a) {
      if (a.operation !== 'UPDATE' || a.subresource || a.def.group !== '' || a.def.resource !== 'persistentvolumeclaims' || !a.object || !a.oldObject) return;
      const claim = a.object as unknown as Claim;
      const old = a.oldObject as unknown as Claim;
      const size = claim.spec?.resources?.requests?.['storage'];
      const oldSize = old.spec?.resources?.requests?.['storage'];
      // Quantity.Cmp against the zero value where a request is absent.
      if (compareQuantities(size, oldSize) <= 0) return;
      if (old.status?.phase !== 'Bound') throw admissionForbidden(a, 'Only bound persistent volume claims can be expanded');
      if (!(await allowsResize(claim, old, getStorageClass))) {
        throw admissionForbidden(a, 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize');
      }
    },
  };
}

/** allowResize: the same, named class on both, and that class's allowVolumeExpansion. */
async function allowsResize(claim: Claim, old: Claim, getStorageClass: StorageClassGetter): Promise<boolean> {
  const name = claimClass(claim);
  if (name === '' || name !== claimClass(old)) return false;
  const storageClass = await getStorageClass(name);
  return (storageClass as { allowVolumeExpansion?: boolean } | undefined)?.allowVolumeExpansion === true;
}
