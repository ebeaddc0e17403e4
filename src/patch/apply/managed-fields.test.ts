import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setOf } from './field-set.js';
import { decodeManagedFields, encodeManagedFields, isResetManagedFields, managerIdentifier, parseManagerIdentifier } from './managed-fields.js';
import { fieldElement } from './path-element.js';

test('manager identifiers: Go JSON of manager, operation, apiVersion (Update only), subresource', () => {
  assert.equal(managerIdentifier({ manager: 'kubectl', operation: 'Apply', apiVersion: 'v1' }), '{"manager":"kubectl","operation":"Apply"}');
  assert.equal(managerIdentifier({ manager: 'k', operation: 'Update', apiVersion: 'apps/v1', subresource: 'status' }), '{"manager":"k","operation":"Update","apiVersion":"apps/v1","subresource":"status"}');
  assert.equal(managerIdentifier({ manager: 'a<b', operation: 'Update', apiVersion: 'v1' }), '{"manager":"a\\u003cb","operation":"Update","apiVersion":"v1"}');
  assert.deepEqual(parseManagerIdentifier('{"manager":"a\\u003cb","operation":"Update","apiVersion":"v1"}'), { manager: 'a<b', operation: 'Update', apiVersion: 'v1', subresource: undefined });
});

test('decode: one entry per identifier; invalid entries fail with upstream texts', () => {
  const managed = decodeManagedFields([
    { manager: 'a', operation: 'Apply', apiVersion: 'v1', time: '2024-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:x': {} } } },
    { manager: 'a', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1' },
  ]);
  assert.deepEqual([...managed.fields.keys()], ['{"manager":"a","operation":"Apply"}', '{"manager":"a","operation":"Update","apiVersion":"v1"}']);
  assert.equal(managed.times.get('{"manager":"a","operation":"Apply"}'), '2024-01-01T00:00:00Z');
  const bad: [unknown, RegExp][] = [
    [[{ operation: 'Patch', apiVersion: 'v1', fieldsType: 'FieldsV1' }], /operation must be `Apply` or `Update`/],
    [[{ operation: 'Update', fieldsType: 'FieldsV1' }], /apiVersion must not be empty/],
    [[{ operation: 'Update', apiVersion: 'v1' }], /missing fieldsType in managed fields entry 0/],
    [[{ operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV2' }], /invalid fieldsType "FieldsV2" in managed fields entry 0/],
    [[{ operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { nocolon: {} } }], /error decoding set/],
  ];
  for (const [entries, message] of bad) assert.throws(() => decodeManagedFields(entries), message);
});

test('encode: sorted by operation, time, manager, apiVersion, subresource', () => {
  const set = setOf([fieldElement('data')]);
  const fields = new Map([
    [managerIdentifier({ manager: 'z', operation: 'Update', apiVersion: 'v1' }), { set, apiVersion: 'v1', applied: false }],
    [managerIdentifier({ manager: 'b', operation: 'Update', apiVersion: 'v1' }), { set, apiVersion: 'v1', applied: false }],
    [managerIdentifier({ manager: 'y', operation: 'Apply' }), { set, apiVersion: 'v1', applied: true }],
    [managerIdentifier({ manager: 'a', operation: 'Update', apiVersion: 'v1', subresource: 'status' }), { set, apiVersion: 'v1', applied: false }],
  ]);
  const times = new Map([
    [managerIdentifier({ manager: 'z', operation: 'Update', apiVersion: 'v1' }), '2024-01-01T00:00:00Z'],
    [managerIdentifier({ manager: 'b', operation: 'Update', apiVersion: 'v1' }), '2024-01-02T00:00:00Z'],
  ]);
  const order = encodeManagedFields({ fields, times }).map((e) => `${e.operation}:${e.manager}:${e.subresource ?? ''}`);
  // Entries without a time sort as the zero time: first among Updates.
  assert.deepEqual(order, ['Apply:y:', 'Update:a:status', 'Update:z:', 'Update:b:']);
});

test('reset form: only a list of one empty entry', () => {
  assert.ok(isResetManagedFields([{}]));
  assert.ok(isResetManagedFields([{ manager: '' }]));
  assert.ok(!isResetManagedFields([]));
  assert.ok(!isResetManagedFields([{ manager: 'x' }]));
  assert.ok(!isResetManagedFields([{}, {}]));
  assert.ok(!isResetManagedFields(undefined));
});
