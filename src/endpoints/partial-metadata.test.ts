import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../apis/meta/v1/types.js';
import { encodeObject } from '../registry/store/codec.js';
import { storedSummary } from '../registry/store/stored-summary.js';
import { cachedObjectOf, cachedObjectOfSummary } from '../storage/cacher/cached-object.js';
import { partialObjectMetadata, partialObjectMetadataJson } from './partial-metadata.js';

const objects: Array<[string, KubeObject]> = [
  ['a pod with labels, an owner and managedFields', {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: 'web-1', namespace: 'shop', uid: '6a1c', creationTimestamp: '2026-12-06T07:00:00Z', labels: { app: 'web', tier: 'front' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: '9f2e', controller: true }],
      managedFields: [{ manager: 'kubectl', operation: 'Update', apiVersion: 'v1', time: '2026-12-06T07:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } } }],
    },
    spec: { containers: [{ name: 'web', image: 'nginx' }] },
  }],
  ['a ConfigMap without labels', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default' }, data: { 'metadata': '{"x":"}"}' } }],
  ['annotations with quotes, braces and escapes', {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'd', namespace: 'n', annotations: { 'a/b': '{"metadata":{}}\\"}', 'c': 'line\nbreak \u2028 é' }, finalizers: ['x/y'] },
    spec: {},
  }],
  ['empty metadata (a cluster-scoped object)', { apiVersion: 'v1', kind: 'Namespace', metadata: {} }],
];

for (const [name, object] of objects) {
  test(`PartialObjectMetadata cut from the cached JSON is the encoded metadata: ${name}`, () => {
    const kv = { key: `/registry/x/${name}`, value: encodeObject(object), createRevision: 5, modRevision: 7 };
    const summary = storedSummary(kv);
    assert.ok(summary);
    const cached = cachedObjectOfSummary(kv.key, kv.modRevision, summary);
    assert.ok(cached.metadataEnd !== undefined);
    for (const version of ['v1', 'v1beta1']) {
      const cut = partialObjectMetadataJson(cached, version);
      assert.equal(cut, JSON.stringify(partialObjectMetadata(cached.object, version)));
      assert.equal((JSON.parse(cut) as { metadata: { resourceVersion: string } }).metadata.resourceVersion, '7');
    }
  });
}

test('PartialObjectMetadata of an object the cache decoded whole is encoded from it', () => {
  const cached = cachedObjectOf('/registry/configmaps/default/c', 3, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' } });
  assert.equal(cached.metadataEnd, undefined);
  assert.equal(partialObjectMetadataJson(cached, 'v1'), '{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"c","namespace":"default","resourceVersion":"3"}}');
});

/** What the loopback's followers get: the object's metadata less managedFields, key order kept. */
const withoutManagedFields = (object: KubeObject, version: string): string => {
  const { managedFields: _managedFields, ...metadata } = object.metadata;
  return JSON.stringify({ kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata });
};

const managed = (manager: string) => [{ manager, operation: 'Update' as const, apiVersion: 'v1', time: '2026-12-07T07:00:00Z', fieldsType: 'FieldsV1' as const, fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } } }];
const omitted: Array<[string, KubeObject]> = [
  ...objects,
  ['annotations that spell the member', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', annotations: { note: ',"managedFields":[{}]}}}' }, managedFields: managed('kubectl') } }],
  ['a manager whose name ends in "],", which forgoes the cut', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', managedFields: managed('tool],') } }],
  ['a label keyed managedFields, which forgoes the cut', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', labels: { managedFields: 'x' } } }],
  ['a label keyed managedFields beside managedFields', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', labels: { managedFields: 'x' }, managedFields: managed('kubectl') } }],
];

for (const [name, object] of omitted) {
  test(`PartialObjectMetadata without managedFields, cut or encoded: ${name}`, () => {
    const kv = { key: `/registry/x/${name}`, value: encodeObject(object), createRevision: 5, modRevision: 7 };
    const summary = storedSummary(kv);
    assert.ok(summary);
    const cached = cachedObjectOfSummary(kv.key, kv.modRevision, summary);
    for (const version of ['v1', 'v1beta1']) {
      assert.equal(partialObjectMetadataJson(cached, version, true), withoutManagedFields(cached.object, version));
    }
  });
}

test('PartialObjectMetadata without managedFields of an object the cache decoded whole is encoded from it', () => {
  const object: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default', managedFields: managed('kubectl') } };
  const cached = cachedObjectOf('/registry/configmaps/default/c', 3, object);
  assert.equal(partialObjectMetadataJson(cached, 'v1', true), '{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"c","namespace":"default","resourceVersion":"3"}}');
});
