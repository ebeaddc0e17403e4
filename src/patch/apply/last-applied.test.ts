import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject, ManagedFieldsEntry } from '../../apis/meta/v1/types.js';
import { StatusError } from '../../errors/status-error.js';
import { applyToObject, trackUpdate } from './field-manager.js';
import { CONFIG_MAP, testScope } from './test-kinds.js';

const T0 = new Date('2024-05-01T10:00:00Z');
const T1 = new Date('2024-05-01T11:00:00Z');

const cm = (data: Record<string, string>, extra: Partial<KubeObject['metadata']> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cm', namespace: 'default', ...extra },
  data,
});

function created(obj: KubeObject, manager: string, now = T0): KubeObject {
  trackUpdate(testScope(CONFIG_MAP, now), undefined, obj, manager);
  obj.metadata.uid = 'uid-1';
  return obj;
}

const entries = (obj: KubeObject): ManagedFieldsEntry[] => obj.metadata.managedFields ?? [];

function statusOf(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StatusError) return error;
    throw error;
  }
  assert.fail('expected a StatusError');
}

test('kubectl migrating from client-side apply: no conflict on values it last applied; the annotation follows', () => {
  const lastApplied = '{"apiVersion":"v1","data":{"key":"v1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"cm","namespace":"default"}}\n';
  const live = created(cm({ key: 'v1' }, { annotations: { 'kubectl.kubernetes.io/last-applied-configuration': lastApplied } }), 'kubectl-client-side-apply');
  const config = cm({ key: 'v2' });
  const error = statusOf(() => applyToObject(testScope(CONFIG_MAP, T1), live, config, 'someone-else', false));
  assert.match(error.message, /conflict with "kubectl-client-side-apply" using v1: \.data\.key/);
  const obj = applyToObject(testScope(CONFIG_MAP, T1), live, config, 'kubectl', false);
  // The client-side entry is gone; what it held besides the applied fields is before-first-apply's.
  assert.deepEqual(entries(obj).map((e) => [e.manager, e.fieldsV1]), [
    ['kubectl', { 'f:data': { 'f:key': {} } }],
    ['before-first-apply', { 'f:data': {}, 'f:metadata': { 'f:annotations': { '.': {}, 'f:kubectl.kubernetes.io/last-applied-configuration': {} } } }],
  ]);
  assert.deepEqual(obj.data, { key: 'v2' });
  assert.equal(
    obj.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration'],
    '{"apiVersion":"v1","data":{"key":"v2"},"kind":"ConfigMap","metadata":{"name":"cm","namespace":"default"}}\n',
  );
});

