import { test } from 'node:test';
import assert from 'node:assert/strict';
import { updatedConditions, type DeletionOutcome } from './deletion-conditions.js';

const t0 = new Date('2026-01-01T00:00:00Z');
const t1 = new Date('2026-01-01T00:01:00Z');
const clean: DeletionOutcome = { deleteErrors: [], remainingByResource: new Map(), remainingByFinalizer: new Map() };

test('a clean pass writes every condition in its ok form', () => {
  const conditions = updatedConditions([], clean, t0);
  assert.deepEqual(conditions?.map((c) => [c.type, c.status, c.reason, c.message]), [
    ['NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered', 'All resources successfully discovered'],
    ['NamespaceDeletionGroupVersionParsingFailure', 'False', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'],
    ['NamespaceDeletionContentFailure', 'False', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'],
    ['NamespaceContentRemaining', 'False', 'ContentRemoved', 'All content successfully removed'],
    ['NamespaceFinalizersRemaining', 'False', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'],
  ]);
  assert.equal(updatedConditions(conditions ?? [], clean, t1), undefined, 'nothing changed: no update');
});

test('remaining content, finalizers and failures as upstream words them', () => {
  const outcome: DeletionOutcome = {
    deleteErrors: ['b failed', 'a failed'],
    remainingByResource: new Map([['configmaps.', 2], ['leases.coordination.k8s.io', 1]]),
    remainingByFinalizer: new Map([['example.com/keep', 3]]),
  };
  const before = updatedConditions([], clean, t0) ?? [];
  const after = updatedConditions(before, outcome, t1) ?? [];
  const byType = new Map(after.map((c) => [c.type, c]));
  assert.deepEqual(byType.get('NamespaceDeletionContentFailure'), {
    type: 'NamespaceDeletionContentFailure',
    status: 'True',
    reason: 'ContentDeletionFailed',
    message: 'Failed to delete all resource types, 2 remaining: a failed, b failed',
    lastTransitionTime: '2026-01-01T00:01:00Z',
  });
  assert.equal(byType.get('NamespaceContentRemaining')?.message, 'Some resources are remaining: configmaps. has 2 resource instances, leases.coordination.k8s.io has 1 resource instances');
  assert.equal(byType.get('NamespaceContentRemaining')?.reason, 'SomeResourcesRemain');
  assert.equal(byType.get('NamespaceFinalizersRemaining')?.message, 'Some content in the namespace has finalizers remaining: example.com/keep in 3 resource instances');
  assert.equal(byType.get('NamespaceFinalizersRemaining')?.reason, 'SomeFinalizersRemain');
  assert.equal(byType.get('NamespaceDeletionDiscoveryFailure')?.lastTransitionTime, '2026-01-01T00:00:00Z', 'unchanged conditions keep their time');
});
