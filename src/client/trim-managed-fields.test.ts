import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../apis/meta/v1/types.js';
import { trimManagedFields, trimManagedFieldsOfFrame } from './trim-managed-fields.js';

const MANAGED = [{ manager: 'kubectl', operation: 'Update', apiVersion: 'v1', time: '2026-12-06T08:33:35Z', fieldsType: 'FieldsV1',
  fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:args': {} } } } } }];

/** A metadata watch frame as kplane writes it: type, then the object, metadata last, its keys in Go's order. */
function frame(metadata: Record<string, unknown>, type = 'ADDED'): string {
  return JSON.stringify({ type, object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata } });
}

const base = { name: 'web-1', namespace: 'shop', uid: 'u-1', resourceVersion: '7', creationTimestamp: '2026-12-06T08:33:35Z' };
const owners = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'u-0', controller: true, blockOwnerDeletion: true }];

test('trimManagedFieldsOfFrame: cuts metadata.managedFields where it ends the frame, and only then', () => {
  const cases: Array<{ name: string; line: string; want: string }> = [
    { name: 'owners, finalizers and deletion time kept', line: frame({ ...base, deletionTimestamp: '2026-12-06T09:00:00Z', labels: { app: 'web' }, ownerReferences: owners, finalizers: ['foregroundDeletion'], managedFields: MANAGED }),
      want: frame({ ...base, deletionTimestamp: '2026-12-06T09:00:00Z', labels: { app: 'web' }, ownerReferences: owners, finalizers: ['foregroundDeletion'] }) },
    { name: 'a DELETED event', line: frame({ ...base, managedFields: MANAGED }, 'DELETED'), want: frame(base, 'DELETED') },
    { name: 'annotations that spell the key are data', line: frame({ ...base, annotations: { note: ',"managedFields":[{}]}}}' }, managedFields: MANAGED }),
      want: frame({ ...base, annotations: { note: ',"managedFields":[{}]}}}' } }) },
    { name: 'no managedFields: unchanged', line: frame({ ...base, annotations: { note: ',"managedFields":[{}]}}}' } }), want: frame({ ...base, annotations: { note: ',"managedFields":[{}]}}}' } }) },
    { name: 'a member after managedFields (not Go order): unchanged', line: frame({ ...base, managedFields: MANAGED, finalizers: ['x'] }), want: frame({ ...base, managedFields: MANAGED, finalizers: ['x'] }) },
    { name: 'owners after managedFields: unchanged', line: frame({ ...base, managedFields: MANAGED, ownerReferences: owners }), want: frame({ ...base, managedFields: MANAGED, ownerReferences: owners }) },
    { name: 'managedFields first (no comma before it): unchanged', line: frame({ managedFields: MANAGED }), want: frame({ managedFields: MANAGED }) },
    { name: 'a whole object (a server without metadata answers): unchanged',
      line: JSON.stringify({ type: 'ADDED', object: { kind: 'Pod', apiVersion: 'v1', metadata: { ...base, managedFields: MANAGED } } }),
      want: JSON.stringify({ type: 'ADDED', object: { kind: 'Pod', apiVersion: 'v1', metadata: { ...base, managedFields: MANAGED } } }) },
    { name: 'an ERROR event: unchanged', line: '{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","code":410}}',
      want: '{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","code":410}}' },
    { name: 'a BOOKMARK: unchanged', line: frame({ resourceVersion: '9' }, 'BOOKMARK'), want: frame({ resourceVersion: '9' }, 'BOOKMARK') },
  ];
  for (const { name, line, want } of cases) {
    const got = trimManagedFieldsOfFrame(line);
    assert.equal(got, want, name);
    assert.doesNotThrow(() => JSON.parse(got), name);
  }
});

test('trimManagedFields: a listed object keeps everything but metadata.managedFields', () => {
  const object = { apiVersion: 'v1', kind: 'Pod', metadata: { ...base, ownerReferences: owners, managedFields: MANAGED }, spec: {} } as KubeObject;
  assert.deepEqual(trimManagedFields(structuredClone(object)), { apiVersion: 'v1', kind: 'Pod', metadata: { ...base, ownerReferences: owners }, spec: {} });
  const without = { metadata: { ...base } };
  assert.equal(trimManagedFields(without), without);
});
