import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuthorizationAttributes } from '../authorizer.js';
import type { UserInfo } from '../../auth/user-info.js';
import { Graph } from './graph.js';
import { NodeAuthorizer } from './node-authorizer.js';
import { nodeIdentity } from './node-identity.js';

const n1: UserInfo = { name: 'system:node:n1', groups: ['system:nodes', 'system:authenticated'] };

const request = (verb: string, resource: string, more: Partial<AuthorizationAttributes> = {}): AuthorizationAttributes => ({
  user: n1, verb, isResourceRequest: true, path: '', namespace: 'ns', apiGroup: '', apiVersion: 'v1', resource, subresource: '', name: '', ...more,
});

const graph = new Graph();
graph.addPod('ns', 'p1', 'n1', { serviceAccount: 'sa1', secrets: ['s1'], configMaps: ['cm1'], claims: ['pvc1'] });
graph.addPod('ns', 'p2', 'n2', { serviceAccount: 'sa2', secrets: ['s2'], configMaps: ['cm2'], claims: ['pvc2'] });
graph.addPersistentVolume('pv1', { namespace: 'ns', name: 'pvc1' }, [{ namespace: 'ns', name: 'pv-secret' }]);
graph.addPersistentVolume('pv2', { namespace: 'ns', name: 'pvc2' }, []);
graph.addVolumeAttachment('va1', 'n1');
graph.addVolumeAttachment('va2', 'n2');
const authorizer = new NodeAuthorizer(graph);

const ALLOW = { decision: 'Allow', reason: '' };
const NONE = { decision: 'NoOpinion', reason: '' };
const no = (reason: string) => ({ decision: 'NoOpinion', reason });
const unrelated = no("no relationship found between node 'n1' and this object");

const cases: [string, AuthorizationAttributes, { decision: string; reason: string }][] = [
  ['not a node', request('get', 'secrets', { name: 's1', user: { name: 'jane', groups: ['system:nodes'] } }), NONE],
  ['a node name outside the group', request('get', 'secrets', { name: 's1', user: { name: 'system:node:n1', groups: [] } }), NONE],
  ['a node without a name', request('get', 'secrets', { name: 's1', user: { name: 'system:node:', groups: ['system:nodes'] } }), no('unknown node for user "system:node:"')],
  ['get its pod\'s secret', request('get', 'secrets', { name: 's1' }), ALLOW],
  ['list its pod\'s secret by name', request('list', 'secrets', { name: 's1' }), ALLOW],
  ['watch its pod\'s configmap', request('watch', 'configmaps', { name: 'cm1' }), ALLOW],
  ['another node\'s secret', request('get', 'secrets', { name: 's2' }), unrelated],
  ['an unknown secret', request('get', 'secrets', { name: 'nope' }), unrelated],
  ['list all secrets', request('list', 'secrets'), no('No Object name found')],
  ['update a secret', request('update', 'secrets', { name: 's1' }), no('can only read resources of this type')],
  ['a secret subresource', request('get', 'secrets', { name: 's1', subresource: 'x' }), no('cannot read subresource')],
  ['secrets of all namespaces', request('list', 'secrets', { namespace: '', name: 's1' }), no('can only read namespaced object of this type')],
  ['get its claim', request('get', 'persistentvolumeclaims', { name: 'pvc1' }), ALLOW],
  ['list claims', request('list', 'persistentvolumeclaims', { name: 'pvc1' }), no('can only get individual resources of this type')],
  ['another node\'s claim', request('get', 'persistentvolumeclaims', { name: 'pvc2' }), unrelated],
  ['update its claim\'s status', request('update', 'persistentvolumeclaims', { name: 'pvc1', subresource: 'status' }), ALLOW],
  ['get its claim\'s status', request('get', 'persistentvolumeclaims', { name: 'pvc1', subresource: 'status' }), no('can only get/update/patch this type')],
  ['patch another claim\'s status', request('patch', 'persistentvolumeclaims', { name: 'pvc2', subresource: 'status' }), unrelated],
  ['get its volume', request('get', 'persistentvolumes', { namespace: '', name: 'pv1' }), ALLOW],
  ['another node\'s volume', request('get', 'persistentvolumes', { namespace: '', name: 'pv2' }), unrelated],
  ['its volume\'s secret', request('get', 'secrets', { name: 'pv-secret' }), ALLOW],
  ['its volume attachment', request('get', 'volumeattachments', { apiGroup: 'storage.k8s.io', namespace: '', name: 'va1' }), ALLOW],
  ['another volume attachment', request('get', 'volumeattachments', { apiGroup: 'storage.k8s.io', namespace: '', name: 'va2' }), unrelated],
  ['a volume attachment subresource', request('get', 'volumeattachments', { apiGroup: 'storage.k8s.io', namespace: '', name: 'va1', subresource: 'status' }), no('cannot get subresource')],
  ['a token of its pod\'s service account', request('create', 'serviceaccounts', { name: 'sa1', subresource: 'token' }), ALLOW],
  ['a token of another service account', request('create', 'serviceaccounts', { name: 'sa2', subresource: 'token' }), unrelated],
  ['get a service account', request('get', 'serviceaccounts', { name: 'sa1' }), no('can only create tokens for individual service accounts')],
  ['create a service account', request('create', 'serviceaccounts', { name: 'sa1' }), no('can only create token subresource of serviceaccount')],
  ['its lease', request('update', 'leases', { apiGroup: 'coordination.k8s.io', namespace: 'kube-node-lease', name: 'n1' }), ALLOW],
  ['create a lease', request('create', 'leases', { apiGroup: 'coordination.k8s.io', namespace: 'kube-node-lease' }), ALLOW],
  ['another node\'s lease', request('get', 'leases', { apiGroup: 'coordination.k8s.io', namespace: 'kube-node-lease', name: 'n2' }), no('can only access node lease with the same name as the requesting node')],
  ['a lease elsewhere', request('get', 'leases', { apiGroup: 'coordination.k8s.io', namespace: 'kube-system', name: 'n1' }), no('can only access leases in the "kube-node-lease" system namespace')],
  ['list leases', request('list', 'leases', { apiGroup: 'coordination.k8s.io', namespace: 'kube-node-lease' }), no('can only get, create, update, patch, or delete a node lease')],
  ['its CSINode', request('patch', 'csinodes', { apiGroup: 'storage.k8s.io', namespace: '', name: 'n1' }), ALLOW],
  ['another CSINode', request('delete', 'csinodes', { apiGroup: 'storage.k8s.io', namespace: '', name: 'n2' }), no('can only access CSINode with the same name as the requesting node')],
  ['watch CSINodes', request('watch', 'csinodes', { apiGroup: 'storage.k8s.io', namespace: '' }), no('can only get, create, update, patch, or delete a CSINode')],
  ['a CSINode subresource', request('get', 'csinodes', { apiGroup: 'storage.k8s.io', namespace: '', name: 'n1', subresource: 'x' }), no('cannot authorize CSINode subresources')],
  ['static rules: list pods', request('list', 'pods'), ALLOW],
  ['static rules: pod status', request('patch', 'pods', { name: 'p1', subresource: 'status' }), ALLOW],
  ['static rules: evictions', request('create', 'pods', { name: 'p1', subresource: 'eviction' }), ALLOW],
  ['static rules: update a node', request('update', 'nodes', { namespace: '', name: 'n1' }), ALLOW],
  ['static rules: delete a node', request('delete', 'nodes', { namespace: '', name: 'n1' }), NONE],
  ['static rules: create a CSR', request('create', 'certificatesigningrequests', { apiGroup: 'certificates.k8s.io', namespace: '' }), ALLOW],
  ['static rules: deployments', request('get', 'deployments', { apiGroup: 'apps', name: 'd' }), NONE],
  ['static rules: a non-resource path', { ...request('get', ''), isResourceRequest: false, path: '/healthz' }, NONE],
];

for (const [name, attributes, expected] of cases) {
  test(`NodeAuthorizer: ${name}`, () => assert.deepEqual(authorizer.authorize(attributes), expected));
}

test('NodeAuthorizer.rulesFor: incomplete for a node, nothing for anyone else', () => {
  assert.deepEqual(authorizer.rulesFor(n1), { resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'node authorizer does not support user rule resolution' });
  assert.deepEqual(authorizer.rulesFor({ name: 'jane', groups: [] }), { resourceRules: [], nonResourceRules: [], incomplete: false });
});

test('nodeIdentity', () => {
  assert.equal(nodeIdentity(n1), 'n1');
  assert.equal(nodeIdentity({ name: 'system:node:', groups: ['system:nodes'] }), '');
  assert.equal(nodeIdentity({ name: 'system:node:n1', groups: [] }), undefined);
  assert.equal(nodeIdentity({ name: 'n1', groups: ['system:nodes'] }), undefined);
  assert.equal(nodeIdentity(undefined), undefined);
});
