// The persistentvolumeclaims evaluator (upstream pkg/quota/v1/evaluator/core/persistent_volume_claims.go, 1.25):
// `count/persistentvolumeclaims` and `persistentvolumeclaims` for each claim, `requests.storage` for its storage
// request rounded up to whole bytes, and both again per storage class
// (`<class>.storageclass.storage.k8s.io/persistentvolumeclaims`, `.../requests.storage`). Creates and updates (a
// claim's request may grow); no scopes. (`status.allocatedResources` counts only with the alpha
// RecoverVolumeExpansionFailure gate, off in 1.25.)
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { PersistentVolumeClaim } from '../apis/core/v1/schemas.generated.js';
import { parseQuantity } from '../schema/quantity-value.js';
import { objectCountResourceName, WITHOUT_SCOPES, type QuotaEvaluator } from './evaluator.js';
import { countOf, roundUpToUnits, type ResourceList } from './resource-list.js';

const CLAIM_COUNT = objectCountResourceName('', 'persistentvolumeclaims');
/** pvcResources: the names that may also be given per storage class. */
const CLAIM_RESOURCES = ['persistentvolumeclaims', 'requests.storage'];
const STORAGE_CLASS_SUFFIX = '.storageclass.storage.k8s.io/';
const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** storagehelpers.GetPersistentVolumeClaimClass: the beta annotation first, then `spec.storageClassName`. */
export function claimStorageClass(claim: Readonly<PersistentVolumeClaim>): string {
  const annotated = claim.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  return annotated ?? claim.spec?.storageClassName ?? '';
}

/** The claim's usage. */
export function claimUsage(claim: Readonly<PersistentVolumeClaim>): ResourceList {
  const result: ResourceList = new Map([['persistentvolumeclaims', countOf(1)], [CLAIM_COUNT, countOf(1)]]);
  const storageClass = claimStorageClass(claim);
  if (storageClass) result.set(`${storageClass}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`, countOf(1));
  const text = claim.spec?.resources?.requests?.['storage'];
  const request = text === undefined ? undefined : parseQuantity(text);
  if (request) {
    // Whole bytes, so the sums pass ResourceQuota validation (upstream issue 94313).
    const storage = roundUpToUnits(request);
    result.set('requests.storage', storage);
    if (storageClass) result.set(`${storageClass}${STORAGE_CLASS_SUFFIX}requests.storage`, storage);
  }
  return result;
}

export const persistentVolumeClaimEvaluator: QuotaEvaluator = {
  group: '',
  resource: 'persistentvolumeclaims',
  handles: (operation) => operation === 'CREATE' || operation === 'UPDATE',
  matchingResources(input) {
    return [...new Set(input)].filter((name) =>
      name === CLAIM_COUNT || CLAIM_RESOURCES.includes(name) || CLAIM_RESOURCES.some((resource) => name.endsWith(`${STORAGE_CLASS_SUFFIX}${resource}`)));
  },
  ...WITHOUT_SCOPES,
  constraints: () => undefined,
  usage: (object: Readonly<KubeObject>) => claimUsage(object as PersistentVolumeClaim),
};
