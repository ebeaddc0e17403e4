// Writes as upstream's storage and encoding make them (issue 15, item 9, in part): empty maps and lists of
// optional fields are dropped as Go's omitempty drops them (and so own no fields), and a write that changes
// nothing is not written: no new resourceVersion, no watch event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from './support/cluster.js';

interface Obj {
  metadata: { resourceVersion: string; labels?: Record<string, string>; annotations?: Record<string, string>; ownerReferences?: unknown[]; finalizers?: string[]; managedFields?: Array<{ manager: string; fieldsV1: unknown }> };
  data?: Record<string, string>;
}

const env = useCluster();

const CM = '/api/v1/namespaces/default/configmaps';

test('empty maps and lists of optional fields are dropped on create, update, patch and apply', async () => {
  const created = await env.client.request('POST', CM, { body: JSON.stringify({ metadata: { name: 'empties', labels: {}, annotations: {}, ownerReferences: [], finalizers: [] }, data: {} }) });
  assert.equal(created.status, 201, created.body);
  const object = created.json() as Obj;
  for (const field of ['labels', 'annotations', 'ownerReferences', 'finalizers'] as const) assert.equal(object.metadata[field], undefined, field);
  assert.equal(object.data, undefined);
  assert.equal(object.metadata.managedFields, undefined, 'nothing set, nothing owned');
  const patched = await env.client.request('PATCH', `${CM}/empties`, { body: '{"metadata":{"labels":{}},"data":{"k":"v"}}', contentType: 'application/merge-patch+json' });
  assert.equal((patched.json() as Obj).metadata.labels, undefined);
  const applied = await env.client.request('PATCH', `${CM}/applied?fieldManager=me`, { body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"applied","annotations":{}},"data":{"a":"1"}}', contentType: 'application/apply-patch+yaml' });
  assert.equal(applied.status, 201, applied.body);
  assert.equal((applied.json() as Obj).metadata.annotations, undefined);
});

test('a write that changes nothing keeps the resourceVersion and sends no watch event', async () => {
  const created = (await env.client.request('POST', CM, { body: JSON.stringify({ metadata: { name: 'same', labels: { a: 'b' } }, data: { k: 'v' } }) })).json() as Obj;
  const rv = created.metadata.resourceVersion;
  const watch = env.client.request('GET', `${CM}?watch=1&resourceVersion=${rv}&timeoutSeconds=2&fieldSelector=metadata.name%3Dsame`);
  const put = (await env.client.request('PUT', `${CM}/same`, { body: JSON.stringify({ ...created, metadata: { ...created.metadata, labels: { a: 'b' } } }) })).json() as Obj;
  assert.equal(put.metadata.resourceVersion, rv, 'identical PUT');
  const patched = (await env.client.request('PATCH', `${CM}/same`, { body: '{"data":{"k":"v"},"metadata":{"annotations":{}}}', contentType: 'application/merge-patch+json' })).json() as Obj;
  assert.equal(patched.metadata.resourceVersion, rv, 'a merge patch giving the same object');
  assert.equal((await watch).body.trim(), '', 'no event');
  const secret = (await env.client.request('POST', '/api/v1/namespaces/default/secrets', { body: '{"metadata":{"name":"sd"},"stringData":{"k":"v"}}' })).json() as Obj;
  const again = (await env.client.request('PATCH', '/api/v1/namespaces/default/secrets/sd', { body: '{"stringData":{"k":"v"}}', contentType: 'application/merge-patch+json' })).json() as Obj;
  assert.equal(again.metadata.resourceVersion, secret.metadata.resourceVersion, 're-applied stringData');
});
