// The errors of applyStrategicMergePatch, with upstream's codes and texts (errors.ts): malformed
// directive lists 400, lists of lists 422, other merge errors 500 without a reason. Several cases
// are upstream's own (patch_test.go expects "doesn't match" and "does not contain declared merge key").
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import YAML from 'yaml';
import { isStatusError } from '../../errors/status-error.js';
import { applyStrategicMergePatch } from './index.js';
import { MergeItemSchema } from './test-schema.js';

interface ErrorCase {
  description: string;
  original: unknown;
  patch: unknown;
  code: number;
  reason?: string;
  message: string;
}

const errorCases = YAML.parse(`
- description: $setElementOrder out of step with the patch list (upstream "should check if order ... match")
  original: {mergingList: [{name: 1}, {name: 3}, {name: 2}]}
  patch:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}, {name: 3}]
    mergingList: [{name: 3, value: 3}, {name: 1, value: 1}]
  code: 500
  message: "The order in patch list:\\n[map[name:3 value:3] map[name:1 value:1]]\\n doesn't match $setElementOrder list:\\n[map[name:1] map[name:2] map[name:3]]\\n"
- description: $setElementOrder out of step with the patch int list
  original: {mergingIntList: [1, 3, 2]}
  patch: {$setElementOrder/mergingIntList: [1, 2, 3], mergingIntList: [3, 1]}
  code: 500
  message: "The order in patch list:\\n[3 1]\\n doesn't match $setElementOrder list:\\n[1 2 3]\\n"
- description: missing merge key (upstream "missing merge key should error out")
  original: {mergingList: [{name: 1, value: a}]}
  patch: {mergingList: [{value: b}]}
  code: 500
  message: "map: map[value:b] does not contain declared merge key: name"
- description: delete directive without the merge key
  original: {mergingList: [{name: 1}]}
  patch: {mergingList: [{$patch: delete, value: b}]}
  code: 500
  message: "map: map[$patch:delete value:b] does not contain declared merge key: name"
- description: unknown $patch value on a map
  original: {simpleMap: {a: x}}
  patch: {simpleMap: {$patch: foo, b: y}}
  code: 500
  message: "unknown patch type: foo in map: map[$patch:foo b:y]"
- description: a number as $patch value
  original: {name: a}
  patch: {$patch: 1}
  code: 500
  message: "unknown patch type: %!s(int64=1) in map: map[$patch:1]"
- description: unknown $patch value in a keyed list
  original: {mergingList: [{name: 1}]}
  patch: {mergingList: [{name: 1, $patch: bogus}]}
  code: 500
  message: "unknown patch type: bogus in map: map[$patch:bogus name:1]"
- description: $patch merge in a keyed list
  original: {mergingList: [{name: 1}]}
  patch: {mergingList: [{$patch: merge}]}
  code: 500
  message: merging lists cannot yet be specified in the patch
- description: a $deleteFromPrimitiveList key without a field
  original: {mergingIntList: [1]}
  patch: {$deleteFromPrimitiveListmergingIntList: [1]}
  code: 400
  reason: BadRequest
  message: invalid patch format of primitive list
- description: a $setElementOrder key without a field
  original: {mergingIntList: [1]}
  patch: {$setElementOrdermergingIntList: [1]}
  code: 400
  reason: BadRequest
  message: invalid patch format of setElementOrder list
- description: $retainKeys that is not a list
  original: {retainKeysMap: {name: a}}
  patch: {retainKeysMap: {$retainKeys: name}}
  code: 400
  reason: BadRequest
  message: invalid patch format of retainKeys
- description: a patched field missing from $retainKeys
  original: {retainKeysMap: {name: a}}
  patch: {retainKeysMap: {$retainKeys: [name], value: b}}
  code: 400
  reason: BadRequest
  message: invalid patch format of retainKeys
- description: lists of lists
  original: {mergingIntList: [[1]]}
  patch: {mergingIntList: [[2]]}
  code: 422
  reason: Invalid
  message: the server rejected our request due to an error in our request
- description: list items of different types
  original: {mergingIntList: [1]}
  patch: {mergingIntList: [a]}
  code: 500
  message: "list element types are not identical: [[1] [a]]"
- description: a $setElementOrder value that is not a list
  original: {mergingList: [{name: 1}]}
  patch: {$setElementOrder/mergingList: x}
  code: 500
  message: "expected a []interface {}, but received a string"
- description: a $setElementOrder for a field the struct does not declare
  original: {name: a}
  patch: {$setElementOrder/bogus: [1]}
  code: 500
  message: unable to find api field in struct MergeItem for the json field "bogus"
`) as ErrorCase[];

describe('strategic merge patch: errors', () => {
  for (const c of errorCases) {
    test(c.description, () => {
      assert.throws(
        () => applyStrategicMergePatch(MergeItemSchema, c.original, c.patch),
        (error: unknown) => {
          assert.ok(isStatusError(error));
          assert.equal(error.status.code, c.code);
          assert.equal(error.status.reason, c.reason);
          assert.equal(error.status.message, c.message);
          return true;
        },
      );
    });
  }

  test('a patch that is not an object is a 400 like upstream decoding', () => {
    assert.throws(() => applyStrategicMergePatch(MergeItemSchema, {}, [1]), /json: cannot unmarshal array into Go value of type map\[string\]interface \{\}/);
  });

  test('a null patch changes nothing; inputs are never modified', () => {
    const original = { mergingList: [{ name: 1 }, { name: 2 }] };
    const patch = { '$setElementOrder/mergingList': [{ name: 3 }, { name: 1 }], mergingList: [{ name: 2, $patch: 'delete' }, { name: 3 }] };
    const snapshot = structuredClone({ original, patch });
    assert.deepEqual(applyStrategicMergePatch(MergeItemSchema, original, null), original);
    applyStrategicMergePatch(MergeItemSchema, original, patch);
    assert.deepEqual({ original, patch }, snapshot);
  });

  test('$patch: delete at the top yields an empty object', () => {
    assert.deepEqual(applyStrategicMergePatch(MergeItemSchema, { name: 'a' }, { $patch: 'delete' }), {});
  });

  test('a directive map where the original has no value is taken as it is (1.25; decoding then sees `$patch` as a field)', () => {
    assert.deepEqual(applyStrategicMergePatch(MergeItemSchema, { name: 'a' }, { simpleMap: { $patch: 'delete' } }), { name: 'a', simpleMap: { $patch: 'delete' } });
  });

  test('a __proto__ member is data', () => {
    const patch = JSON.parse('{"simpleMap": {"__proto__": "x"}}') as unknown;
    const result = applyStrategicMergePatch(MergeItemSchema, { simpleMap: { a: 'b' } }, patch) as { simpleMap: Record<string, unknown> };
    assert.deepEqual(Object.keys(result.simpleMap), ['a', '__proto__']);
    assert.equal(Object.getPrototypeOf(result.simpleMap), Object.prototype);
  });
});
