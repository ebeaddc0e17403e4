// managedFields as clients read them, after creates, updates and applies (upstream fieldmanager tests
// and the apiserver apply integration tests, on the real ConfigMap schema).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject, ManagedFieldsEntry } from '../../apis/meta/v1/types.js';
import { setOf } from './field-set.js';
import { applyToObject, trackUpdate } from './field-manager.js';
import { fieldElement } from './path-element.js';
import { CONFIG_MAP, T0, T1, WIDGET, cm, created, entries, statusOf, testScope } from './test-kinds.js';

const managers = (obj: KubeObject): string[] => entries(obj).map((e) => `${e.manager}/${e.operation}${e.subresource ? `/${e.subresource}` : ''}`);

test('create: the creator owns what it sent, metadata and type meta stripped', () => {
  const obj = created(cm({ a: '1' }, { labels: { app: 'x' } }), 'kubectl-create');
  assert.deepEqual(obj.metadata.managedFields, [
    {
      manager: 'kubectl-create',
      operation: 'Update',
      apiVersion: 'v1',
      time: '2024-05-01T10:00:00Z',
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:data': { '.': {}, 'f:a': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } },
    },
  ]);
  assert.deepEqual(Object.keys(entries(obj)[0] ?? {}), ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1']);
});

test('update: a second writer gets its own entry; an unchanged write changes nothing', () => {
  const live = created(cm({ a: '1' }), 'kubectl-create');
  const next = structuredClone(live);
  next.metadata.labels = { l: '1' };
  trackUpdate(testScope(CONFIG_MAP, T1), live, next, 'kubectl-label');
  assert.deepEqual(managers(next), ['kubectl-create/Update', 'kubectl-label/Update']);
  assert.deepEqual(entries(next)[1]?.fieldsV1, { 'f:metadata': { 'f:labels': { '.': {}, 'f:l': {} } } });
  const same = structuredClone(next);
  trackUpdate(testScope(CONFIG_MAP, new Date('2024-06-01T00:00:00Z')), next, same, 'kubectl-edit');
  assert.deepEqual(same.metadata.managedFields, next.metadata.managedFields);
});

test('update: a writer taking a field from another leaves it only what it kept', () => {
  const live = created(cm({ a: '1', b: '2' }), 'creator');
  const next = structuredClone(live);
  next.data = { a: 'changed', b: '2' };
  trackUpdate(testScope(CONFIG_MAP, T1), live, next, 'editor');
  assert.deepEqual(entries(next).map((e) => [e.manager, e.fieldsV1]), [
    ['creator', { 'f:data': { '.': {}, 'f:b': {} } }],
    ['editor', { 'f:data': { 'f:a': {} } }],
  ]);
});

test('update: managedFields from the client are taken when valid, ignored when invalid or empty', () => {
  const live = created(cm({ a: '1' }), 'creator');
  const custom: ManagedFieldsEntry[] = [{ manager: 'someone', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } }];
  const taken = structuredClone(live);
  taken.metadata.managedFields = custom;
  trackUpdate(testScope(CONFIG_MAP, T1), live, taken, 'editor');
  assert.deepEqual(managers(taken), ['someone/Apply']);
  for (const sent of [[{ manager: 'x', operation: 'Patch', apiVersion: 'v1', fieldsType: 'FieldsV1' }], [{ manager: 'x', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV2' }], []]) {
    const next = structuredClone(live);
    next.metadata.managedFields = sent as ManagedFieldsEntry[];
    trackUpdate(testScope(CONFIG_MAP, T1), live, next, 'editor');
    assert.deepEqual(next.metadata.managedFields, live.metadata.managedFields, JSON.stringify(sent));
  }
});

test('reset with [{}]: cleared, and not tracked again by updates; with other changes the writer owns them (rule 3)', () => {
  const live = created(cm({ a: '1' }), 'creator');
  const reset = structuredClone(live);
  reset.metadata.managedFields = [{}];
  trackUpdate(testScope(CONFIG_MAP, T1), live, reset, 'editor');
  assert.equal(reset.metadata.managedFields, undefined);
  const later = structuredClone(reset);
  later.data = { a: '2' };
  trackUpdate(testScope(CONFIG_MAP, T1), reset, later, 'editor');
  assert.equal(later.metadata.managedFields, undefined);
  const resetAndChange = structuredClone(live);
  resetAndChange.metadata.managedFields = [{}];
  resetAndChange.data = { a: '1', b: '2' };
  trackUpdate(testScope(CONFIG_MAP, T1), live, resetAndChange, 'editor');
  assert.deepEqual(entries(resetAndChange).map((e) => [e.manager, e.fieldsV1]), [['editor', { 'f:data': { 'f:b': {} } }]]);
});

test('subresources: entries carry the subresource, request managedFields are ignored, reset fields never owned', () => {
  const scope = (now: Date) => testScope(WIDGET, now, { subresource: 'status', ignored: setOf([fieldElement('spec')]) });
  const live: KubeObject = { metadata: { name: 'w', uid: 'u' }, spec: { replicas: 1 } };
  trackUpdate(testScope(WIDGET, T0), undefined, live, 'creator');
  const next = structuredClone(live);
  next['status'] = { phase: 'Ready' };
  next['spec'] = { replicas: 5 };
  next.metadata.managedFields = [{}];
  trackUpdate(scope(T1), live, next, 'controller');
  assert.deepEqual(managers(next), ['creator/Update', 'controller/Update/status']);
  // `status` is a struct Go always has: only its field is new.
  assert.deepEqual(entries(next)[1]?.fieldsV1, { 'f:status': { 'f:phase': {} } });
});

test('create: an empty spec is not owned (Go kinds always have their spec struct)', () => {
  const obj: KubeObject = { metadata: { name: 'w' }, spec: {} };
  trackUpdate(testScope(WIDGET, T0), undefined, obj, 'kubectl-create');
  assert.equal(obj.metadata.managedFields, undefined);
});

test('apply: creates with an Apply entry, no apiVersion in its identity, time set', () => {
  const obj = applyToObject(testScope(CONFIG_MAP, T0), undefined, cm({ a: '1' }), 'tool', false);
  assert.deepEqual(obj.metadata.managedFields, [
    { manager: 'tool', operation: 'Apply', apiVersion: 'v1', time: '2024-05-01T10:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } },
  ]);
  assert.deepEqual(obj.data, { a: '1' });
});

test('apply: an unchanged apply keeps the entry time; a change updates it; entries sort Apply before Update', () => {
  const live = created(cm({ a: '1' }), 'creator');
  const first = applyToObject(testScope(CONFIG_MAP, T0), live, cm({ b: '2' }), 'tool', false);
  const again = applyToObject(testScope(CONFIG_MAP, T1), { ...first, metadata: { ...first.metadata } }, cm({ b: '2' }), 'tool', false);
  assert.deepEqual(again.metadata.managedFields, first.metadata.managedFields);
  assert.deepEqual(managers(again), ['tool/Apply', 'creator/Update']);
  const changed = applyToObject(testScope(CONFIG_MAP, T1), again, cm({ b: '3' }), 'tool', false);
  assert.equal(entries(changed)[0]?.time, '2024-05-01T11:00:00Z');
});

test('apply: a second applier of the same value shares ownership without a time (upstream: nothing changed)', () => {
  const first = applyToObject(testScope(CONFIG_MAP, T0), undefined, cm({ a: '1' }), 'one', false);
  const second = applyToObject(testScope(CONFIG_MAP, T1), first, cm({ a: '1' }), 'two', false);
  assert.deepEqual(managers(second), ['two/Apply', 'one/Apply']);
  assert.equal(entries(second)[0]?.time, undefined);
});

test('apply conflicts: 409 with upstream message and causes; force takes the field', () => {
  const live = created(cm({ key: 'a' }), 'kubectl-client-side-apply');
  const error = statusOf(() => applyToObject(testScope(CONFIG_MAP, T1), live, cm({ key: 'b' }), 'other', false));
  assert.equal(error.code, 409);
  assert.equal(error.status.reason, 'Conflict');
  assert.equal(error.message, 'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .data.key');
  assert.deepEqual(error.status.details, { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using v1', field: '.data.key' }] });
  const forced = applyToObject(testScope(CONFIG_MAP, T1), live, cm({ key: 'b' }), 'other', true);
  // The creator keeps the map it created (`f:data` without the `.`-less key it lost).
  assert.deepEqual(entries(forced).map((e) => [e.manager, e.fieldsV1]), [
    ['other', { 'f:data': { 'f:key': {} } }],
    ['kubectl-client-side-apply', { 'f:data': {} }],
  ]);
  assert.deepEqual(forced.data, { key: 'b' });
});

test('apply conflicts with several managers are grouped by manager', () => {
  let obj = applyToObject(testScope(CONFIG_MAP, T0), undefined, cm({ x: '1', y: '1' }), 'a', false);
  obj = applyToObject(testScope(CONFIG_MAP, T0), obj, cm({ y: '1', z: '1' }), 'b', false);
  const error = statusOf(() => applyToObject(testScope(CONFIG_MAP, T1), obj, cm({ x: '2', y: '2', z: '2' }), 'c', false));
  assert.equal(error.message, 'Apply failed with 4 conflicts: conflicts with "a":\n- .data.x\n- .data.y\nconflicts with "b":\n- .data.y\n- .data.z');
  assert.equal(error.status.details?.causes?.length, 4);
});

test('apply to an object without managedFields: what is there belongs to before-first-apply', () => {
  const live = cm({ a: '1', b: '2' }, { uid: 'u' });
  const obj = applyToObject(testScope(CONFIG_MAP, T1), live, cm({ a: '1' }), 'tool', false);
  assert.deepEqual(entries(obj).map((e) => [e.manager, e.operation, e.fieldsV1]), [
    ['tool', 'Apply', { 'f:data': { 'f:a': {} } }],
    ['before-first-apply', 'Update', { 'f:data': { '.': {}, 'f:a': {}, 'f:b': {} } }],
  ]);
});

test('apply errors the merge types cannot handle are 500s', () => {
  const error = statusOf(() => applyToObject(testScope(WIDGET, T0), undefined, { metadata: { name: 'w' }, spec: { containers: [{ image: 'x' }] } }, 'a', false));
  assert.equal(error.code, 500);
  assert.match(error.message, /omits key field "name"/);
});

test('managedFields are replaced in place, or set last in metadata; other keys keep their place', () => {
  const live = created(cm({ a: '1' }, { labels: { x: 'y' } }), 'creator');
  // Unchanged: the live object's own order, managedFields replaced in place.
  const same = applyToObject(testScope(CONFIG_MAP, T1), live, cm({ a: '1' }), 'tool', false);
  assert.deepEqual(Object.keys(same.metadata), Object.keys(live.metadata));
  // Added where there were none: last, without moving the keys before it (storage orders metadata itself).
  const fresh = cm({ a: '1' }, { labels: { x: 'y' }, uid: 'u' });
  const first = applyToObject(testScope(CONFIG_MAP, T1), fresh, cm({ a: '1' }), 'tool', false);
  assert.deepEqual(Object.keys(first.metadata), ['name', 'namespace', 'labels', 'uid', 'managedFields']);
  // Changed: the merge writes schema order, managedFields follow.
  const changed = applyToObject(testScope(CONFIG_MAP, T1), live, cm({ a: '2' }), 'tool', true);
  assert.deepEqual(Object.keys(changed.metadata), ['creationTimestamp', 'labels', 'name', 'namespace', 'uid', 'managedFields']);
});
