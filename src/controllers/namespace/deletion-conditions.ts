// The status conditions the namespace controller writes while it empties a namespace (upstream
// pkg/controller/namespace/deletion/status_condition_utils.go): one condition per type, True with a
// failure reason while something is wrong, False with the "ok" reason and message otherwise.
// kplane's controller reads its own stores, so discovery and group-version parsing cannot fail here:
// those two are always written in their "ok" form, as upstream writes them after a clean discovery.
import { nowTimestamp } from '../../registry/object-meta-fields.js';

export interface NamespaceCondition {
  type: string;
  status: 'True' | 'False';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

const CONDITION_TYPES = [
  'NamespaceDeletionDiscoveryFailure',
  'NamespaceDeletionGroupVersionParsingFailure',
  'NamespaceDeletionContentFailure',
  'NamespaceContentRemaining',
  'NamespaceFinalizersRemaining',
] as const;
type ConditionType = (typeof CONDITION_TYPES)[number];

const OK: Record<ConditionType, { reason: string; message: string }> = {
  NamespaceDeletionDiscoveryFailure: { reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
  NamespaceDeletionGroupVersionParsingFailure: { reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
  NamespaceDeletionContentFailure: { reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
  NamespaceContentRemaining: { reason: 'ContentRemoved', message: 'All content successfully removed' },
  NamespaceFinalizersRemaining: { reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
};

/** What one pass over the namespace's content found. */
export interface DeletionOutcome {
  /** Error texts of collections that could not be deleted. */
  deleteErrors: string[];
  /** `<resource>.<group>` (core: `pods.`) -> objects still present. */
  remainingByResource: Map<string, number>;
  /** Finalizer -> objects still carrying it. */
  remainingByFinalizer: Map<string, number>;
}

/** The failure conditions of one pass (upstream ProcessContentTotals and makeDeleteContentCondition). */
function failures(outcome: DeletionOutcome): Map<ConditionType, { reason: string; message: string }> {
  const found = new Map<ConditionType, { reason: string; message: string }>();
  if (outcome.deleteErrors.length > 0) {
    const messages = [...outcome.deleteErrors].sort();
    found.set('NamespaceDeletionContentFailure', {
      reason: 'ContentDeletionFailed',
      message: `Failed to delete all resource types, ${messages.length} remaining: ${messages.join(', ')}`,
    });
  }
  const resources = [...outcome.remainingByResource].filter(([, n]) => n > 0).map(([gr, n]) => `${gr} has ${n} resource instances`).sort();
  if (outcome.remainingByResource.size > 0)
    found.set('NamespaceContentRemaining', { reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${resources.join(', ')}` });
  const finalizers = [...outcome.remainingByFinalizer].filter(([, n]) => n > 0).map(([f, n]) => `${f} in ${n} resource instances`).sort();
  if (outcome.remainingByFinalizer.size > 0)
    found.set('NamespaceFinalizersRemaining', { reason: 'SomeFinalizersRemain', message: `Some content in the namespace has finalizers remaining: ${finalizers.join(', ')}` });
  return found;
}

/**
 * upstream updateConditions: every type present, in order; a condition whose status, reason or message
 * changed gets a new lastTransitionTime. Returns the new list, or undefined when nothing changed.
 */
export function updatedConditions(current: readonly NamespaceCondition[], outcome: DeletionOutcome, now: Date): NamespaceCondition[] | undefined {
  const next = current.map((c) => ({ ...c }));
  const failing = failures(outcome);
  let changed = false;
  for (const type of CONDITION_TYPES) {
    const failure = failing.get(type);
    const wanted = { status: failure ? ('True' as const) : ('False' as const), ...(failure ?? OK[type]) };
    const old = next.find((c) => c.type === type);
    if (!old) {
      next.push({ type, ...wanted, lastTransitionTime: nowTimestamp(now) });
      changed = true;
    } else if (old.status !== wanted.status || old.message !== wanted.message || old.reason !== wanted.reason) {
      Object.assign(old, wanted, { lastTransitionTime: nowTimestamp(now) });
      changed = true;
    }
  }
  return changed ? next : undefined;
}
