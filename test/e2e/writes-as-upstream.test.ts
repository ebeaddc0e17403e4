// Writes as upstream's storage and encoding make them (issue 15, item 9, in part): empty values of
// `omitempty` fields are dropped as Go's encoding drops them (and so own no fields), fields without
// `omitempty` are kept (`rules: []`) or written as null when unset, and a write that changes nothing is not
// written: no new resourceVersion, no watch event.
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

const ROLES = '/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles';

test('Role rules have no omitempty: [] round-trips, unset is null, as upstream', async () => {
  const empty = await env.client.request('POST', ROLES, { body: JSON.stringify({ metadata: { name: 'no-rules' }, rules: [] }) });
  assert.equal(empty.status, 201, empty.body);
  assert.deepEqual((empty.json() as { rules: unknown }).rules, []);
  const got = await env.client.request('GET', `${ROLES}/no-rules`);
  assert.match(got.body, /"rules":\[\]/);
  const unset = await env.client.request('POST', ROLES, { body: JSON.stringify({ metadata: { name: 'unset-rules' } }) });
  assert.equal(unset.status, 201, unset.body);
  assert.match(unset.body, /"rules":null/);
  const applied = await env.client.request('PATCH', `${ROLES}/applied-rules?fieldManager=me`, {
    body: '{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"Role","metadata":{"name":"applied-rules"},"rules":[]}',
    contentType: 'application/apply-patch+yaml',
  });
  assert.equal(applied.status, 201, applied.body);
  assert.deepEqual((applied.json() as { rules: unknown }).rules, []);
});

test('zero values of omitempty non-pointer fields are not served back; pointer zeros are', async () => {
  const pod = {
    metadata: { name: 'zeros', generateName: '' },
    spec: {
      hostNetwork: false,
      automountServiceAccountToken: false,
      containers: [{ name: 'c', image: 'nginx', stdin: false, ports: [{ containerPort: 80, hostPort: 0, hostIP: '' }], securityContext: { privileged: false } }],
    },
  };
  const created = await env.client.request('POST', '/api/v1/namespaces/default/pods', { body: JSON.stringify(pod) });
  assert.equal(created.status, 201, created.body);
  const got = await env.client.request('GET', '/api/v1/namespaces/default/pods/zeros');
  const served = got.json() as { metadata: Record<string, unknown>; spec: { hostNetwork?: boolean; automountServiceAccountToken?: boolean; containers: Array<Record<string, unknown>> } };
  assert.equal('hostNetwork' in served.spec, false, got.body);
  assert.equal('generateName' in served.metadata, false);
  const container = served.spec.containers[0] ?? {};
  assert.equal('stdin' in container, false);
  assert.deepEqual(container['ports'], [{ containerPort: 80, protocol: 'TCP' }]);
  assert.equal(served.spec.automountServiceAccountToken, false, '*bool keeps false');
  assert.deepEqual(container['securityContext'], { privileged: false });
  assert.doesNotMatch(JSON.stringify((served.metadata['managedFields'] as unknown[]) ?? []), /hostNetwork|f:stdin/, 'a dropped field is not owned');
});

interface Shaped {
  metadata: Record<string, unknown>;
  spec: Record<string, unknown> & { template?: { metadata: Record<string, unknown>; spec: { containers: Array<Record<string, unknown>> } }; containers?: Array<Record<string, unknown>> };
  status?: Record<string, unknown>;
}

test('non-pointer structs are served as Go writes them: kubectl create deployment and run, and a raw create', async () => {
  await env.cluster.kubectl(['create', 'deployment', 'shapes', '--image=nginx', '-n', 'default']);
  const deployment = JSON.parse(await env.cluster.kubectl(['get', 'deployment', 'shapes', '-n', 'default', '-o', 'json'])) as Shaped;
  // A 1.25 server answers `kubectl create deployment x --image=nginx` with these (zero Time: null).
  assert.deepEqual(deployment.status, {});
  assert.equal(deployment.spec.template?.metadata['creationTimestamp'], null);
  assert.deepEqual(deployment.spec.template?.spec.containers[0]?.['resources'], {});
  assert.deepEqual(deployment.spec['strategy'], { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } });
  assert.equal(typeof deployment.metadata['creationTimestamp'], 'string', 'a stored object has its creation time');
  await env.cluster.kubectl(['run', 'shapes', '--image=nginx', '-n', 'default']);
  const pod = JSON.parse(await env.cluster.kubectl(['get', 'pod', 'shapes', '-n', 'default', '-o', 'json'])) as Shaped;
  assert.deepEqual(pod.spec.containers?.[0]?.['resources'], {});
  assert.equal(pod.status?.['phase'], 'Pending', 'status set by the strategy');
  // A client that sends no struct at all gets them too; an unset pointer struct stays unset.
  const raw = await env.client.request('POST', '/api/v1/namespaces/default/pods', { body: JSON.stringify({ metadata: { name: 'raw-shapes' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }) });
  assert.equal(raw.status, 201, raw.body);
  const served = (await env.client.request('GET', '/api/v1/namespaces/default/pods/raw-shapes')).json() as Shaped;
  assert.deepEqual(served.spec.containers?.[0]?.['resources'], {});
  assert.equal('livenessProbe' in (served.spec.containers?.[0] ?? {}), false);
  // A template of a kind without a status subresource keeps its zero metadata through the store (PodTemplate).
  const template = await env.client.request('POST', '/api/v1/namespaces/default/podtemplates', { body: JSON.stringify({ metadata: { name: 'tpl' }, template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } }) });
  assert.equal(template.status, 201, template.body);
  const made = template.json() as { metadata: { managedFields: Array<{ fieldsV1: { 'f:template': Record<string, unknown> } }> }; template: { metadata: unknown; spec: { containers: Array<Record<string, unknown>> } } };
  assert.deepEqual(made.template.metadata, { creationTimestamp: null });
  assert.deepEqual(made.template.spec.containers[0]?.['resources'], {});
  // Upstream compares a create with the typed zero object, which holds the template and its metadata:
  // neither is a member, and the zero creationTimestamp is not owned.
  const owned = made.metadata.managedFields[0]?.fieldsV1['f:template'] ?? {};
  assert.deepEqual(Object.keys(owned), ['f:spec'], JSON.stringify(owned));
});
