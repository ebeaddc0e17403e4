// The schema upstream's strategicpatch tests merge against (their `MergeItem` struct), written with
// K.* and the same markers, for this folder's tests. Not exported by index.ts.
import { Type, type TSchema } from '@sinclair/typebox';
import { K } from '../../schema/builder.js';

const ITEM = 'io.kplane.test.MergeItem';
const item = () => Type.Ref(ITEM);
const merge = (mergeKey?: string) => ({ 'x-kubernetes-patch-strategy': 'merge', ...(mergeKey ? { 'x-kubernetes-patch-merge-key': mergeKey } : {}) });

/** Upstream's RetainKeysMergeItem. */
const RetainKeysMergeItem = K.Object(
  {
    name: K.Optional(K.String()),
    value: K.Optional(K.String()),
    other: K.Optional(K.String()),
    simpleMap: K.Optional(K.Map(K.String())),
    mergingIntList: K.Optional(K.List(K.Int64(), merge())),
    mergingList: K.Optional(K.List(item(), merge('name'))),
    nonMergingList: K.Optional(K.List(item())),
  },
  { $id: 'io.kplane.test.RetainKeysMergeItem' },
);

/** Upstream's MergeItem: every list and map flavour strategic merge distinguishes. */
export const MergeItemSchema: TSchema = K.Object(
  {
    name: K.Optional(K.String()),
    value: K.Optional(K.String()),
    other: K.Optional(K.String()),
    mergingList: K.Optional(K.List(item(), merge('name'))),
    nonMergingList: K.Optional(K.List(item())),
    mergingIntList: K.Optional(K.List(K.Int64(), merge())),
    nonMergingIntList: K.Optional(K.List(K.Int64())),
    mergeItemPtr: K.Optional(K.List(item(), merge('name'))),
    simpleMap: K.Optional(K.Map(K.String())),
    replacingItem: K.Optional(K.Any({ 'x-kubernetes-patch-strategy': 'replace' })),
    retainKeysMap: K.Optional({ ...RetainKeysMergeItem, 'x-kubernetes-patch-strategy': 'retainKeys' }),
    retainKeysMergingList: K.Optional(K.List(item(), { 'x-kubernetes-patch-strategy': 'merge,retainKeys', 'x-kubernetes-patch-merge-key': 'name' })),
  },
  { $id: ITEM },
);
