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
