// Cells kubectl's storage columns share (upstream helper.GetAccessModesAsString,
// GetPersistentVolumeClass, GetPersistentVolumeClaimClass).
import type { ObjectMeta } from '../../meta/v1/types.js';

/** The beta annotation that named a volume's class before `storageClassName` existed. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

const MODE_ABBREVIATIONS: readonly (readonly [string, string])[] = [
  ['ReadWriteOnce', 'RWO'], ['ReadOnlyMany', 'ROX'], ['ReadWriteMany', 'RWX'], ['ReadWriteOncePod', 'RWOP'],
];

/** `RWO,ROX,RWX,RWOP` in that order, each once, for the modes present. */
export function accessModesString(modes: readonly string[] | undefined): string {
  const present = new Set(modes ?? []);
  return MODE_ABBREVIATIONS.filter(([mode]) => present.has(mode)).map(([, short]) => short).join(',');
}

/** The class a volume or claim names: the beta annotation wins over `storageClassName`. */
export function storageClassOf(meta: ObjectMeta, storageClassName: string | undefined): string {
  const annotation = meta.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  return annotation ?? storageClassName ?? '';
}
