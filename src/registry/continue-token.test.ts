import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { decodeContinue, encodeContinue } from './continue-token.js';

test('continue tokens round-trip and use upstream encoding', () => {
  const token = encodeContinue({ revision: 42, start: 'ns/name\u0000' });
  assert.deepEqual(decodeContinue(token), { revision: 42, start: 'ns/name\u0000' });
  assert.deepEqual(JSON.parse(Buffer.from(token, 'base64url').toString()), { v: 'meta.k8s.io/v1', rv: 42, start: 'ns/name\u0000' });
  assert.deepEqual(decodeContinue(encodeContinue({ revision: -1, start: 'a' })).revision, -1);
});

test('malformed continue tokens are 400', () => {
  const bad = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  for (const token of ['garbage!!', bad({ v: 'other', rv: 1, start: 'a' }), bad({ v: 'meta.k8s.io/v1', rv: 0, start: 'a' }), bad({ v: 'meta.k8s.io/v1', rv: 3, start: '../x' }), bad([1])]) {
    assert.throws(() => decodeContinue(token), (e) => isStatusError(e) && e.code === 400 && e.message.startsWith('invalid continue token: continue key is not valid: '), token);
  }
});
