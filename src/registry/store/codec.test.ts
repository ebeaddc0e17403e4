import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { encodeObject, parseStored, storedJsonWithRevision } from './codec.js';

const kv = (value: string, modRevision = 42) => ({ key: '/registry/configmaps/ns/a', value, createRevision: 7, modRevision });

test('storedJsonWithRevision inserts the resourceVersion into stored JSON: the same object as serializing it', () => {
  const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns', resourceVersion: '3' }, data: { k: 'v"}' } } as KubeObject;
  const stored = kv(encodeObject(object));
  const json = storedJsonWithRevision(stored, parseStored(stored));
  assert.ok(json !== undefined);
  assert.deepEqual(JSON.parse(json), { ...object, metadata: { ...object.metadata, resourceVersion: '42' } });
  assert.equal(object.metadata.resourceVersion, '3', 'encoding leaves the object as it was');
});

test('storedJsonWithRevision handles empty metadata', () => {
  const stored = kv('{"apiVersion":"v1","kind":"Namespace","metadata":{},"spec":{}}');
  assert.equal(storedJsonWithRevision(stored, parseStored(stored)), '{"apiVersion":"v1","kind":"Namespace","metadata":{"resourceVersion":"42"},"spec":{}}');
});

test('storedJsonWithRevision declines values not laid out as encodeObject writes them', () => {
  for (const value of [
    '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"a"}}', // type meta in another order
    '{"apiVersion":"v1","kind":"ConfigMap","data":{"metadata":{}},"metadata":{"name":"a"}}', // metadata not first
    '{"apiVersion":"v1","kind":"Con\\"figMap","metadata":{"name":"a"}}', // escapes in the type meta
    '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","resourceVersion":"9"}}', // has its own
  ]) {
    assert.equal(storedJsonWithRevision(kv(value), parseStored(kv(value))), undefined, value);
  }
});

test('encodeObject writes metadata in ObjectMeta declaration order, whatever order the object holds it in', () => {
  const managedFields = [{ manager: 'm', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': {} } }];
  const assembled = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { labels: { x: 'y' }, name: 'a', resourceVersion: '5', uid: 'u', managedFields, namespace: 'ns' } } as KubeObject;
  const declared = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns', uid: 'u', labels: { x: 'y' }, managedFields } } as KubeObject;
  assert.equal(encodeObject(assembled), encodeObject(declared));
  assert.deepEqual(Object.keys((JSON.parse(encodeObject(assembled)) as KubeObject).metadata), ['name', 'namespace', 'uid', 'labels', 'managedFields']);
});
