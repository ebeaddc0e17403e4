// Tolerations of pods: upstream 1.25 ValidateTolerations (in core/v1/taints.ts, shared) and validateOnlyAddedTolerations.
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { validateTolerations as validateTolerationList } from '../../taints.js';
import type { Toleration } from '../../schemas.generated.js';

/** Upstream ValidateTolerations, shared with RuntimeClass's scheduling tolerations (core/v1/taints.ts). */
export function validateTolerations(tolerations: readonly Toleration[] | undefined, path: string): FieldError[] {
  return validateTolerationList(tolerations ?? [], path);
}

/** Equal apart from tolerationSeconds (absent and empty string fields are the same, as in Go). */
const sameButSeconds = (a: Toleration, b: Toleration): boolean =>
  (a.key ?? '') === (b.key ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '') && (a.effect ?? '') === (b.effect ?? '');

/** Upstream validateOnlyAddedTolerations: every old toleration stays (its seconds may change); then the new list's rules. */
export function validateOnlyAddedTolerations(next: readonly Toleration[] | undefined, old: readonly Toleration[] | undefined, path: string): FieldError[] {
  for (const o of old ?? []) {
    if (!(next ?? []).some((n) => sameButSeconds(o, n))) return [field.forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return validateTolerations(next, path);
}
