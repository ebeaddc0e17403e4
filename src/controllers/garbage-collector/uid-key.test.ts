import { test } from 'node:test';
import assert from 'node:assert/strict';
import { uidKey, uidOfKey } from './uid-key.js';

const cases: { name: string; uid: string; packed: boolean }[] = [
  { name: 'a canonical UUID', uid: '0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2b3', packed: true },
  { name: 'all zeros', uid: '00000000-0000-0000-0000-000000000000', packed: true },
  { name: 'all ones', uid: 'ffffffff-ffff-ffff-ffff-ffffffffffff', packed: true },
  { name: 'upper case (kept as sent)', uid: '0F8E2A4C-1B3D-4E5F-A6B7-C8D9E0F1A2B3', packed: false },
  { name: 'any other string', uid: 'my-uid', packed: false },
  { name: 'empty', uid: '', packed: false },
  { name: 'a UUID-long string that is not one', uid: '0f8e2a4c-1b3d-4e5f-a6b7-c8d9e0f1a2bz', packed: false },
];

for (const c of cases) {
  test(`uidKey: ${c.name} round-trips`, () => {
    const key = uidKey(c.uid);
    assert.equal(uidOfKey(key), c.uid);
    assert.equal(key.length === 16 && !key.includes('\uffff'), c.packed);
  });
}

test('uidKey: distinct uids get distinct keys', () => {
  const uids = cases.map((c) => c.uid);
  assert.equal(new Set(uids.map(uidKey)).size, uids.length);
});
