import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject, OwnerReference } from '../../apis/meta/v1/types.js';
import { DependencyGraph, GraphNode, type GraphWork } from './graph.js';

const CM = 0;
const NS = 1;
const resolve = (_apiVersion: string, kind: string) => (kind === 'Namespace' ? { resource: NS, namespaced: false } : kind === 'ConfigMap' ? { resource: CM, namespaced: true } : { resource: -1, namespaced: true });
const ref = (uid: string, block = false, kind = 'ConfigMap'): OwnerReference => ({ apiVersion: 'v1', kind, name: `n-${uid}`, uid, ...(block ? { blockOwnerDeletion: true } : {}) });
const obj = (uid: string, owners: OwnerReference[] = [], meta: Partial<KubeObject['metadata']> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `n-${uid}`, namespace: 'ns', uid, ownerReferences: owners, ...meta },
});
const deleting = (finalizer: string): Partial<KubeObject['metadata']> => ({ deletionTimestamp: '2026-01-01T00:00:00Z', finalizers: [finalizer] });
const uids = (work: GraphWork): { del: string[]; orphan: string[] } => ({ del: work.attemptToDelete.map((n) => n.uid).sort(), orphan: work.attemptToOrphan.map((n) => n.uid) });

describe('DependencyGraph', () => {
  test('an object without references or finalizers is not tracked', () => {
    const g = new DependencyGraph(resolve);
    assert.deepEqual(uids(g.observe(obj('a'), CM)), { del: [], orphan: [] });
    assert.equal(g.size, 0);
  });

  test('a dependent makes a virtual owner, which is verified once', () => {
    const g = new DependencyGraph(resolve);
    assert.deepEqual(uids(g.observe(obj('d', [ref('o')]), CM)), { del: ['o'], orphan: [] });
    const owner = g.get('o');
    assert.ok(owner && !owner.observed);
    assert.equal(owner.namespace, 'ns');
    assert.deepEqual(uids(g.observe(obj('d2', [ref('o')]), CM)), { del: [], orphan: [] });
    assert.equal(owner.dependents?.size, 2);
    assert.deepEqual(uids(g.observe(obj('o'), CM)), { del: [], orphan: [] });
    assert.ok(owner.observed);
  });

  test('a cluster-scoped owner of a namespaced dependent has no namespace', () => {
    const g = new DependencyGraph(resolve);
    g.observe(obj('d', [ref('n', false, 'Namespace')]), CM);
    assert.equal(g.get('n')?.namespace, '');
    assert.equal(g.get('n')?.resource, NS);
  });

  test('an owner observed in another namespace makes the dependent looked at', () => {
    const g = new DependencyGraph(resolve);
    g.observe(obj('x', [ref('o')]), CM);
    g.observe(obj('o', [], { namespace: 'other' }), CM);
    assert.deepEqual(uids(g.observe(obj('d', [ref('o')]), CM)), { del: ['d'], orphan: [] });
  });

  test('deleting an owner enqueues its dependents and prunes it', () => {
    const g = new DependencyGraph(resolve);
    g.observe(obj('d1', [ref('o')]), CM);
    g.observe(obj('d2', [ref('o')]), CM);
    assert.deepEqual(uids(g.remove('o')), { del: ['d1', 'd2'], orphan: [] });
    assert.equal(g.get('o'), undefined);
    g.remove('d1');
    g.remove('d2');
    assert.equal(g.size, 0);
  });

  test('foreground deletion: the owner and its dependents are looked at; a blocking dependent gone re-enqueues the owner', () => {
    const g = new DependencyGraph(resolve);
    g.observe(obj('d1', [ref('o', true)]), CM);
    g.observe(obj('d2', [ref('o')]), CM);
    assert.deepEqual(uids(g.observe(obj('o', [], deleting('foregroundDeletion')), CM)), { del: ['d1', 'd2', 'o'], orphan: [] });
    const owner = g.get('o')!;
    assert.deepEqual(owner.blockingDependents().map((n) => n.uid), ['d1']);
    assert.deepEqual(uids(g.remove('d2')), { del: ['o'], orphan: [] });
    assert.deepEqual(uids(g.observe(obj('d1', [ref('o', false)]), CM)), { del: ['o'], orphan: [] });
    assert.deepEqual(owner.blockingDependents(), []);
  });

  test('orphan finalizer on a deleting owner asks for orphaning once', () => {
    const g = new DependencyGraph(resolve);
    g.observe(obj('d', [ref('o')]), CM);
    assert.deepEqual(uids(g.observe(obj('o', [], deleting('orphan')), CM)), { del: [], orphan: ['o'] });
    assert.deepEqual(uids(g.observe(obj('o', [], deleting('orphan')), CM)), { del: [], orphan: [] });
  });

  test('dropping a reference unlinks and prunes the owner', () => {
    const g = new DependencyGraph(resolve);
    g.observe(obj('d', [ref('a'), ref('b')]), CM);
    g.observe(obj('d', [ref('b')]), CM);
    assert.equal(g.get('a'), undefined);
    assert.equal(g.get('b')?.dependents?.size, 1);
    g.observe(obj('d'), CM);
    assert.equal(g.size, 0);
  });

  test('a cycle: each node owns the other', () => {
    const g = new DependencyGraph(resolve);
    g.observe(obj('a', [ref('b', true)]), CM);
    g.observe(obj('b', [ref('a', true)]), CM);
    assert.ok(g.get('a')?.dependents?.has(g.get('b')!));
    assert.ok(g.get('b')?.dependents?.has(g.get('a')!));
    assert.deepEqual(uids(g.remove('a')), { del: ['b'], orphan: [] });
  });

  test('relink restores an edge lost with a removed virtual owner', () => {
    const g = new DependencyGraph(resolve);
    g.observe(obj('d', [ref('o')]), CM);
    g.remove('o');
    g.relink(g.get('d')!, 'o', CM, 'ns', 'n-o');
    assert.ok(g.get('o')?.observed);
    assert.ok(g.get('o')?.dependents?.has(g.get('d')!));
    assert.equal(g.get('d')?.owners[0], g.get('o'));
  });
});

test('a node keeps its resource index, flags and blockOwnerDeletion mask apart in one field', () => {
  for (const resource of [-1, 0, 7, 2045, 2046, 5000]) {
    const node = new GraphNode('0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3', resource, 'ns', 'n');
    node.flags = 0b1011;
    node.blockMask = 0b1010_1010_1010_1010;
    assert.deepEqual([node.resource, node.flags, node.blockMask, node.uid], [resource, 0b1011, 0b1010_1010_1010_1010, '0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3']);
    node.resource = 3;
    node.flags = 0;
    assert.deepEqual([node.resource, node.flags, node.blockMask], [3, 0, 0b1010_1010_1010_1010]);
  }
});
