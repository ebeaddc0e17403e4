import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { QUANTITY_FORMAT_ERROR, QUANTITY_NUMERIC_ERROR, QUANTITY_SUFFIX_ERROR, quantityError } from './quantity.js';

describe('quantityError', () => {
  const valid = ['0', '1', '500m', '1Gi', '1.5Gi', '+.5', '-1', '1e3', '1E-2', '0.1', '1.', '  2Mi ', '100Ki', '5E', '0000'];
  for (const text of valid) it(`accepts ${JSON.stringify(text)}`, () => assert.equal(quantityError(text), undefined));

  const invalid: [string, string][] = [
    ['', QUANTITY_FORMAT_ERROR],
    ['abc', QUANTITY_FORMAT_ERROR],
    ['1 cpu', QUANTITY_FORMAT_ERROR],
    ['1Gb', QUANTITY_FORMAT_ERROR],
    ['1.2.3', QUANTITY_FORMAT_ERROR],
    ['1Mi2', QUANTITY_SUFFIX_ERROR],
    ['1e', QUANTITY_SUFFIX_ERROR],
    ['1KiB', QUANTITY_FORMAT_ERROR],
    ['G', QUANTITY_NUMERIC_ERROR],
  ];
  for (const [text, message] of invalid) it(`rejects ${JSON.stringify(text)}`, () => assert.equal(quantityError(text), message));
});
