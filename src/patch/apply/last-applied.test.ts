import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyToObject } from './field-manager.js';
import { CONFIG_MAP, T1, cm, created, entries, statusOf, testScope } from './test-kinds.js';

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

