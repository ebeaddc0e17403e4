// Pod volume validation as upstream 1.25 ValidateVolumes: names (DNS labels, unique), exactly one
// source with that source's rules, and no claim reference to a claim an ephemeral volume creates.
// The returned map (volume name to volume, valid volumes only) is what the mount checks look up.
import { duplicate, invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import type { ObjectMeta } from '../../../meta/v1/types.js';
import { isDNS1123Label } from '../../../meta/v1/validation.js';
import type { Volume } from '../schemas.generated.js';
import { validateVolumeSource } from './volume-source.js';

export { validateVolumeSource } from './volume-source.js';
export { validateClaimSpec, validateAccessModes, validateClassName, validatePositiveQuantity, ACCESS_MODES, VOLUME_MODES } from './claim-spec.js';
export { validateObjectFieldSelector, validateResourceFieldSelector, splitSubscriptedPath, RESOURCE_FIELD_PATHS } from './downward-api.js';
export { validateLocalDescendingPath, validateLocalNonReservedPath, validatePathNoBacksteps, validateFileMode, FILE_MODE_ERROR } from './paths.js';
export { validateTemplateObjectMeta } from './ephemeral.js';
export { validateCSIDriverName } from './sources-vendor.js';
export { validatePersistentVolumeSource } from './persistent-source.js';
export { defaultVolume, defaultVolumes, defaultClaimSpec, defaultPersistentVolumeSource, DEFAULT_FILE_MODE } from './defaults.js';

/** Names of the claims the pod's ephemeral volumes create (`<pod>-<volume>`); none without a pod name. */
function createdClaimNames(volumes: readonly Volume[], podMeta: ObjectMeta | undefined): Set<string> {
  const names = new Set<string>();
  if (!podMeta?.name) return names;
  for (const volume of volumes) if (volume.ephemeral) names.add(`${podMeta.name}-${volume.name}`);
  return names;
}

/** Errors of one volume's name: required, a DNS label, not already taken. */
function validateVolumeName(name: string, path: string, taken: ReadonlyMap<string, Volume>): FieldError[] {
  const errors: FieldError[] = [];
  if (!name) errors.push(required(path));
  else errors.push(...isDNS1123Label(name).map((m) => invalid(path, name, m)));
  if (taken.has(name)) errors.push(duplicate(path, name));
  return errors;
}

/**
 * Upstream ValidateVolumes: every volume under `path` (e.g. `spec.volumes`). A volume with no error
 * enters the returned map; `podMeta` gives the pod name the ephemeral-claim checks need.
 */
export function validateVolumes(
  volumes: Volume[] | undefined,
  path: string,
  opts: { podMeta?: ObjectMeta } = {},
): { errors: FieldError[]; volumes: Map<string, Volume> } {
  const errors: FieldError[] = [];
  const byName = new Map<string, Volume>();
  const list = volumes ?? [];
  const created = createdClaimNames(list, opts.podMeta);
  list.forEach((volume, i) => {
    const at = `${path}[${i}]`;
    const own = [...validateVolumeSource(volume, at, opts.podMeta), ...validateVolumeName(volume.name ?? '', `${at}.name`, byName)];
    if (own.length === 0) byName.set(volume.name, volume);
    else errors.push(...own);
    const claimName = volume.persistentVolumeClaim?.claimName;
    if (claimName !== undefined && created.has(claimName)) {
      errors.push(invalid(`${at}.persistentVolumeClaim.claimName`, claimName, 'must not reference a PVC that gets created for an ephemeral volume'));
    }
  });
  return { errors, volumes: byName };
}
