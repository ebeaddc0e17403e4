import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trackUpdate } from './field-manager.js';
import { CONFIG_MAP, cm, created, entries, testScope } from './test-kinds.js';

test('at most 10 Update entries: the oldest merge into ancient-changes', () => {
  let obj = created(cm({ k0: '0' }), 'm0', new Date('2024-01-01T00:00:00Z'));
  for (let i = 1; i <= 11; i++) {
    const next = structuredClone(obj);
    next.data = { ...(obj.data as Record<string, string>), [`k${i}`]: String(i) };
    trackUpdate(testScope(CONFIG_MAP, new Date(Date.UTC(2024, 0, 1, i))), obj, next, `m${i}`);
    obj = next;
  }
  const names = entries(obj).map((e) => e.manager);
  assert.equal(names.length, 10);
  assert.ok(names.includes('ancient-changes'));
  assert.ok(!names.includes('m0') && !names.includes('m1') && !names.includes('m2'));
  const ancient = entries(obj).find((e) => e.manager === 'ancient-changes');
  assert.deepEqual(ancient?.fieldsV1, { 'f:data': { '.': {}, 'f:k0': {}, 'f:k1': {}, 'f:k2': {} } });
  assert.equal(ancient?.time, '2024-01-01T02:00:00Z');
});

