import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  const cases: { name: string; input: string; records: { line: number; fields: string[] }[] }[] = [
    { name: 'plain fields', input: 'a,b,c\n', records: [{ line: 1, fields: ['a', 'b', 'c'] }] },
    { name: 'no final newline', input: 'a,b', records: [{ line: 1, fields: ['a', 'b'] }] },
    { name: 'CRLF and empty lines', input: '\r\na,b\r\n\r\nc\r\n', records: [{ line: 2, fields: ['a', 'b'] }, { line: 4, fields: ['c'] }] },
    { name: 'spaces kept', input: ' a , b ', records: [{ line: 1, fields: [' a ', ' b '] }] },
    { name: 'empty fields', input: 'a,,\n', records: [{ line: 1, fields: ['a', '', ''] }] },
    { name: 'quoted commas and quotes', input: 't,"x,y","say ""hi"""', records: [{ line: 1, fields: ['t', 'x,y', 'say "hi"'] }] },
    { name: 'quoted newline', input: '"a\r\nb",c\nd', records: [{ line: 1, fields: ['a\nb', 'c'] }, { line: 3, fields: ['d'] }] },
    { name: 'empty quoted', input: '"",x', records: [{ line: 1, fields: ['', 'x'] }] },
    { name: 'varying field counts', input: 'a\nb,c,d', records: [{ line: 1, fields: ['a'] }, { line: 2, fields: ['b', 'c', 'd'] }] },
  ];
  for (const { name, input, records } of cases) {
    it(name, () => assert.deepEqual(parseCsv(input), records));
  }

  const errors: { name: string; input: string; message: string }[] = [
    { name: 'bare quote', input: 'ok\nab"c', message: 'parse error on line 2, column 3: bare " in non-quoted-field' },
    { name: 'text after closing quote', input: '"a"b', message: 'parse error on line 1, column 4: extraneous or missing " in quoted-field' },
    { name: 'unterminated quote', input: 'x\n"abc\nd', message: 'record on line 2; parse error on line 3, column 2: extraneous or missing " in quoted-field' },
  ];
  for (const { name, input, message } of errors) {
    it(`rejects ${name}`, () => assert.throws(() => parseCsv(input), { message }));
  }
});
