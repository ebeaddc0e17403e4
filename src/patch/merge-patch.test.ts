import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isStatusError } from '../errors/status-error.js';
import { applyMergePatch } from './merge-patch.js';
import { LiteralNumber } from '../schema/number-literals.js';
import { goJson } from './apply/go-json.js';

// RFC 7386 appendix A, with upstream's answers where the 1.25 server departs from it.
const cases: [unknown, unknown, unknown][] = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [['a', 'b'], ['c', 'd'], ['c', 'd']],
  [{ a: 'b' }, ['c'], ['c']],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  // Upstream pruning: nulls vanish inside values added over nothing or over a non-object...
  [{ a: 's' }, { a: [{ k: null, j: 1 }, null] }, { a: [{ j: 1 }, null] }],
  [{}, { a: [{ k: null }] }, { a: [{}] }],
  // ...but stay when a non-object replaces an object.
  [{ a: { x: 1 } }, { a: [{ k: null }] }, { a: [{ k: null }] }],
  [{ a: null }, { a: { b: null, c: 1 } }, { a: { c: 1 } }],
  [{ metadata: { labels: { a: 'b', c: 'd' } } }, { metadata: { labels: { a: null, e: 'f' } } }, { metadata: { labels: { c: 'd', e: 'f' } } }],
];

describe('applyMergePatch', () => {
  for (const [doc, patch, want] of cases) {
    it(`${JSON.stringify(doc)} + ${JSON.stringify(patch)}`, () => {
      const before = structuredClone(doc);
      const patchBefore = structuredClone(patch);
      assert.deepEqual(applyMergePatch(doc, patch), want);
      assert.deepEqual(doc, before, 'the original is not modified');
      assert.deepEqual(patch, patchBefore, 'the patch is not modified');
    });
  }

  for (const patch of [null, 'bar', 1, true]) {
    it(`rejects the patch ${JSON.stringify(patch)} with 400 Invalid JSON Patch`, () => {
      assert.throws(
        () => applyMergePatch({ a: 'foo' }, patch),
        (e: unknown) => isStatusError(e) && e.code === 400 && e.reason === 'BadRequest' && e.message === 'Invalid JSON Patch',
      );
    });
  }

  it('does not alias patch values into the result', () => {
    const patch = { a: { b: [1] } };
    const out = applyMergePatch({}, patch) as { a: { b: number[] } };
    out.a.b.push(2);
    assert.deepEqual(patch, { a: { b: [1] } });
  });

  it('takes values nested 9,000 levels deep (decoding allows 10,000) without overflowing the stack', () => {
    let value: unknown = { keep: 1, drop: null };
    for (let i = 0; i < 9_000; i++) value = { a: [value] };
    let out = (applyMergePatch({ data: 'x' }, { data: value }) as { data: unknown }).data;
    for (let i = 0; i < 9_000; i++) out = ((out as { a: unknown[] }).a)[0];
    assert.deepEqual(out, { keep: 1 });
  });

  it('keeps numbers as written (LiteralNumber) as scalars, over objects and inside new ones', () => {
    const e3 = new LiteralNumber('1e3', 1000);
    const out = applyMergePatch({ a: { b: 1 }, c: 1 }, { a: e3, c: e3, d: { e: e3, f: null } });
    assert.equal(goJson(out), '{"a":1e3,"c":1e3,"d":{"e":1e3}}');
    assert.equal(goJson(applyMergePatch({ a: e3 }, { a: { b: 1 } })), '{"a":{"b":1}}');
  });

  it('treats __proto__ as data', () => {
    const out = applyMergePatch({}, JSON.parse('{"__proto__":{"polluted":1}}')) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.deepEqual(Object.keys(out), ['__proto__']);
  });
});

type Json = string | number | boolean | Json[] | { [k: string]: Json };

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const put = (o: Record<string, unknown>, k: string, v: unknown): void => {
  Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
};
const isObj = (x: unknown): x is Record<string, Json> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The merge patch turning `from` into `to` (both objects): removed keys become null. */
function diff(from: Record<string, Json>, to: Record<string, Json>): Record<string, Json | null> {
  const patch: Record<string, Json | null> = {};
  for (const k of Object.keys(from)) if (!own(to, k)) put(patch, k, null);
  for (const [k, v] of Object.entries(to)) {
    const old = own(from, k) ? from[k] : undefined;
    if (isObj(old) && isObj(v)) {
      const sub = diff(old, v);
      if (Object.keys(sub).length) put(patch, k, sub);
    } else if (JSON.stringify(old) !== JSON.stringify(v)) {
      put(patch, k, v);
    }
  }
  return patch;
}

describe('applyMergePatch property', () => {
  // Null-free documents: in a merge patch null means "delete", so targets with nulls are not expressible.
  const key = fc.constantFrom('a', 'b', 'c', 'd', 'metadata', 'spec', '__proto__', 'constructor');
  const { doc } = fc.letrec<{ value: Json; doc: Record<string, Json> }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.array(tie('value'), { maxLength: 3 }),
      tie('doc'),
    ),
    doc: fc.dictionary(key, tie('value'), { maxKeys: 4, noNullPrototype: true }),
  }));

  it('a patch computed as the difference of two documents turns the first into the second', () => {
    fc.assert(
      fc.property(doc, doc, (from, to) => {
        const before = structuredClone(from);
        assert.deepEqual(applyMergePatch(from, diff(from, to)), to);
        assert.deepEqual(from, before);
      }),
      { numRuns: 500 },
    );
  });

  it('an empty patch changes nothing', () => {
    fc.assert(fc.property(doc, (d) => assert.deepEqual(applyMergePatch(d, {}), d)));
  });
});
