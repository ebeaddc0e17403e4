import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { checkPathName } from './resource-router.js';

test('names from the path: `.`, `..`, `/` and `%` are 400 with upstream IsValidPathSegmentName wording', () => {
  const cases: Array<[string, string]> = [
    ['..', `Name parameter invalid: "..": may not be '..'`],
    ['.', `Name parameter invalid: ".": may not be '.'`],
    ['a%b', `Name parameter invalid: "a%b": may not contain '%'`],
    ['a/b%', `Name parameter invalid: "a/b%": may not contain '/';may not contain '%'`],
  ];
  for (const [name, message] of cases) {
    assert.throws(() => checkPathName(name), (e) => isStatusError(e) && e.code === 400 && e.message === message, name);
  }
  for (const name of ['', 'a.b', '...', 'a b', 'x..y']) assert.doesNotThrow(() => checkPathName(name), name);
});
