// Property tests of list merging through applyStrategicMergePatch (fast-check): the empty patch is
// the identity; keyed lists merge by key with upstream's ordering; `$patch: delete` removes exactly
// the item with that key; primitive merge lists behave as sets.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyStrategicMergePatch } from './index.js';
import { MergeItemSchema } from './test-schema.js';

interface Item {
  name: number;
  value?: string;
  other?: string;
}

const merge = (original: unknown, patch: unknown) => applyStrategicMergePatch(MergeItemSchema, original, patch);
const mergedList = (original: Item[], patch: unknown[]) => (merge({ mergingList: original }, { mergingList: patch }) as { mergingList: Item[] }).mergingList;
const names = (items: readonly Item[]) => items.map((i) => i.name);
const liveItem = (name: number): Item => ({ name, other: `o${name}` });
const patchItem = (name: number): Item => ({ name, value: `v${name}` });

/** Whether `sub` appears in `seq` in the same relative order. */
function inOrder(seq: readonly number[], sub: readonly number[]): boolean {
  let i = 0;
  for (const x of seq) if (x === sub[i]) i++;
  return i === sub.length;
}

/** Live keys, and a patch mixing a subset of them (in the order given) with new keys. */
const keyedListCase = (existingInLiveOrder: boolean) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 12 })
    .chain((live) =>
      fc.record({
        live: fc.constant(live),
        existing: existingInLiveOrder ? fc.subarray(live) : fc.shuffledSubarray(live),
        added: fc.uniqueArray(fc.integer({ min: 100, max: 140 }), { maxLength: 6 }),
        picks: fc.array(fc.boolean(), { maxLength: 20 }),
      }),
    )
    .map(({ live, existing, added, picks }) => {
      // Interleave the two sequences, each keeping its own order.
      const patch: number[] = [];
      const [a, b] = [[...existing], [...added]];
      for (const pick of picks) {
        const from = pick ? a : b;
        if (from.length > 0) patch.push(from.shift() as number);
      }
      return { live, patch: [...patch, ...a, ...b], added };
    });

describe('strategic merge patch properties', () => {
  test('(a) an empty or null patch is the identity', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.constantFrom({}, null), (generated, patch) => {
        // As the server sees objects: parsed JSON (ordinary prototypes).
        const original = JSON.parse(JSON.stringify(generated)) as unknown;
        assert.deepEqual(merge(original, patch), original);
      }),
    );
  });

  test('(b) keyed lists: union by key, fields merged, patch items in patch order, server-only items in live order', () => {
    fc.assert(
      fc.property(keyedListCase(false), ({ live, patch }) => {
        const result = mergedList(live.map(liveItem), patch.map(patchItem));
        const expectedKeys = new Set([...live, ...patch]);
        assert.equal(result.length, expectedKeys.size);
        assert.deepEqual(new Set(names(result)), expectedKeys);
        for (const item of result) {
          assert.equal(item.value, patch.includes(item.name) ? `v${item.name}` : undefined);
          assert.equal(item.other, live.includes(item.name) ? `o${item.name}` : undefined);
        }
        assert.ok(inOrder(names(result), patch), 'patch order kept');
        assert.ok(inOrder(names(result), live.filter((n) => !patch.includes(n))), 'live order kept for server-only items');
      }),
    );
  });

  test('(b) keyed lists, patch naming live keys in live order: live order kept, each new key right after its patch predecessor', () => {
    fc.assert(
      fc.property(keyedListCase(true), ({ live, patch, added }) => {
        const result = names(mergedList(live.map(liveItem), patch.map(patchItem)));
        assert.ok(inOrder(result, live), 'live order kept');
        for (const key of added) {
          const at = patch.indexOf(key);
          const expectedIndex = at === 0 ? 0 : result.indexOf(patch[at - 1] as number) + 1;
          assert.equal(result.indexOf(key), expectedIndex, `new key ${key} placement in ${JSON.stringify(result)}`);
        }
      }),
    );
  });

  test('(b) a patch of only new keys puts them first, in patch order (upstream mergeSortedSlice)', () => {
    assert.deepEqual(names(mergedList([1, 2].map(liveItem), [9, 8].map(patchItem))), [9, 8, 1, 2]);
  });

  test('(c) $patch: delete removes exactly the item with that key', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }), fc.integer({ min: 0, max: 45 }), (live, key) => {
        const original = live.map(liveItem);
        const result = mergedList(original, [{ name: key, $patch: 'delete' } as unknown as Item]);
        assert.deepEqual(result, original.filter((item) => item.name !== key));
      }),
    );
  });

  test('primitive merge lists: union without repeats, $deleteFromPrimitiveList removes exactly the listed values', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 8 }), (live, patch) => {
        const union = (merge({ mergingIntList: live }, { mergingIntList: patch }) as { mergingIntList: number[] }).mergingIntList;
        const expected = new Set([...live, ...patch]);
        assert.equal(union.length, expected.size);
        assert.deepEqual(new Set(union), expected);
        const rest = (merge({ mergingIntList: live }, { '$deleteFromPrimitiveList/mergingIntList': patch }) as { mergingIntList: number[] }).mergingIntList;
        assert.deepEqual(rest, live.filter((v) => !patch.includes(v)));
      }),
    );
  });
});
