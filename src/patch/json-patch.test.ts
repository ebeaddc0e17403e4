import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { applyJsonPatch, MAX_JSON_PATCH_COPY_BYTES, MAX_JSON_PATCH_OPERATIONS } from './json-patch.js';
import { LiteralNumber } from '../schema/number-literals.js';
import { goJson } from './apply/go-json.js';

type Case = [name: string, doc: unknown, patch: unknown, want: unknown];

// RFC 6902 appendix A, then the evanphx/json-patch v4 behaviours the 1.25 server has.
const ok: Case[] = [
  ['A.1 add an object member', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { foo: 'bar', baz: 'qux' }],
  ['A.2 add an array element', { foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }], { foo: ['bar', 'qux', 'baz'] }],
  ['A.3 remove an object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
  ['A.4 remove an array element', { foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }], { foo: ['bar', 'baz'] }],
  ['A.5 replace a value', { baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }], { baz: 'boo', foo: 'bar' }],
  [
    'A.6 move a value',
    { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
  ],
  ['A.7 move an array element', { foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }], { foo: ['all', 'cows', 'eat', 'grass'] }],
  ['A.8 test success', { baz: 'qux', foo: ['a', 2, 'c'] }, [{ op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 }], { baz: 'qux', foo: ['a', 2, 'c'] }],
  ['A.10 add a nested member object', { foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }], { foo: 'bar', child: { grandchild: {} } }],
  ['A.11 ignore unrecognized members', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux', xyz: 123 }], { foo: 'bar', baz: 'qux' }],
  ['A.14 ~ escape ordering', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }], { '/': 9, '~1': 10 }],
  ['A.16 add an array value', { foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], { foo: ['bar', ['abc', 'def']] }],
  ['copy a value', { a: { b: [1] } }, [{ op: 'copy', from: '/a', path: '/c' }], { a: { b: [1] }, c: { b: [1] } }],
  ['replace of a missing key adds it (v4)', { a: 1 }, [{ op: 'replace', path: '/b', value: 2 }], { a: 1, b: 2 }],
  ['negative index removes from the end (v4)', { a: [1, 2, 3] }, [{ op: 'remove', path: '/a/-1' }], { a: [1, 2] }],
  ['negative index replaces from the end (v4)', { a: [1, 2, 3] }, [{ op: 'replace', path: '/a/-3', value: 0 }], { a: [0, 2, 3] }],
  ['negative index on add counts the new slot (v4)', { a: [1, 2] }, [{ op: 'add', path: '/a/-1', value: 3 }], { a: [1, 2, 3] }],
  ['signed and zero-padded indices read as Atoi does', { a: [1, 2, 3] }, [{ op: 'remove', path: '/a/+1' }, { op: 'remove', path: '/a/01' }], { a: [1] }],
  ['add at the end index appends', { a: [1] }, [{ op: 'add', path: '/a/1', value: 2 }], { a: [1, 2] }],
  ['a missing value is null (v4)', { a: 1 }, [{ op: 'add', path: '/b' }], { a: 1, b: null }],
  ['test null passes on a missing key (v4)', { a: 1 }, [{ op: 'test', path: '/b', value: null }], { a: 1 }],
  ['test null passes on a null value', { a: null }, [{ op: 'test', path: '/a', value: null }], { a: null }],
  ['copy from a missing key adds null (v4)', { a: 1 }, [{ op: 'copy', from: '/x', path: '/b' }], { a: 1, b: null }],
  ['replace of the root by an object', { a: 1 }, [{ op: 'replace', path: '', value: { b: 2 } }], { b: 2 }],
  ['test of the root', { a: 1 }, [{ op: 'test', path: '', value: { a: 1 } }], { a: 1 }],
  ['a path without the leading slash addresses the root member (v4)', { a: 1 }, [{ op: 'add', path: 'x/b', value: 2 }], { a: 1, b: 2 }],
  ['deep equality in test', { a: { x: [1, { y: 'z' }] } }, [{ op: 'test', path: '/a', value: { x: [1, { y: 'z' }] } }], { a: { x: [1, { y: 'z' }] } }],
  ['null patch is no operation', { a: 1 }, null, { a: 1 }],
  ['empty patch', { a: 1 }, [], { a: 1 }],
  ['escaped slash in a key', { 'a/b': 1 }, [{ op: 'replace', path: '/a~1b', value: 2 }], { 'a/b': 2 }],
  ['metadata label add', { metadata: { labels: { a: 'b' } } }, [{ op: 'add', path: '/metadata/labels/c', value: 'd' }], { metadata: { labels: { a: 'b', c: 'd' } } }],
];

const fails: [string, unknown, unknown][] = [
  ['A.9 test failure', { baz: 'qux', foo: ['a', 2, 'c'] }, [{ op: 'test', path: '/baz', value: 'bar' }]],
  ['A.12 add to a nonexistent target', { foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]],
  ['A.15 comparing strings and numbers', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }]],
  ['remove of a missing key', { a: 1 }, [{ op: 'remove', path: '/b' }]],
  ['remove out of bounds', { a: [1] }, [{ op: 'remove', path: '/a/1' }]],
  ['negative index below the start', { a: [1] }, [{ op: 'remove', path: '/a/-2' }]],
  ['add beyond the end', { a: [1] }, [{ op: 'add', path: '/a/2', value: 2 }]],
  ['replace out of bounds', { a: [1] }, [{ op: 'replace', path: '/a/1', value: 2 }]],
  ['a non-numeric index', { a: [1] }, [{ op: 'add', path: '/a/x', value: 2 }]],
  ['walking through a scalar', { a: 'text' }, [{ op: 'add', path: '/a/b', value: 2 }]],
  ['walking through null', { a: null }, [{ op: 'add', path: '/a/b', value: 2 }]],
  ['add at the root', { a: 1 }, [{ op: 'add', path: '', value: {} }]],
  ['a path with no slash at all', { a: 1 }, [{ op: 'add', path: 'b', value: 2 }]],
  ['an unknown op', { a: 1 }, [{ op: 'frob', path: '/a' }]],
  ['a missing op', { a: 1 }, [{ path: '/a' }]],
  ['a null operation', { a: 1 }, [null]],
  ['a missing path', { a: 1 }, [{ op: 'add', value: 1 }]],
  ['a non-string path', { a: 1 }, [{ op: 'add', path: 5, value: 1 }]],
  ['move from a missing key', { a: 1 }, [{ op: 'move', from: '/x', path: '/b' }]],
  ['move without from', { a: 1 }, [{ op: 'move', path: '/b' }]],
  ['test on a missing key for a value', { a: 1 }, [{ op: 'test', path: '/b', value: 1 }]],
  ['test null on a value', { a: 1 }, [{ op: 'test', path: '/a', value: null }]],
  ['a later failure undoes earlier operations', { a: 1 }, [{ op: 'add', path: '/b', value: 2 }, { op: 'test', path: '/b', value: 3 }]],
];

function statusOf(fn: () => unknown): { code: number; reason: string | undefined; message: string; details: unknown } {
  try {
    fn();
  } catch (e) {
    assert.ok(isStatusError(e), String(e));
    return { code: e.code, reason: e.reason, message: e.message, details: e.status.details };
  }
  assert.fail('expected an error');
}

describe('applyJsonPatch', () => {
  for (const [name, doc, patch, want] of ok) {
    it(name, () => {
      const before = structuredClone(doc);
      assert.deepEqual(applyJsonPatch(doc, patch), want);
      assert.deepEqual(doc, before, 'the original is not modified');
    });
  }

  for (const [name, doc, patch] of fails) {
    it(`422 on ${name}`, () => {
      const before = structuredClone(doc);
      assert.deepEqual(statusOf(() => applyJsonPatch(doc, patch)), {
        code: 422,
        reason: 'Invalid',
        message: 'the server rejected our request due to an error in our request',
        details: {},
      });
      assert.deepEqual(doc, before);
    });
  }

  it('copies may add up to 3 MiB (Go JSON bytes) in one patch; past that, 422 before memory runs out', () => {
    // Each copy of a list into itself doubles it: 40 of them would be 2^40 times the value.
    const doubling = (n: number) => [
      { op: 'add', path: '/a', value: ['x'.repeat(98)] },
      ...Array.from({ length: n }, () => ({ op: 'copy', from: '/a', path: '/a/-' })),
    ];
    assert.equal(statusOf(() => applyJsonPatch({}, doubling(40))).code, 422);
    // 14 copies add 1,687,435 bytes, under the limit; the 15th brings the sum to 3,374,986, past it.
    assert.ok(JSON.stringify(applyJsonPatch({}, doubling(14))).length < MAX_JSON_PATCH_COPY_BYTES);
    assert.equal(statusOf(() => applyJsonPatch({}, doubling(15))).code, 422);
    // Moves do not count; HTML characters count as Go escapes them (\u003c: 6 bytes each).
    const angles = { a: '<'.repeat(600_000) };
    assert.doesNotThrow(() => applyJsonPatch(angles, [{ op: 'move', from: '/a', path: '/b' }]));
    assert.equal(statusOf(() => applyJsonPatch(angles, [{ op: 'copy', from: '/a', path: '/b' }])).code, 422);
    assert.doesNotThrow(() => applyJsonPatch({ a: 'x'.repeat(600_000) }, [{ op: 'copy', from: '/a', path: '/b' }]));
  });

  it('rejects patches that are not lists of operations with 400', () => {
    assert.deepEqual(statusOf(() => applyJsonPatch({}, { op: 'add' })).message, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch');
    assert.equal(statusOf(() => applyJsonPatch({}, 'x')).code, 400);
    assert.deepEqual(statusOf(() => applyJsonPatch({}, ['add'])), {
      code: 400,
      reason: 'BadRequest',
      message: 'json: cannot unmarshal string into Go value of type jsonpatch.Operation',
      details: undefined,
    });
    assert.equal(statusOf(() => applyJsonPatch({}, [[1]])).message, 'json: cannot unmarshal array into Go value of type jsonpatch.Operation');
  });

  it('limits the number of operations (413)', () => {
    const op = { op: 'test', path: '/a', value: 1 };
    assert.deepEqual(applyJsonPatch({ a: 1 }, Array(MAX_JSON_PATCH_OPERATIONS).fill(op)), { a: 1 });
    const err = statusOf(() => applyJsonPatch({ a: 1 }, Array(MAX_JSON_PATCH_OPERATIONS + 1).fill(op)));
    assert.equal(err.code, 413);
    assert.equal(err.reason, 'RequestEntityTooLarge');
    assert.equal(err.message, 'Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001');
  });

  it('does not alias patch values into the result', () => {
    const patch = [{ op: 'add', path: '/a', value: { x: 1 } }, { op: 'add', path: '/a/y', value: 2 }];
    assert.deepEqual(applyJsonPatch({}, patch), { a: { x: 1, y: 2 } });
    assert.deepEqual(patch[0]?.value, { x: 1 });
  });

  it('keeps numbers as written (LiteralNumber), copied and moved as scalars, compared by their text', () => {
    const e3 = new LiteralNumber('1e3', 1000);
    const out = applyJsonPatch({ n: 1000, o: {} }, [
      { op: 'add', path: '/a', value: { x: e3 } },
      { op: 'copy', from: '/a/x', path: '/b' },
      { op: 'move', from: '/b', path: '/o/c' },
      { op: 'test', path: '/a/x', value: new LiteralNumber('1e3', 1000) },
    ]) as { a: { x: unknown }; o: { c: unknown } };
    assert.equal(out.a.x, e3);
    assert.equal(out.o.c, e3);
    assert.equal(goJson(out), '{"a":{"x":1e3},"n":1000,"o":{"c":1e3}}');
    // evanphx compares a raw number by its bytes: 1000 is not 1e3.
    assert.throws(() => applyJsonPatch({ n: 1000 }, [{ op: 'test', path: '/n', value: e3 }]), (e: unknown) => isStatusError(e) && e.code === 422);
    // A literal equal to a decoded number's text is the same number (1.5 and 1.5), also nested.
    assert.doesNotThrow(() => applyJsonPatch({ f: 1.5, o: { g: [2.25] } }, [
      { op: 'test', path: '/f', value: new LiteralNumber('1.5', 1.5) },
      { op: 'test', path: '/o', value: { g: [new LiteralNumber('2.25', 2.25)] } },
    ]));
    assert.throws(() => applyJsonPatch({ f: 1.5 }, [{ op: 'test', path: '/f', value: new LiteralNumber('1.50', 1.5) }]), (e: unknown) => isStatusError(e) && e.code === 422);
    // A number is no container to add into.
    assert.throws(() => applyJsonPatch({ n: e3 }, [{ op: 'add', path: '/n/x', value: 1 }]), (e: unknown) => isStatusError(e) && e.code === 422);
  });

  it('treats __proto__ as data', () => {
    const out = applyJsonPatch({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.deepEqual(Object.keys(out), ['__proto__']);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });
});
