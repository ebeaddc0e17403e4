// The ephemeral volume source (upstream validateEphemeralVolumeSource, ValidatePersistentVolumeClaimTemplate,
// ValidateTemplateObjectMeta): a claim template whose metadata may carry only labels and annotations.
import { forbidden, invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import type { ObjectMeta } from '../../../meta/v1/types.js';
import { nameIsDNSSubdomain, validateAnnotations, validateLabels } from '../../../meta/v1/validation.js';
import type { EphemeralVolumeSource } from '../schemas.generated.js';
import { validateClaimSpec } from './claim-spec.js';

/**
 * ObjectMeta fields in Go's declaration order, with the name upstream reports: Go's field name with
 * its first letter lowered (hence `uID`). Labels and annotations are the allowed ones.
 */
const TEMPLATE_META_FIELDS: readonly (readonly [keyof ObjectMeta, string])[] = [
  ['name', 'name'], ['generateName', 'generateName'], ['namespace', 'namespace'], ['selfLink', 'selfLink'], ['uid', 'uID'],
  ['resourceVersion', 'resourceVersion'], ['generation', 'generation'], ['creationTimestamp', 'creationTimestamp'],
  ['deletionTimestamp', 'deletionTimestamp'], ['deletionGracePeriodSeconds', 'deletionGracePeriodSeconds'],
  ['ownerReferences', 'ownerReferences'], ['finalizers', 'finalizers'], ['managedFields', 'managedFields'],
];

/** Go's zero value test: absent, null, '' or 0 (an empty list is not zero once decoded). */
const isZero = (value: unknown): boolean => value === undefined || value === null || value === '' || value === 0;

/** Upstream ValidateTemplateObjectMeta at `path`. */
export function validateTemplateObjectMeta(meta: ObjectMeta, path: string): FieldError[] {
  const errors = validateAnnotations(meta.annotations, `${path}.annotations`);
  errors.push(...validateLabels(meta.labels, `${path}.labels`));
  for (const [key, goName] of TEMPLATE_META_FIELDS) {
    if (!isZero(meta[key])) errors.push(forbidden(`${path}.${goName}`, 'cannot be set for an ephemeral volume'));
  }
  return errors;
}

/** ephemeral: the template is required and valid. */
export function validateEphemeral(source: EphemeralVolumeSource, path: string): FieldError[] {
  const template = source.volumeClaimTemplate;
  if (!template) return [required(`${path}.volumeClaimTemplate`)];
  const at = `${path}.volumeClaimTemplate`;
  return [...validateTemplateObjectMeta(template.metadata ?? {}, `${at}.metadata`), ...validateClaimSpec(template.spec ?? {}, `${at}.spec`)];
}

/** The claim `<pod>-<volume>` must be a valid object name; errors at the volume's `name`, as upstream. */
export function validateEphemeralClaimName(podName: string, volumeName: string, path: string): FieldError[] {
  const claimName = `${podName}-${volumeName}`;
  return nameIsDNSSubdomain(claimName, false).map((m) => invalid(`${path}.name`, volumeName, `PVC name ${JSON.stringify(claimName)}: ${m}`));
}
