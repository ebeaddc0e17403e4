// upstream pkg/util/tolerations MergeTolerations: two lists of tolerations as one, where a toleration that
// another one tolerates a superset of is left out (of equal ones, the first stays). RuntimeClass admission
// merges a RuntimeClass's tolerations into its pods' so, PodTolerationRestriction its namespace's defaults.
import type { Toleration } from '../../apis/core/v1/schemas.generated.js';
import { semanticEqual } from '../../apis/core/v1/pod/validation/common.js';

export function mergeTolerations(first: readonly Toleration[], second: readonly Toleration[]): Toleration[] {
  const all = [...first, ...second];
  const merged: Toleration[] = [];
  all.forEach((t, i) => {
    if (merged.some((kept) => isSuperset(kept, t))) return;
    if (all.slice(i + 1).some((later) => !semanticEqual(t, later) && isSuperset(later, t))) return;
    merged.push(t);
  });
  return merged;
}

/**
 * upstream VerifyAgainstWhitelist: each toleration is one a whitelisted toleration tolerates a superset of;
 * an empty whitelist (or no tolerations) passes.
 */
export function verifyAgainstWhitelist(tolerations: readonly Toleration[], whitelist: readonly Toleration[]): boolean {
  if (whitelist.length === 0) return true;
  return tolerations.every((t) => whitelist.some((w) => isSuperset(w, t)));
}

/** isSuperset: whether `ss` tolerates everything `t` does. */
function isSuperset(ss: Toleration, t: Toleration): boolean {
  if (semanticEqual(t, ss)) return true;
  // An empty key with Exists matches every key.
  if ((t.key ?? '') !== (ss.key ?? '') && ((ss.key ?? '') !== '' || ss.operator !== 'Exists')) return false;
  // An empty effect matches every effect.
  if ((t.effect ?? '') !== (ss.effect ?? '') && (ss.effect ?? '') !== '') return false;
  if (ss.effect === 'NoExecute' && ss.tolerationSeconds !== undefined) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds > ss.tolerationSeconds) return false;
  }
  if (!ss.operator || ss.operator === 'Equal') return t.operator === 'Equal' && (t.value ?? '') === (ss.value ?? '');
  return ss.operator === 'Exists';
}
