// The "immutable source" rule of PersistentVolume updates: the source part of the spec (every field
// but the PV's own settings) may not change, except that a missing controllerExpandSecretRef may be
// added (upstream ValidatePersistentVolumeUpdate).
import { structDiff } from '../go-struct-diff.js';
import type { PersistentVolumeSpec } from '../schemas.generated.js';

/** Spec fields outside the PersistentVolumeSource. */
const NOT_SOURCE = new Set(['accessModes', 'capacity', 'claimRef', 'mountOptions', 'nodeAffinity', 'persistentVolumeReclaimPolicy', 'storageClassName', 'volumeMode']);

function sourceOf(spec: PersistentVolumeSpec): Record<string, unknown> {
  return Object.fromEntries(Object.entries(spec).filter(([key]) => !NOT_SOURCE.has(key)));
}

/** undefined when the sources are equal, else the diff text (old `-`, new `+`). */
export function sourceDiff(oldSpec: PersistentVolumeSpec, newSpec: PersistentVolumeSpec): string | undefined {
  const after = sourceOf(newSpec);
  const csi = newSpec.csi;
  if (csi?.controllerExpandSecretRef && oldSpec.csi && !oldSpec.csi.controllerExpandSecretRef) {
    const { controllerExpandSecretRef: _added, ...rest } = csi;
    after['csi'] = rest;
  }
  return structDiff('core.PersistentVolumeSource', sourceOf(oldSpec), after);
}
