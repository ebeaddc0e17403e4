// applyStrategicMergePatch against upstream's own expectations: cases from k8s.io/apimachinery
// strategicpatch patch_test.go (TestCustomStrategicMergePatch, TestStrategicMergePatch and its
// `$setElementOrder` / `$retainKeys` cases; the patch applied is upstream's two-way patch to its
// original or three-way patch to its current object), rewritten as data over MergeItemSchema;
// then merges over a real kind's schema. Errors: errors.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import YAML from 'yaml';
import { ConfigMapSchema } from '../../apis/core/v1/configmap.js';
import { applyStrategicMergePatch } from './index.js';
import { MergeItemSchema } from './test-schema.js';

interface MergeCase {
  description: string;
  original: unknown;
  patch: unknown;
  result: unknown;
}

const upstreamCases = YAML.parse(`
- description: unique scalars when merging lists
  original: {mergingIntList: [1, 2]}
  patch: {mergingIntList: [2, 3]}
  result: {mergingIntList: [1, 2, 3]}
- description: delete map from nested map
  original: {simpleMap: {key1: 1, key2: 1}}
  patch: {simpleMap: {$patch: delete}}
  result: {simpleMap: {}}
- description: delete all items from merging list
  original: {mergingList: [{name: 1}, {name: 2}]}
  patch: {mergingList: [{$patch: replace}]}
  result: {mergingList: []}
- description: merge empty merging lists
  original: {mergingList: []}
  patch: {mergingList: []}
  result: {mergingList: []}
- description: delete all keys from map
  original: {name: 1, value: 1}
  patch: {$patch: replace}
  result: {}
- description: add key and delete all keys from map
  original: {name: 1, value: 1}
  patch: {other: a, $patch: replace}
  result: {other: a}
- description: delete all duplicate entries in a merging list
  original: {mergingList: [{name: 1}, {name: 1}, {name: 2, value: a}, {name: 3}, {name: 3}]}
  patch: {mergingList: [{name: 1, $patch: delete}, {name: 3, $patch: delete}]}
  result: {mergingList: [{name: 2, value: a}]}
- description: retainKeys map can add a field when no retainKeys directive present
  original: {retainKeysMap: {name: foo}}
  patch: {retainKeysMap: {value: bar}}
  result: {retainKeysMap: {name: foo, value: bar}}
- description: retainKeys map can delete a field when no retainKeys directive present
  original: {retainKeysMap: {name: foo, value: a}}
  patch: {retainKeysMap: {value: null}}
  result: {retainKeysMap: {name: foo}}
- description: retainKeys list can add a field when no retainKeys directive present
  original: {retainKeysMergingList: [{name: bar}, {name: foo}]}
  patch: {retainKeysMergingList: [{name: foo, value: a}]}
  result: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
- description: preserve the order from the patch in a merging list
  original: {mergingList: [{name: 1}, {name: 2, value: b}, {name: 3}]}
  patch: {mergingList: [{name: 3, value: c}, {name: 1, value: a}, {name: 2, other: x}]}
  result: {mergingList: [{name: 3, value: c}, {name: 1, value: a}, {name: 2, value: b, other: x}]}
- description: preserve the order from the patch in a merging list 2
  original: {mergingList: [{name: 1}, {name: 2, value: b}, {name: 3}]}
  patch: {mergingList: [{name: 3, value: c}, {name: 1, value: a}]}
  result: {mergingList: [{name: 2, value: b}, {name: 3, value: c}, {name: 1, value: a}]}
- description: preserve the order from the patch in a merging int list
  original: {mergingIntList: [1, 2, 3]}
  patch: {mergingIntList: [3, 1, 2]}
  result: {mergingIntList: [3, 1, 2]}
- description: preserve the order from the patch in a merging int list 2
  original: {mergingIntList: [1, 2, 3]}
  patch: {mergingIntList: [3, 1]}
  result: {mergingIntList: [2, 3, 1]}
- description: $setElementOrder contains item that is not present in the list to be merged
  original: {mergingList: [{name: 1}, {name: 3}]}
  patch:
    $setElementOrder/mergingList: [{name: 3}, {name: 2}, {name: 1}]
    mergingList: [{name: 3, value: 3}, {name: 1, value: 1}]
  result: {mergingList: [{name: 3, value: 3}, {name: 1, value: 1}]}
- description: $setElementOrder contains item that is not present in the int list to be merged
  original: {mergingIntList: [1, 3]}
  patch: {$setElementOrder/mergingIntList: [3, 2, 1]}
  result: {mergingIntList: [3, 1]}
- description: $deleteFromPrimitiveList of nonexistent item in primitive list should not add the item to the list
  original: {mergingIntList: [1, 2]}
  patch: {$deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: [1, 2]}
- description: $deleteFromPrimitiveList on empty primitive list should not add the item to the list
  original: {mergingIntList: null}
  patch: {$deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: null}
- description: $deleteFromPrimitiveList on nonexistent primitive list should not add the primitive list
  original: {foo: [bar]}
  patch: {$deleteFromPrimitiveList/mergingIntList: [3]}
  result: {foo: [bar]}
- description: $deleteFromPrimitiveList should delete item from a list with merge patch strategy
  original: {mergingIntList: [1, 2, 3]}
  patch: {$deleteFromPrimitiveList/mergingIntList: [2]}
  result: {mergingIntList: [1, 3]}
- description: $deleteFromPrimitiveList should delete item from a list without merge patch strategy
  original: {nonMergingIntList: [1, 2, 3]}
  patch: {$deleteFromPrimitiveList/nonMergingIntList: [2]}
  result: {nonMergingIntList: [1, 3]}
- description: add field and delete field from map (three-way)
  original: {name: 1, other: a}
  patch: {name: null, value: 1}
  result: {value: 1, other: a}
- description: delete field from nested map (three-way)
  original: {simpleMap: {key1: 1, key2: 1, other: a}}
  patch: {simpleMap: {key2: null}}
  result: {simpleMap: {key1: 1, other: a}}
- description: replace list of scalars with conflict (three-way)
  original: {nonMergingIntList: [1, 4]}
  patch: {nonMergingIntList: [2, 3]}
  result: {nonMergingIntList: [2, 3]}
- description: delete all maps from merging list with conflict (three-way)
  original: {mergingList: [{name: 1, other: a}, {name: 2, other: b}]}
  patch: {mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]}
  result: {mergingList: []}
- description: delete all maps from empty merging list (three-way)
  original: {mergingList: []}
  patch: {mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]}
  result: {mergingList: []}
- description: defined null values should propagate overwrite current fields (three-way)
  original: {name: a, other: a}
  patch: {name: 1, value: 1, other: null}
  result: {name: 1, value: 1}
- description: nil patch with retainKeys map (three-way)
  original: {name: a, value: b, retainKeysMap: {name: foo}}
  patch: {}
  result: {name: a, value: b, retainKeysMap: {name: foo}}
- description: nested patch merge with empty list (three-way)
  original: {name: hi, mergingList: [{name: hello2}]}
  patch:
    $setElementOrder/mergingList: [{name: hello}, {name: doesntexist}]
    mergingList: [{name: hello}, {$patch: delete, name: doesntexist}]
  result: {name: hi, mergingList: [{name: hello}, {name: hello2}]}
- description: nested patch merge with empty list (two-way; 1.25 takes a new list whole, directives included; 1.28's fix 117568 drops them)
  original: {name: hi}
  patch: {mergingList: [{name: hello}, {$patch: delete, name: doesntexist}]}
  result: {name: hi, mergingList: [{name: hello}, {$patch: delete, name: doesntexist}]}
- description: delete items in lists of scalars (three-way)
  original: {mergingIntList: [1, 2, 3, 4]}
  patch: {$setElementOrder/mergingIntList: [1, 2], $deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: [1, 2, 4]}
- description: delete all duplicate items in lists of scalars (three-way)
  original: {mergingIntList: [1, 2, 3, 3, 4]}
  patch: {$setElementOrder/mergingIntList: [1, 2], $deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: [1, 2, 4]}
- description: add and delete items in lists of scalars (two-way)
  original: {mergingIntList: [1, 2, 3]}
  patch: {$setElementOrder/mergingIntList: [1, 2, 4], $deleteFromPrimitiveList/mergingIntList: [3], mergingIntList: [4]}
  result: {mergingIntList: [1, 2, 4]}
- description: merge lists of maps (three-way)
  original: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
  patch:
    $setElementOrder/mergingList: [{name: 4}, {name: 1}, {name: 2}, {name: 3}]
    mergingList: [{name: 4, value: 4}, {name: 3, value: 3}]
  result: {mergingList: [{name: 4, value: 4}, {name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
- description: merge lists of maps with conflict (three-way)
  original: {mergingList: [{name: 1, other: a}, {name: 2, value: 3, other: b}]}
  patch:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}, {name: 3}]
    mergingList: [{name: 2, value: 2}, {name: 3, value: 3}]
  result: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
- description: add field to map in merging list with conflict (three-way)
  original: {mergingList: [{name: 1, other: a}, {name: 3, value: 2, other: b}]}
  patch:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]
  result: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2}, {name: 3, value: 2, other: b}]}
- description: delete map from merging list (three-way)
  original: {mergingList: [{name: 1}, {name: 2, other: b}]}
  patch: {$setElementOrder/mergingList: [{name: 2}], mergingList: [{name: 1, $patch: delete}]}
  result: {mergingList: [{name: 2, other: b}]}
- description: delete missing map from merging list with conflict (three-way)
  original: {mergingList: [{name: 3, other: a}]}
  patch: {$setElementOrder/mergingList: [{name: 2}], mergingList: [{name: 2}, {name: 1, $patch: delete}]}
  result: {mergingList: [{name: 2}, {name: 3, other: a}]}
- description: add map and delete map from merging list (three-way)
  original: {mergingList: [{name: 1}, {name: 2, other: b}, {name: 4, other: c}]}
  patch: {$setElementOrder/mergingList: [{name: 2}, {name: 3}], mergingList: [{name: 3}, {name: 1, $patch: delete}]}
  result: {mergingList: [{name: 2, other: b}, {name: 4, other: c}, {name: 3}]}
- description: add map and delete map from merging list with conflict (three-way)
  original: {mergingList: [{name: 1, other: a}, {name: 4, other: c}]}
  patch: {$setElementOrder/mergingList: [{name: 2}, {name: 3}], mergingList: [{name: 2}, {name: 3}, {name: 1, $patch: delete}]}
  result: {mergingList: [{name: 4, other: c}, {name: 2}, {name: 3}]}
- description: delete field from map in merging list (three-way)
  original: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2, other: b}]}
  patch: {$setElementOrder/mergingList: [{name: 1}, {name: 2}], mergingList: [{name: 1, value: null}]}
  result: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
- description: replace non merging list nested in merging list (three-way)
  original: {mergingList: [{name: 1, other: a, nonMergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2, other: b}]}
  patch: {$setElementOrder/mergingList: [{name: 1}, {name: 2}], mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}]}
  result: {mergingList: [{name: 1, other: a, nonMergingList: [{name: 1, value: 1}]}, {name: 2, other: b}]}
- description: add field to map in merging list nested in merging list with deletion conflict (three-way)
  original: {mergingList: [{name: 1, other: a, mergingList: [{name: 2, value: 2, other: d}]}, {name: 2, other: b}]}
  patch:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{$setElementOrder/mergingList: [{name: 2}, {name: 1}], name: 1, mergingList: [{name: 1, value: 1}]}]
  result: {mergingList: [{name: 1, other: a, mergingList: [{name: 2, value: 2, other: d}, {name: 1, value: 1}]}, {name: 2, other: b}]}
- description: add map to merging list by pointer (three-way)
  original: {mergeItemPtr: [{name: 1, other: a}, {name: 3}]}
  patch: {$setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}], mergeItemPtr: [{name: 2}]}
  result: {mergeItemPtr: [{name: 1, other: a}, {name: 2}, {name: 3}]}
- description: merge lists of scalars (three-way)
  original: {mergingIntList: [1, 2, 4]}
  patch: {$setElementOrder/mergingIntList: [1, 2, 3], mergingIntList: [3]}
  result: {mergingIntList: [1, 2, 3, 4]}
- description: add an item in a list of primitives and preserve order (three-way)
  original: {mergingIntList: [1, 4, 2]}
  patch: {$setElementOrder/mergingIntList: [3, 1, 2], mergingIntList: [3]}
  result: {mergingIntList: [3, 1, 4, 2]}
- description: delete an item in a list and preserve order (three-way)
  original: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
  patch: {$setElementOrder/mergingList: [{name: 2}, {name: 1}], mergingList: [{name: 3, $patch: delete}]}
  result: {mergingList: [{name: 2, value: 2, other: b}, {name: 1, other: a}]}
- description: add and delete an item in a list and preserve order (three-way)
  original: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
  patch:
    $setElementOrder/mergingList: [{name: 4}, {name: 2}, {name: 1}]
    mergingList: [{name: 4, value: 4}, {name: 3, $patch: delete}]
  result: {mergingList: [{name: 4, value: 4}, {name: 2, value: 2, other: b}, {name: 1, other: a}]}
- description: set elements order in a list with server-only items 3 (three-way)
  original: {mergingList: [{name: 1, other: a}, {name: 2, value: 2}, {name: 7}, {name: 9}, {name: 8}, {name: 3, value: 3}, {name: 4, value: 4}]}
  patch: {$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}]}
  result: {mergingList: [{name: 2, value: 2}, {name: 1, other: a}, {name: 7}, {name: 9}, {name: 8}, {name: 4, value: 4}, {name: 3, value: 3}]}
- description: set elements order in a int list with server-only items 2 (three-way)
  original: {mergingIntList: [1, 2, 9, 3, 4]}
  patch: {$setElementOrder/mergingIntList: [2, 1, 4, 3]}
  result: {mergingIntList: [2, 1, 9, 4, 3]}
- description: behavior of set element order for a merging list with duplicate
  original: {mergingList: [{name: 1}, {name: 2, value: dup1}, {name: 3}, {name: 2, value: dup2}, {name: 4}]}
  patch: {$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}, {name: 2}]}
  result: {mergingList: [{name: 2, value: dup1}, {name: 2, value: dup2}, {name: 1}, {name: 4}, {name: 3}]}
- description: behavior of set element order for a merging int list with duplicate
  original: {mergingIntList: [1, 2, 3, 2, 4]}
  patch: {$setElementOrder/mergingIntList: [2, 1, 4, 3, 2]}
  result: {mergingIntList: [2, 2, 1, 4, 3]}
- description: retainKeys map should clear defaulted field (three-way)
  original: {retainKeysMap: {value: foo}}
  patch: {retainKeysMap: {$retainKeys: [other], other: bar}}
  result: {retainKeysMap: {other: bar}}
- description: retainKeys map should clear defaulted field with conflict (three-way)
  original: {retainKeysMap: {name: type1, value: foo}}
  patch: {retainKeysMap: {$retainKeys: [name, other], name: type2, other: bar}}
  result: {retainKeysMap: {name: type2, other: bar}}
- description: retainKeys map clears a field (three-way)
  original: {retainKeysMap: {name: foo, value: bar, other: a}}
  patch: {retainKeysMap: {$retainKeys: [name, value]}}
  result: {retainKeysMap: {name: foo, value: bar}}
- description: retainKeys map deletes a field in a nested map (three-way)
  original: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key2: b, key3: c}}}
  patch: {retainKeysMap: {$retainKeys: [name, simpleMap, value], simpleMap: {key2: null}}}
  result: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key3: c}}}
`) as MergeCase[];

// The server merges with IgnoreUnmatchedNulls (upstream StrategicMergeMapPatch): a null deletes what is
// there and is dropped otherwise; a value taken whole loses its nulls at any depth (discardNullValuesFromPatch,
// kubernetes#107705, in 1.24), so a null never reaches the stored object.
const nullCases = YAML.parse(`
- description: a null with nothing to delete is dropped
  original: {name: a}
  patch: {value: null}
  result: {name: a}
- description: nulls in a map the original lacks are dropped
  original: {name: hi}
  patch: {simpleMap: {key1: null, key2: b}}
  result: {name: hi, simpleMap: {key2: b}}
- description: nulls in nested maps the original lacks are dropped at every depth
  original: {name: hi}
  patch: {retainKeysMap: {name: null, simpleMap: {key1: null, key2: a}}}
  result: {name: hi, retainKeysMap: {simpleMap: {key2: a}}}
- description: a map of nulls only becomes an empty map
  original: {}
  patch: {simpleMap: {key1: null}}
  result: {simpleMap: {}}
- description: nulls in the maps of a list the original lacks are dropped
  original: {}
  patch: {mergingList: [{name: '1', value: null}], nonMergingList: [{name: '2', other: null}]}
  result: {mergingList: [{name: '1'}], nonMergingList: [{name: '2'}]}
- description: a value replacing one of another type loses its nulls
  original: {simpleMap: x}
  patch: {simpleMap: {key1: null, key2: b}}
  result: {simpleMap: {key2: b}}
- description: nulls inside a merged map delete, nulls inside its new members are dropped
  original: {retainKeysMap: {name: n, value: v}}
  patch: {retainKeysMap: {value: null, simpleMap: {key1: null, key2: c}}}
  result: {retainKeysMap: {name: n, simpleMap: {key2: c}}}
- description: a new item appended to a merging list keeps its nulls, as upstream appends it whole
  original: {mergingList: [{name: '1'}]}
  patch: {mergingList: [{name: '2', value: null}]}
  result: {mergingList: [{name: '2', value: null}, {name: '1'}]}
- description: $patch delete on an absent list with $setElementOrder keeps the directive item, as 1.25
  original: {name: hi}
  patch:
    $setElementOrder/mergingList: [{name: hello}]
    mergingList: [{name: hello}, {$patch: delete, name: gone}]
  result: {name: hi, mergingList: [{name: hello}, {$patch: delete, name: gone}]}
`) as MergeCase[];

describe('strategic merge patch: nulls (IgnoreUnmatchedNulls) and absent lists', () => {
  for (const c of nullCases) {
    test(c.description, () => {
      assert.deepEqual(applyStrategicMergePatch(MergeItemSchema, c.original, c.patch), c.result);
    });
  }
});

describe('strategic merge patch: upstream cases', () => {
  for (const c of upstreamCases) {
    test(c.description, () => {
      assert.deepEqual(applyStrategicMergePatch(MergeItemSchema, c.original, c.patch), c.result);
    });
  }
});

describe('strategic merge patch over a kind schema (ConfigMap)', () => {
  const live = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'cm',
      labels: { a: '1', b: '2' },
      finalizers: ['x/one'],
      ownerReferences: [
        { apiVersion: 'v1', kind: 'Pod', name: 'p1', uid: 'u1' },
        { apiVersion: 'v1', kind: 'Pod', name: 'p2', uid: 'u2' },
      ],
    },
    data: { k: 'v', old: 'o' },
  };
  const cases: Array<{ description: string; patch: unknown; check: (result: typeof live) => void }> = [
    {
      description: 'labels merge; null deletes one',
      patch: { metadata: { labels: { b: null, c: '3' } } },
      check: (r) => assert.deepEqual(r.metadata.labels, { a: '1', c: '3' }),
    },
    {
      description: 'finalizers (patch strategy merge) are unioned, the new value first',
      patch: { metadata: { finalizers: ['x/two'] } },
      check: (r) => assert.deepEqual(r.metadata.finalizers, ['x/two', 'x/one']),
    },
    {
      description: '$deleteFromPrimitiveList removes a finalizer',
      patch: { metadata: { '$deleteFromPrimitiveList/finalizers': ['x/one'] } },
      check: (r) => assert.deepEqual(r.metadata.finalizers, []),
    },
    {
      description: 'ownerReferences merge on uid',
      patch: { metadata: { ownerReferences: [{ uid: 'u2', name: 'renamed' }] } },
      check: (r) => assert.deepEqual(r.metadata.ownerReferences.map((o) => `${o.uid}:${o.name}`), ['u1:p1', 'u2:renamed']),
    },
    {
      description: '$patch: delete removes the owner reference with that uid',
      patch: { metadata: { ownerReferences: [{ $patch: 'delete', uid: 'u1' }] } },
      check: (r) => assert.deepEqual(r.metadata.ownerReferences.map((o) => o.uid), ['u2']),
    },
    {
      description: 'data merges key by key',
      patch: { data: { old: null, n: 'new' } },
      check: (r) => assert.deepEqual(r.data, { k: 'v', n: 'new' }),
    },
    {
      description: 'labels the object lacks: their nulls are dropped (upstream IgnoreUnmatchedNulls)',
      patch: { metadata: { annotations: { x: null, b: 'c' } } },
      check: (r) => assert.deepEqual((r.metadata as { annotations?: unknown }).annotations, { b: 'c' }),
    },
    {
      description: '$patch: replace replaces data whole',
      patch: { data: { $patch: 'replace', only: '1' } },
      check: (r) => assert.deepEqual(r.data, { only: '1' }),
    },
  ];
  for (const c of cases) test(c.description, () => c.check(applyStrategicMergePatch(ConfigMapSchema, live, c.patch) as typeof live));
});
