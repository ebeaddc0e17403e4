// Decoding strategic merge patch bodies: 400s with the decoder's text, null as an empty patch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../errors/status-error.js';
import { decodeStrategicMergePatchBody } from './decode.js';

test('objects decode; null is an empty patch', () => {
  assert.deepEqual(decodeStrategicMergePatchBody('{"data":{"a":"1"}}'), { data: { a: '1' } });
  assert.deepEqual(decodeStrategicMergePatchBody('null'), {});
});

test('bodies that are not a JSON object are 400 BadRequest', () => {
  const cases: Array<[string, RegExp]> = [
    ['', /^unexpected end of JSON input$/],
    ['{"a":', /^unexpected end of JSON input$/],
    ['[1]', /^json: cannot unmarshal array into Go value of type map\[string\]interface \{\}$/],
    ['"x"', /^json: cannot unmarshal string into Go value of type map\[string\]interface \{\}$/],
    ['{x}', /^invalid character 'x' looking for beginning of object key string$/],
  ];
  for (const [body, message] of cases) {
    assert.throws(
      () => decodeStrategicMergePatchBody(body),
      (e: unknown) => isStatusError(e) && e.code === 400 && e.reason === 'BadRequest' && message.test(e.message),
      body,
    );
  }
});
