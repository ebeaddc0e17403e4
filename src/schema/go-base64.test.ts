import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { base64ErrorOffset, canonicalBase64 } from './go-base64.js';

describe('base64ErrorOffset (Go StdEncoding)', () => {
  const cases: [string, number | undefined][] = [
    ['', undefined],
    ['YWJj', undefined],
    ['YWI=', undefined],
    ['YQ==', undefined],
    ['YW\r\nJj', undefined],
    ['YWJjZA', 4],
    ['YWJjZ', 4],
    ['Y', 0],
    ['YW*j', 2],
    ['YQ=', 3],
    ['YQ=x', 2],
    ['YWI=YWJj', 4],
    ['=', 0],
    ['YWJj\n=', 5],
    ['aGVsbG8gd29ybGQ!', 15],
  ];
  for (const [text, offset] of cases) it(JSON.stringify(text), () => assert.equal(base64ErrorOffset(text), offset));
});

describe('canonicalBase64', () => {
  it('drops line breaks', () => assert.equal(canonicalBase64('YW\nJj'), 'YWJj'));
});
