import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { decide, referenceState, type ClassifiedReference, type Decision, type ReferenceState } from './decisions.js';

const refs = (...states: ReferenceState[]): ClassifiedReference[] => states.map((state, i) => ({ uid: `u${i}`, state }));
const none = { count: 0, anyDeletingDependents: false };
const del = (policy: 'Foreground' | 'Background' | 'Orphan', unblockFirst = false): Decision => ({ action: 'delete', policy, unblockFirst });

const cases: { name: string; refs: ClassifiedReference[]; finalizers?: string[]; dependents?: { count: number; anyDeletingDependents: boolean }; want: Decision }[] = [
  { name: 'no references: nothing', refs: [], want: { action: 'none' } },
  { name: 'one solid owner: kept', refs: refs('solid'), want: { action: 'none' } },
  { name: 'every owner dangling: background delete', refs: refs('dangling', 'dangling'), want: del('Background') },
  { name: 'one owner of two gone: the dangling reference is removed', refs: refs('solid', 'dangling'), want: { action: 'removeReferences', uids: ['u1'] } },
  { name: 'solid and waiting owners: the waiting reference is removed', refs: refs('waiting', 'solid'), want: { action: 'removeReferences', uids: ['u0'] } },
  { name: 'owner waiting, dependents of its own: foreground delete', refs: refs('waiting'), dependents: { count: 2, anyDeletingDependents: false }, want: del('Foreground') },
  { name: 'owner waiting, a dependent deleting too (cycle): unblock first', refs: refs('waiting'), dependents: { count: 1, anyDeletingDependents: true }, want: del('Foreground', true) },
  { name: 'owner waiting, no dependents: background delete', refs: refs('waiting'), want: del('Background') },
  { name: 'gone owner, orphan finalizer: orphan delete', refs: refs('dangling'), finalizers: ['orphan'], want: del('Orphan') },
  { name: 'gone owner, foregroundDeletion finalizer: foreground delete', refs: refs('dangling'), finalizers: ['foregroundDeletion'], want: del('Foreground') },
  { name: 'unresolved kind counts as solid', refs: refs('unresolved', 'dangling'), want: { action: 'removeReferences', uids: ['u1'] } },
  { name: 'invalid reference (cluster-scoped to namespaced): never acted on', refs: refs('invalid', 'dangling'), want: { action: 'none' } },
];

for (const c of cases) {
  test(`decide: ${c.name}`, () => {
    assert.deepEqual(decide(c.refs, c.finalizers ?? [], c.dependents ?? none), c.want);
  });
}

const owner = (uid: string, meta: Partial<KubeObject['metadata']> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'o', uid, ...meta } });

const stateCases: { name: string; found: KubeObject | undefined; want: ReferenceState }[] = [
  { name: 'absent', found: undefined, want: 'dangling' },
  { name: 'another uid by that name', found: owner('other'), want: 'dangling' },
  { name: 'present', found: owner('u'), want: 'solid' },
  { name: 'deleting in the background (another finalizer)', found: owner('u', { deletionTimestamp: '2026-01-01T00:00:00Z', finalizers: ['a.io/x'] }), want: 'solid' },
  { name: 'deleting in the foreground', found: owner('u', { deletionTimestamp: '2026-01-01T00:00:00Z', finalizers: ['foregroundDeletion'] }), want: 'waiting' },
];

for (const c of stateCases) {
  test(`referenceState: ${c.name}`, () => {
    assert.equal(referenceState('u', c.found), c.want);
  });
}
