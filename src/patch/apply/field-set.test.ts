import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  difference,
  hasPath,
  intersection,
  isEmptySet,
  listPaths,
  recursiveDifference,
  setOf,
  setsEqual,
  union,
  type FieldSet,
} from './field-set.js';
import { fieldsV1ToSet, setToFieldsV1 } from './fields-v1.js';
import { FieldPathError, fieldElement, keyElement, pathString, type Path, type PathElement } from './path-element.js';

const f = fieldElement;
const paths = (s: FieldSet): string[] => listPaths(s).map(pathString);

test('FieldsV1 round trip keeps upstream key order byte for byte (structured-merge-diff serialize_test)', () => {
  const cases = [
    '{}',
    '{"f:aaa":{},"f:aab":{},"f:aac":{},"f:aad":{},"f:aae":{},"f:aaf":{},"k:{\\"name\\":\\"first\\"}":{},"k:{\\"name\\":\\"second\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{},"v:1":{},"v:2":{},"v:3":{},"v:\\"aa\\"":{},"v:\\"ab\\"":{},"v:true":{},"i:1":{},"i:2":{},"i:3":{},"i:4":{}}',
    '{"f:aaa":{"k:{\\"name\\":\\"second\\"}":{"v:3":{"f:aab":{}}}},"f:aac":{"i:1":{},"i:2":{}}}',
    '{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"c\\"}":{".":{},"f:image":{},"f:name":{}}}}}',
  ];
  for (const text of cases) assert.equal(JSON.stringify(setToFieldsV1(fieldsV1ToSet(JSON.parse(text)))), text);
});

test('FieldsV1: "." comes first and marks a node that is a member and a parent', () => {
  const set = setOf([f('data')], [f('data'), f('a')], [f('metadata'), f('labels'), f('x')]);
  assert.equal(JSON.stringify(setToFieldsV1(set)), '{"f:data":{".":{},"f:a":{}},"f:metadata":{"f:labels":{"f:x":{}}}}');
  const back = fieldsV1ToSet({ 'f:data': { 'f:a': {}, '.': {} }, 'x:future': { 'f:y': {} } });
  assert.deepEqual(paths(back), ['.data', '.data.a']);
});

test('FieldsV1: malformed keys and values are errors', () => {
  assert.throws(() => fieldsV1ToSet({ 'fdata': {} }), FieldPathError);
  assert.throws(() => fieldsV1ToSet({ 'f:data': 'x' }), FieldPathError);
  assert.throws(() => fieldsV1ToSet([]), FieldPathError);
  assert.ok(isEmptySet(fieldsV1ToSet(undefined)));
});

test('set operations (upstream set_test semantics)', () => {
  const a = setOf([f('a')], [f('b'), f('c')], [f('b'), f('d')], [f('e')]);
  const b = setOf([f('a')], [f('b'), f('c')], [f('x')]);
  assert.deepEqual(paths(union(a, b)), ['.a', '.e', '.x', '.b.c', '.b.d']);
  assert.deepEqual(paths(intersection(a, b)), ['.a', '.b.c']);
  assert.deepEqual(paths(difference(a, b)), ['.e', '.b.d']);
  // Difference keeps a parent when only children are removed, and children when only the parent is.
  assert.deepEqual(paths(difference(setOf([f('p')], [f('p'), f('q')]), setOf([f('p')]))), ['.p.q']);
  // Recursive difference removes everything below a removed path.
  assert.deepEqual(paths(recursiveDifference(setOf([f('p')], [f('p'), f('q')], [f('r')]), setOf([f('p')]))), ['.r']);
  assert.ok(hasPath(a, [f('b'), f('d')]));
  assert.ok(!hasPath(a, [f('b')]));
  assert.ok(setsEqual(union(a, b), union(b, a)));
  assert.ok(!setsEqual(a, b));
});

test('paths iterate as upstream: members of a node, then its children in element order', () => {
  const set = setOf([f('spec'), f('containers'), keyElement([['name', 'b']]), f('image')], [f('data')], [f('spec'), f('containers'), keyElement([['name', 'a']])], [f('apiVersion')]);
  assert.deepEqual(paths(set), ['.apiVersion', '.data', '.spec.containers[name="a"]', '.spec.containers[name="b"].image']);
});

const element: fc.Arbitrary<PathElement> = fc.oneof(
  fc.string({ maxLength: 6 }).map((name) => f(name)),
  fc.record({ name: fc.string({ maxLength: 4 }), port: fc.integer({ min: 0, max: 65535 }) }).map(({ name, port }) => keyElement([['name', name], ['port', port]])),
  fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean()).map((value): PathElement => ({ kind: 'value', value })),
  fc.nat(20).map((index): PathElement => ({ kind: 'index', index })),
);
const pathArb: fc.Arbitrary<Path> = fc.array(element, { minLength: 1, maxLength: 4 });

test('property: FieldsV1 round trip gives the same set and the same JSON', () => {
  fc.assert(
    fc.property(fc.array(pathArb, { maxLength: 12 }), (ps) => {
      const set = setOf(...ps);
      const json = setToFieldsV1(set);
      const back = fieldsV1ToSet(JSON.parse(JSON.stringify(json)));
      assert.ok(setsEqual(set, back));
      assert.equal(JSON.stringify(setToFieldsV1(back)), JSON.stringify(json));
      for (const p of ps) assert.ok(hasPath(back, p));
    }),
  );
});

test('property: union, intersection and difference agree with membership', () => {
  fc.assert(
    fc.property(fc.array(pathArb, { maxLength: 8 }), fc.array(pathArb, { maxLength: 8 }), (xs, ys) => {
      const a = setOf(...xs);
      const b = setOf(...ys);
      for (const p of [...xs, ...ys]) {
        assert.equal(hasPath(union(a, b), p), hasPath(a, p) || hasPath(b, p));
        assert.equal(hasPath(intersection(a, b), p), hasPath(a, p) && hasPath(b, p));
        assert.equal(hasPath(difference(a, b), p), hasPath(a, p) && !hasPath(b, p));
      }
    }),
  );
});
