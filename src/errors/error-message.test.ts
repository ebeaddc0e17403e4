import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorMessage } from './error-message.js';

test("errorMessage: an Error's message, anything else as String() writes it", () => {
  const cases: Array<[unknown, string]> = [
    [new Error('boom'), 'boom'],
    [new TypeError('bad type'), 'bad type'],
    ['plain text', 'plain text'],
    [42, '42'],
    [undefined, 'undefined'],
    [{ toString: () => 'custom' }, 'custom'],
  ];
  for (const [value, expected] of cases) assert.equal(errorMessage(value), expected);
});
