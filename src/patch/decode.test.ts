import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { decodePatchBody, jsonPatchUnknownFields } from './decode.js';
import type { FieldValidationDirective } from './decode.js';

function message(body: string, type: 'json' | 'merge', directive: FieldValidationDirective): string {
  try {
    decodePatchBody(body, type, directive);
  } catch (e) {
    assert.ok(isStatusError(e));
    assert.equal(e.code, 400);
    assert.equal(e.reason, 'BadRequest');
    return e.message;
  }
  assert.fail(`expected ${body} to be rejected`);
}

describe('decodePatchBody', () => {
  it('parses valid bodies', () => {
    assert.deepEqual(decodePatchBody('[{"op":"add","path":"/a","value":1}]', 'json', 'Strict'), [{ op: 'add', path: '/a', value: 1 }]);
    assert.deepEqual(decodePatchBody('{"a":null}', 'merge', 'Strict'), { a: null });
    assert.equal(decodePatchBody('null', 'json', 'Strict'), null);
    assert.deepEqual(decodePatchBody('[1]', 'merge', 'Ignore'), [1]);
  });

  const cases: [string, 'json' | 'merge', FieldValidationDirective, string][] = [
    ['', 'json', 'Ignore', 'unexpected end of JSON input'],
    ['[{"op":', 'json', 'Ignore', 'unexpected end of JSON input'],
    ['[{"op":', 'json', 'Strict', 'error decoding patch: unexpected end of JSON input'],
    ['{"a":', 'merge', 'Ignore', 'Invalid JSON Patch'],
    ['{"a":', 'merge', 'Warn', 'error decoding patch: unexpected end of JSON input'],
    ['{}', 'json', 'Strict', 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp'],
    ['["x"]', 'json', 'Warn', 'error decoding patch: json: cannot unmarshal string into Go value of type handlers.jsonPatchOp'],
    ['[{"op":1}]', 'json', 'Strict', 'error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.op of type string'],
    ['[1]', 'merge', 'Strict', 'error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}'],
    ['"s"', 'merge', 'Strict', 'error decoding patch: json: cannot unmarshal string into Go value of type map[string]interface {}'],
  ];
  for (const [body, type, directive, want] of cases) {
    it(`${type} ${directive} ${JSON.stringify(body)}`, () => assert.equal(message(body, type, directive), want));
  }

  it('leaves shape errors to the appliers under Ignore', () => {
    assert.deepEqual(decodePatchBody('{}', 'json', 'Ignore'), {});
    assert.equal(decodePatchBody('"s"', 'merge', 'Ignore'), 's');
  });
});

describe('jsonPatchUnknownFields', () => {
  it('names members other than op, path, from and value by index', () => {
    assert.deepEqual(jsonPatchUnknownFields([{ op: 'add', path: '/a', value: 1, foo: 1 }, null, { op: 'remove', path: '/b', Path: 'x' }]), [
      'json patch unknown field "[0].foo"',
      'json patch unknown field "[2].Path"',
    ]);
    assert.deepEqual(jsonPatchUnknownFields({}), []);
  });
});
