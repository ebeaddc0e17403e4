import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exceedsMaxJsonDepth, goJsonSyntaxError } from './go-json-syntax.js';

test('syntax errors as Go encoding/json words them', () => {
  const cases: Array<[string, string]> = [
    ['', 'unexpected end of JSON input'],
    ['   ', 'unexpected end of JSON input'],
    ['{"metadata":{"name":"x"},', 'unexpected end of JSON input'],
    ['{"a":"unterminated', 'unexpected end of JSON input'],
    ['{"a":1}}', "invalid character '}' after top-level value"],
    ['{"a":1} x', "invalid character 'x' after top-level value"],
    ['{"name":x}', "invalid character 'x' looking for beginning of value"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ["{'a':1}", "invalid character '\\'' looking for beginning of object key string"],
    ['[1,]', "invalid character ']' looking for beginning of value"],
    ['[1 2]', "invalid character '2' after array element"],
    ['{"a":tru}', "invalid character '}' in literal true (expecting 'e')"],
    ['{"a":fals}', "invalid character '}' in literal false (expecting 'e')"],
    ['{"a":nul}', "invalid character '}' in literal null (expecting 'l')"],
    ['{"a":-}', "invalid character '}' in numeric literal"],
    ['{"a":1.}', "invalid character '}' after decimal point in numeric literal"],
    ['{"a":1e}', "invalid character '}' in exponent of numeric literal"],
    ['{"a":01}', "invalid character '1' after object key:value pair"],
    ['{"a":"\\x"}', "invalid character 'x' in string escape code"],
    ['{"a":"\\u12g4"}', "invalid character 'g' in \\u hexadecimal character escape"],
    ['{"a":"line\nbreak"}', "invalid character '\\n' in string literal"],
    ['{"a":"tab\there"}', "invalid character '\\t' in string literal"],
    ['{"a":\u0001}', "invalid character '\\x01' looking for beginning of value"],
    ['{"a":NaN}', "invalid character 'N' looking for beginning of value"],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => JSON.parse(text), SyntaxError, `JSON.parse refuses ${JSON.stringify(text)}`);
    assert.equal(goJsonSyntaxError(text), message, JSON.stringify(text));
  }
});

test('nesting past Go encoding/json maxNestingDepth (10,000) is refused with its error', () => {
  const deep = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  assert.equal(exceedsMaxJsonDepth(deep(10_000)), false);
  assert.equal(exceedsMaxJsonDepth(deep(10_001)), true);
  assert.equal(exceedsMaxJsonDepth('['.repeat(10_001) + ']'.repeat(10_001)), true);
  // Brackets inside strings do not count.
  assert.equal(exceedsMaxJsonDepth(`{"a":"${'['.repeat(30_000)}"}`), false);
  assert.equal(exceedsMaxJsonDepth(`{"a":"\\\\",${'"b":{'.repeat(5)}"c":1${'}'.repeat(5)},"pad":"${'x'.repeat(20_000)}"}`), false);
  assert.equal(exceedsMaxJsonDepth(`{"a":"${'['.repeat(30_000)}`), false, 'an unterminated string ends the scan');
  assert.equal(goJsonSyntaxError(deep(10_001)), "invalid character '{' exceeded max depth");
});
