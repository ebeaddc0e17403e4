import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DeleteOptions } from '../../apis/meta/v1/types.js';
import type { GarbageCollectionPolicy } from '../resource-definition.js';
import { deletionFinalizersForGarbageCollection } from './gc-finalizers.js';

const cases: { name: string; policy?: GarbageCollectionPolicy; finalizers?: string[]; options: DeleteOptions; want: string[] | undefined }[] = [
  { name: 'no options, background default: nothing', options: {}, want: undefined },
  { name: 'foreground adds foregroundDeletion', options: { propagationPolicy: 'Foreground' }, want: ['foregroundDeletion'] },
  { name: 'orphan adds orphan', options: { propagationPolicy: 'Orphan' }, want: ['orphan'] },
  { name: 'orphanDependents=true adds orphan', options: { orphanDependents: true }, want: ['orphan'] },
  { name: 'orphanDependents=false removes orphan', finalizers: ['a.io/x', 'orphan'], options: { orphanDependents: false }, want: ['a.io/x'] },
  { name: 'background: nothing', options: { propagationPolicy: 'Background' }, want: undefined },
  { name: 'foreground replaces orphan', finalizers: ['orphan', 'a.io/x'], options: { propagationPolicy: 'Foreground' }, want: ['a.io/x', 'foregroundDeletion'] },
  { name: 'orphan replaces foregroundDeletion', finalizers: ['foregroundDeletion'], options: { propagationPolicy: 'Orphan' }, want: ['orphan'] },
  { name: 'background removes foregroundDeletion', finalizers: ['foregroundDeletion'], options: { propagationPolicy: 'Background' }, want: [] },
  { name: 'existing finalizer kept without options', finalizers: ['foregroundDeletion'], options: {}, want: undefined },
  { name: 'same set in another order: unchanged', finalizers: ['foregroundDeletion', 'a.io/x'], options: { propagationPolicy: 'Foreground' }, want: undefined },
  { name: 'OrphanDependents default orphans', policy: 'OrphanDependents', options: {}, want: ['orphan'] },
  { name: 'OrphanDependents default, existing foregroundDeletion wins', policy: 'OrphanDependents', finalizers: ['foregroundDeletion'], options: {}, want: undefined },
  { name: 'OrphanDependents default, background option', policy: 'OrphanDependents', options: { propagationPolicy: 'Background' }, want: undefined },
  { name: 'Unsupported: never adds', policy: 'Unsupported', options: { propagationPolicy: 'Foreground' }, want: undefined },
  { name: 'Unsupported: drops existing GC finalizers', policy: 'Unsupported', finalizers: ['orphan'], options: {}, want: [] },
];

for (const c of cases) {
  test(`deletionFinalizersForGarbageCollection: ${c.name}`, () => {
    assert.deepEqual(deletionFinalizersForGarbageCollection(c.policy ?? 'DeleteDependents', c.finalizers ?? [], c.options), c.want);
  });
}
