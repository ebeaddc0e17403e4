// The store keeps managedFields on every write; applies go through `store.update` with `apply`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { configMapDefinition } from '../../apis/core/v1/configmap.js';
import { namespaceDefinition } from '../../apis/core/v1/namespace.js';
import { flowSchemaDefinition } from '../../apis/flowcontrol/v1beta2/flowschema.js';
import { admissionChain } from '../../admission/chain.js';
import { isStatusError } from '../../errors/status-error.js';
import { applyToObject, pathString } from '../../patch/apply/index.js';
import { listPaths } from '../../patch/apply/field-set.js';
import { createMemoryBackend } from '../../storage/memory/index.js';
import { Cacher } from '../../storage/cacher/index.js';
import { keyScheme } from '../keys.js';
import type { ResourceDefinition } from '../resource-definition.js';
import { parseStored, storedJsonWithRevision } from './codec.js';
import { fieldManagerScope, resetFields } from './managed-fields.js';
import { createStore } from './store.js';
import type { Store, StorageResource } from './types.js';

function openStore(def: ResourceDefinition, backend = createMemoryBackend(), serverSideApply = true): { store: Store; storage: StorageResource } {
  const keys = keyScheme('/registry', def.resource, def.namespaced);
  const cacher = new Cacher({ backend, prefix: keys.resourcePrefix, decode: parseStored, json: storedJsonWithRevision });
  const storage = { backend, keys, cacher };
  return { store: createStore(def, { storage, admission: admissionChain([]), ...(serverSideApply ? {} : { serverSideApply: false }) }), storage };
}

const cm = (name: string, data: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
// Sorted: entries order by time (seconds) first, which a test cannot pin.
const managers = (obj: KubeObject): string[] => (obj.metadata.managedFields ?? []).map((e) => `${e.manager}/${e.operation}${e.subresource ? `/${e.subresource}` : ''}`).sort();

test('reset fields: status on the main resource of kinds with a status subresource, spec on status', () => {
  const paths = (def: ResourceDefinition, sub: string) => listPaths(resetFields(def, sub) ?? { members: new Map(), children: new Map() }).map(pathString);
  const ns = namespaceDefinition as unknown as ResourceDefinition;
  assert.deepEqual(paths(ns, ''), ['.status']);
  assert.deepEqual(paths(ns, 'status'), ['.spec']);
  assert.deepEqual(paths(ns, 'finalize'), ['.status']);
  assert.deepEqual(paths(configMapDefinition as unknown as ResourceDefinition, ''), []);
  assert.equal(fieldManagerScope(ns, '', new Date()).apiVersion, 'v1');
  // Several reset fields are several paths (flowcontrol's status resets metadata and spec).
  const fs = flowSchemaDefinition as unknown as ResourceDefinition;
  assert.deepEqual(paths(fs, 'status'), ['.metadata', '.spec']);
});

describe('managedFields through the generic store', () => {
  const configMaps = openStore(configMapDefinition as unknown as ResourceDefinition);
  const namespaces = openStore(namespaceDefinition as unknown as ResourceDefinition);
  before(async () => {
    await configMaps.storage.cacher.start();
    await namespaces.storage.cacher.start();
  });
  after(async () => {
    for (const { storage } of [configMaps, namespaces]) {
      storage.cacher.stop();
      await storage.backend.close();
    }
  });

  test('create and update record the field manager, else the user agent prefix', async () => {
    const { object: created } = await configMaps.store.create('ns', cm('a', { x: '1' }), { dryRun: false, userAgent: 'kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07' });
    assert.deepEqual(managers(created), ['kubectl/Update']);
    const updated = await configMaps.store.update('ns', 'a', (current) => ({ ...(current as KubeObject), data: { x: '1', y: '2' } }), { dryRun: false, fieldManager: 'editor' });
    assert.deepEqual(managers(updated.object), ['editor/Update', 'kubectl/Update']);
    const { object: anonymous } = await configMaps.store.create('ns', cm('b', { x: '1' }), { dryRun: false });
    assert.deepEqual(managers(anonymous), ['unknown/Update']);
  });

  test('status updates are entries of the status subresource', async () => {
    await namespaces.store.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'n1' } }, { dryRun: false, fieldManager: 'creator' });
    const { object } = await namespaces.store.update(
      '',
      'n1',
      (current) => ({ ...(current as KubeObject), status: { phase: 'Active', conditions: [{ type: 'X', status: 'True' }] } }),
      { dryRun: false, fieldManager: 'controller', subresource: 'status' },
    );
    assert.deepEqual(managers(object), ['controller/Update/status', 'creator/Update']);
  });

  test('apply creates a missing object and is retried on lost races', async () => {
    const apply = (manager: string, data: Record<string, string>) =>
      configMaps.store.update('ns', 'applied', (current) => applyToObject(fieldManagerScope(configMapDefinition as unknown as ResourceDefinition, '', new Date()), current as KubeObject | undefined, cm('applied', data), manager, false), {
        dryRun: false,
        fieldManager: manager,
        apply: true,
      });
    const first = await apply('m0', { k0: 'v' });
    assert.equal(first.created, true);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => apply(`m${i + 1}`, { [`k${i + 1}`]: 'v' })));
    assert.ok(results.every((r) => !r.created));
    const final = (await configMaps.store.get('ns', 'applied')).object as KubeObject;
    assert.equal(Object.keys(final['data'] as object).length, 9);
    assert.equal(final.metadata.managedFields?.length, 9);
  });

  test('apply to the status of a missing object is 404', async () => {
    await assert.rejects(
      namespaces.store.update('', 'missing', () => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'missing' } }), { dryRun: false, apply: true, subresource: 'status' }),
      (e) => isStatusError(e) && e.code === 404,
    );
  });
});

describe('managedFields with ServerSideApply off (upstream 1.25 BeforeCreate/BeforeUpdate without a field manager)', () => {
  // One backend, two stores over it: what a server with the gate on stored, one with it off then writes.
  const backend = createMemoryBackend();
  const on = openStore(configMapDefinition as unknown as ResourceDefinition, backend);
  const off = openStore(configMapDefinition as unknown as ResourceDefinition, backend, false);
  const namespaces = openStore(namespaceDefinition as unknown as ResourceDefinition, backend, false);
  const sent = [{ manager: 'client', operation: 'Update' as const, apiVersion: 'v1', fieldsType: 'FieldsV1' as const, fieldsV1: { 'f:data': { 'f:x': {} } } }];
  before(async () => {
    for (const { storage } of [on, off, namespaces]) await storage.cacher.start();
  });
  after(async () => {
    for (const { storage } of [on, off, namespaces]) storage.cacher.stop();
    await backend.close();
  });

  test('a create records none and drops those the client sent', async () => {
    const { object } = await off.store.create('ns', { ...cm('c', { x: '1' }), metadata: { name: 'c', managedFields: sent } }, { dryRun: false, fieldManager: 'creator' });
    assert.equal(object.metadata.managedFields, undefined);
    assert.equal(((await off.store.get('ns', 'c')).object as KubeObject).metadata.managedFields, undefined);
  });

  test('an update records none and drops those stored before', async () => {
    await on.store.create('ns', cm('u', { x: '1' }), { dryRun: false, fieldManager: 'creator' });
    assert.deepEqual(managers((await off.store.get('ns', 'u')).object as KubeObject), ['creator/Update']);
    const { object } = await off.store.update('ns', 'u', (current) => ({ ...(current as KubeObject), data: { x: '2' } }), { dryRun: false, fieldManager: 'editor' });
    assert.equal(object.metadata.managedFields, undefined);
    assert.equal(((await off.store.get('ns', 'u')).object as KubeObject).metadata.managedFields, undefined);
  });

  test('a write that changes nothing else still drops the stored managedFields', async () => {
    await on.store.create('ns', cm('same', { x: '1' }), { dryRun: false, fieldManager: 'creator' });
    const before = (await off.store.get('ns', 'same')).object as KubeObject;
    const { object } = await off.store.update('ns', 'same', (current) => ({ ...(current as KubeObject) }), { dryRun: false });
    assert.notEqual(object.metadata.resourceVersion, before.metadata.resourceVersion);
    assert.equal(object.metadata.managedFields, undefined);
  });

  test('a status update records no entry of the status subresource', async () => {
    await namespaces.store.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'n-off', managedFields: sent } }, { dryRun: false });
    const { object } = await namespaces.store.update('', 'n-off', (current) => ({ ...(current as KubeObject), status: { phase: 'Active' } }), { dryRun: false, subresource: 'status' });
    assert.equal(object.metadata.managedFields, undefined);
  });
});
