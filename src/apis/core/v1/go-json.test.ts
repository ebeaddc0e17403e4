import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goJsonObjectError } from './go-json.js';

// Messages as Go 1.19's encoding/json returns them for json.Unmarshal into map[string]interface{}.
const cases: [string, string | undefined][] = [
  ['{}', undefined],
  [' {"auths": {"r": {"auth": "eA=="}}, "n": [1, -2.5e+3, true, null]} ', undefined],
  ['null', undefined],
  ['', 'unexpected end of JSON input'],
  ['   ', 'unexpected end of JSON input'],
  ['{"a":', 'unexpected end of JSON input'],
  ['{"a"', 'unexpected end of JSON input'],
  ['not json', "invalid character 'o' in literal null (expecting 'u')"],
  ['xyz', "invalid character 'x' looking for beginning of value"],
  ['{a:1}', "invalid character 'a' looking for beginning of object key string"],
  ['{"a" 1}', "invalid character '1' after object key"],
  ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
  ['[1 2]', "invalid character '2' after array element"],
  ['{"a":1}}', "invalid character '}' after top-level value"],
  ['01', "invalid character '1' after top-level value"],
  ['-x', "invalid character 'x' in numeric literal"],
  ['1.x', "invalid character 'x' after decimal point in numeric literal"],
  ['1e+x', "invalid character 'x' in exponent of numeric literal"],
  ['"\\q"', "invalid character 'q' in string escape code"],
  ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
  ['"a\nb"', "invalid character '\\n' in string literal"],
  ["'a'", "invalid character '\\'' looking for beginning of value"],
  ['tru', 'unexpected end of JSON input'],
  ['[]', 'json: cannot unmarshal array into Go value of type map[string]interface {}'],
  ['"s"', 'json: cannot unmarshal string into Go value of type map[string]interface {}'],
  ['12', 'json: cannot unmarshal number into Go value of type map[string]interface {}'],
  ['true', 'json: cannot unmarshal bool into Go value of type map[string]interface {}'],
];

test('goJsonObjectError reports what Go json.Unmarshal reports', () => {
  for (const [input, want] of cases) assert.equal(goJsonObjectError(Buffer.from(input)), want, JSON.stringify(input));
});
