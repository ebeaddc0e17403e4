// What the collector does with one dependent whose owners it looked up (upstream garbagecollector.go
// attemptToDeleteItem and classifyReferences, 1.25). Pure: the controller does the lookups and the writes.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from '../../registry/store/gc-finalizers.js';

/**
 * One owner reference after a live lookup: `solid` (the owner exists), `dangling` (absent, or another object
 * by that name), `waiting` (the owner is deleting in the foreground, waiting for its dependents), `invalid`
 * (a cluster-scoped object naming a namespaced owner: never acted on, as upstream), `unresolved` (a kind not
 * served: kept, as upstream retries the lookup).
 */
export type ReferenceState = 'solid' | 'dangling' | 'waiting' | 'invalid' | 'unresolved';

export interface ClassifiedReference {
  uid: string;
  state: ReferenceState;
}

export type DeletePolicy = 'Foreground' | 'Background' | 'Orphan';

export type Decision =
  | { action: 'none' }
  /** Patch these references away: the object keeps a solid owner (upstream deleteOwnerRefJSONMergePatch). */
  | { action: 'removeReferences'; uids: string[] }
  /** Delete the object; `unblockFirst`: first clear blockOwnerDeletion on its references (a cycle). */
  | { action: 'delete'; policy: DeletePolicy; unblockFirst: boolean };

/** The state of a reference to `uid` given the live object found by its coordinates (undefined: none). */
export function referenceState(uid: string, owner: Readonly<KubeObject> | undefined): ReferenceState {
  if (!owner || owner.metadata.uid !== uid) return 'dangling';
  if (owner.metadata.deletionTimestamp && (owner.metadata.finalizers ?? []).includes(FOREGROUND_FINALIZER)) return 'waiting';
  return 'solid';
}

/** What the dependent's graph node says about its own dependents. */
export interface DependentsSummary {
  count: number;
  /** Some dependent is itself deleting in the foreground: deleting this one the same way would wait in a cycle. */
  anyDeletingDependents: boolean;
}

/** upstream attemptToDeleteItem's switch, for a dependent with owner references. */
export function decide(refs: readonly ClassifiedReference[], finalizers: readonly string[], dependents: DependentsSummary): Decision {
  if (refs.length === 0 || refs.some((r) => r.state === 'invalid')) return { action: 'none' };
  const of = (state: ReferenceState) => refs.filter((r) => r.state === state).map((r) => r.uid);
  const [solid, dangling, waiting] = [[...of('solid'), ...of('unresolved')], of('dangling'), of('waiting')];
  if (solid.length > 0) return dangling.length + waiting.length === 0 ? { action: 'none' } : { action: 'removeReferences', uids: [...dangling, ...waiting] };
  // Owners wait for this one: delete it in the foreground too, so its own blocking dependents go first.
  if (waiting.length > 0 && dependents.count > 0) return { action: 'delete', policy: 'Foreground', unblockFirst: dependents.anyDeletingDependents };
  // No owner left: collect it, as its own finalizers ask.
  const policy: DeletePolicy = finalizers.includes(ORPHAN_FINALIZER) ? 'Orphan' : finalizers.includes(FOREGROUND_FINALIZER) ? 'Foreground' : 'Background';
  return { action: 'delete', policy, unblockFirst: false };
}
