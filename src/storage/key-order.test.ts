import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareKeys } from './key-range.js';
import { KeyOrder } from './key-order.js';

// Keys that come and go (also several times between two reads), some with code units where UTF-16 and
// UTF-8 order part, read as ranges and counts at any point: always the model's keys in UTF-8 byte order.
const key = fc.tuple(fc.constantFrom('a', 'b', 'z', '\uD7FF', '\uE000', '\u{10000}'), fc.constantFrom('', 'a', '\uE000', '\u{10FFFF}')).map(([x, y]) => `/k/${x}${y}`);
const op = fc.oneof(fc.record({ toggle: key }), fc.record({ read: fc.tuple(key, fc.option(key, { nil: undefined })) }));

test('ranges and counts match a sorted model under any toggles and reads', () => {
  fc.assert(
    fc.property(fc.array(key, { maxLength: 10 }), fc.array(op, { maxLength: 100 }), (initial, ops) => {
      const model = new Set(initial);
      const order = new KeyOrder(model, (k) => model.has(k));
      for (const step of ops) {
        if ('toggle' in step) {
          if (model.delete(step.toggle)) order.remove(step.toggle);
          else {
            model.add(step.toggle);
            order.add(step.toggle);
          }
          continue;
        }
        const [start, end] = step.read;
        const expected = [...model].sort(compareKeys).filter((k) => compareKeys(k, start) >= 0 && (end === undefined || compareKeys(k, end) < 0));
        assert.deepEqual([...order.range(start, end)], expected);
        assert.equal(order.count(start, end), expected.length);
      }
      assert.deepEqual([...order.range('', undefined)], [...model].sort(compareKeys));
    }),
    { numRuns: 300 },
  );
});

test('keys that come and go without any read are not held: the waiting ones stay bounded', () => {
  const live = new Set<string>();
  const order = new KeyOrder([], (k) => live.has(k));
  let most = 0;
  for (let i = 0; i < 50_000; i++) {
    const key = `/registry/events/default/e-${i}`;
    live.add(key);
    order.add(key);
    if (i >= 100) {
      const gone = `/registry/events/default/e-${i - 100}`;
      live.delete(gone);
      order.remove(gone);
    }
    most = Math.max(most, order.waiting);
  }
  assert.ok(most <= 1024, `at most 1,024 keys waited (${most})`);
  assert.deepEqual([...order.range('', undefined)], [...live].sort(compareKeys));
});

test('a small range among many waiting keys is answered without settling them; a wide one settles', () => {
  const live = new Set([...Array.from({ length: 20_000 }, (_, i) => `/registry/configmaps/bench/c-${i}`), ...[3, 1, 2].map((n) => `/registry/masterleases/10.0.0.${n}`)]);
  const order = new KeyOrder(live, (k) => live.has(k));
  const put = (k: string): void => {
    live.add(k);
    order.add(k);
  };
  for (let i = 0; i < 5_000; i++) put(`/registry/pods/bench/p-${i}`);
  put('/registry/masterleases/10.0.0.0');
  live.delete('/registry/masterleases/10.0.0.2');
  order.remove('/registry/masterleases/10.0.0.2');
  assert.equal(order.waiting, 5_002);
  const leases = ['/registry/masterleases/10.0.0.0', '/registry/masterleases/10.0.0.1', '/registry/masterleases/10.0.0.3'];
  assert.deepEqual([...order.range('/registry/masterleases/', '/registry/masterleases0')], leases);
  assert.equal(order.waiting, 5_002, 'nothing was settled');
  // The pods are a fifth of the keys, most of them waiting: the range settles, and later ones share it.
  assert.deepEqual([...order.range('/registry/pods/', '/registry/pods0')], [...live].filter((k) => k.startsWith('/registry/pods/')).sort(compareKeys));
  assert.equal(order.waiting, 0);
  assert.deepEqual([...order.range('/registry/masterleases/', '/registry/masterleases0')], leases);
});

test('small ranges among many waiting keys, some removed, some with wide code units: always the model', () => {
  const live = new Set<string>();
  const order = new KeyOrder([], (k) => live.has(k));
  let seed = 7;
  const random = (n: number): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
  const names = ['a', 'b', 'z', '\uD7FF', '\uE000', '\u{10000}'];
  const keyOf = (): string => `/r/${names[random(names.length)]}/${random(3_000)}`;
  for (let step = 0; step < 40_000; step++) {
    const key = keyOf();
    if (live.delete(key)) order.remove(key);
    else {
      live.add(key);
      order.add(key);
    }
    if (step % 997 === 0) {
      const prefix = `/r/${names[random(names.length)]}/${random(30)}`;
      const expected = [...live].filter((k) => k.startsWith(prefix)).sort(compareKeys);
      assert.deepEqual([...order.range(prefix, `${prefix}\uFFFF`)].filter((k) => k.startsWith(prefix)), expected);
    }
  }
});
