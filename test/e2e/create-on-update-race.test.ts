// Creates through update (server-side apply of a new object; PUT of a kind that allows create on update) racing each
// other: one creates, the others find it there and update it, as upstream's GuaranteedUpdate retries a lost create;
// none is answered 409 AlreadyExists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from './support/cluster.js';

const WRITERS = 20;
const fixture = useCluster();

test('concurrent applies creating one ConfigMap: one 201, the rest 200, every manager\'s field kept', async () => {
  const answers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => fixture.client.request('PATCH', `/api/v1/namespaces/default/configmaps/raced?fieldManager=m${i}`, {
    contentType: 'application/apply-patch+yaml',
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'raced' }, data: { [`k${i}`]: 'v' } }),
  })));
  const codes = answers.map((a) => a.status);
  assert.equal(codes.filter((c) => c === 201).length, 1, answers.map((a) => a.body).join('\n'));
  assert.equal(codes.filter((c) => c === 200).length, WRITERS - 1, answers.map((a) => a.body).join('\n'));
  const stored = (await fixture.client.request('GET', '/api/v1/namespaces/default/configmaps/raced')).json() as { data: Record<string, string> };
  assert.equal(Object.keys(stored.data).length, WRITERS);
});

test('concurrent PUTs creating one Lease: one 201, the rest 200', async () => {
  const answers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => fixture.client.request('PUT', '/apis/coordination.k8s.io/v1/namespaces/default/leases/raced', {
    body: JSON.stringify({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'raced' }, spec: { holderIdentity: `h${i}` } }),
  })));
  const codes = answers.map((a) => a.status);
  assert.equal(codes.filter((c) => c === 201).length, 1, answers.map((a) => a.body).join('\n'));
  assert.equal(codes.filter((c) => c === 200).length, WRITERS - 1, answers.map((a) => a.body).join('\n'));
});
