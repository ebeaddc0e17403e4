import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AbsentOwners } from './absent-owners.js';

test('AbsentOwners: keyed by namespace and uid; the least recently used goes past capacity', () => {
  const absent = new AbsentOwners(2);
  absent.add('a', 'u1');
  assert.equal(absent.has('a', 'u1'), true);
  assert.equal(absent.has('b', 'u1'), false, 'another namespace is another key');
  absent.add('', 'u2');
  assert.equal(absent.has('a', 'u1'), true); // u1 is now the most recent
  absent.add('a', 'u3');
  assert.equal(absent.has('', 'u2'), false, 'the least recently used went');
  assert.equal(absent.has('a', 'u1'), true);
  assert.equal(absent.has('a', 'u3'), true);
});
