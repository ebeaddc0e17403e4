// NodeRestriction (upstream plugin/pkg/admission/noderestriction cases): what a node may write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { UserInfo } from '../../auth/user-info.js';
import type { AdmissionAttributes, AdmissionOperation } from '../types.js';
import { nodeRestriction } from './node-restriction.js';
import { forbiddenNodeLabels } from './node-restriction-node.js';

const n1: UserInfo = { name: 'system:node:n1', groups: ['system:nodes'] };
const def = (group: string, resource: string) => ({ group, resource }) as ResourceDefinition;
const pods = def('', 'pods');
const nodes = def('', 'nodes');

const cluster: Record<string, KubeObject> = {
  'pod/ns/mine': { metadata: { name: 'mine', namespace: 'ns', uid: 'u-mine' }, spec: { nodeName: 'n1' } },
  'pod/ns/theirs': { metadata: { name: 'theirs', namespace: 'ns', uid: 'u-theirs' }, spec: { nodeName: 'n2' } },
  'node/n1': { metadata: { name: 'n1', uid: 'u-n1' } },
};
const plugin = nodeRestriction({
  getPod: async (ns, name) => cluster[`pod/${ns}/${name}`],
  getNode: async (name) => cluster[`node/${name}`],
});

const attrs = (operation: AdmissionOperation, d: ResourceDefinition, more: Partial<AdmissionAttributes> = {}): AdmissionAttributes =>
  ({ operation, def: d, namespace: 'ns', name: '', subresource: '', dryRun: false, user: n1, ...more });

const owner = { apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'u-n1', controller: true };
const mirror = (spec: Record<string, unknown> = {}, ownerReferences: unknown[] = [owner]): KubeObject =>
  ({ metadata: { name: 'static', namespace: 'ns', annotations: { 'kubernetes.io/config.mirror': 'h' }, ownerReferences }, spec: { nodeName: 'n1', containers: [{ name: 'c' }], ...spec } }) as KubeObject;
const node = (labels: Record<string, string> = {}, spec: Record<string, unknown> = {}): KubeObject => ({ metadata: { name: 'n1', labels }, spec });
const pvc = (status: Record<string, unknown>, labels?: Record<string, string>): KubeObject =>
  ({ metadata: { name: 'c', namespace: 'ns', resourceVersion: '5', ...(labels ? { labels } : {}) }, spec: { accessModes: ['ReadWriteOnce'] }, status });
const tokenRequest = (ref?: Record<string, string>): KubeObject => ({ metadata: {}, spec: { audiences: [], ...(ref ? { boundObjectRef: ref } : {}) } });

const forbidden = (resource: string, name: string, why: string) => `${resource} "${name}" is forbidden: ${why}`;

const cases: [string, AdmissionAttributes, string | undefined][] = [
  ['not a node', attrs('CREATE', pods, { name: 'x', object: { metadata: { name: 'x' } }, user: { name: 'jane', groups: [] } }), undefined],
  ['a node without a name', attrs('DELETE', pods, { name: 'mine', user: { name: 'system:node:', groups: ['system:nodes'] } }), forbidden('pods', 'mine', 'could not determine node from user "system:node:"')],
  ['a mirror pod', attrs('CREATE', pods, { name: 'static', object: mirror() }), undefined],
  ['a pod that is not a mirror pod', attrs('CREATE', pods, { name: 'p', object: { metadata: { name: 'p' }, spec: { nodeName: 'n1' } } }), forbidden('pods', 'p', 'pod does not have "kubernetes.io/config.mirror" annotation, node "n1" can only create mirror pods')],
  ['a mirror pod on another node', attrs('CREATE', pods, { name: 'static', object: mirror({ nodeName: 'n2' }) }), forbidden('pods', 'static', 'node "n1" can only create pods with spec.nodeName set to itself')],
  ['a mirror pod without an owner', attrs('CREATE', pods, { name: 'static', object: mirror({}, []) }), forbidden('pods', 'static', 'node "n1" can only create pods with an owner reference set to itself')],
  ['a mirror pod with two owners', attrs('CREATE', pods, { name: 'static', object: mirror({}, [owner, owner]) }), forbidden('pods', 'static', 'node "n1" can only create pods with a single owner reference set to itself')],
  ['a mirror pod owned by another node', attrs('CREATE', pods, { name: 'static', object: mirror({}, [{ ...owner, name: 'n2' }]) }), forbidden('pods', 'static', 'node "n1" can only create pods with an owner reference set to itself')],
  ['a mirror pod not controlled by its node', attrs('CREATE', pods, { name: 'static', object: mirror({}, [{ ...owner, controller: false }]) }), forbidden('pods', 'static', 'node "n1" can only create pods with a controller owner reference set to itself')],
  ['a mirror pod blocking its owner\'s deletion', attrs('CREATE', pods, { name: 'static', object: mirror({}, [{ ...owner, blockOwnerDeletion: true }]) }), forbidden('pods', 'static', 'node "n1" must not set blockOwnerDeletion on an owner reference')],
  ['a mirror pod with a stale node uid', attrs('CREATE', pods, { name: 'static', object: mirror({}, [{ ...owner, uid: 'old' }]) }), forbidden('pods', 'static', 'node n1 UID mismatch: expected old got u-n1')],
  ['a mirror pod with a service account', attrs('CREATE', pods, { name: 'static', object: mirror({ serviceAccountName: 'sa' }) }), forbidden('pods', 'static', 'node "n1" can not create pods that reference a service account')],
  ['a mirror pod with a secret', attrs('CREATE', pods, { name: 'static', object: mirror({ volumes: [{ name: 'v', secret: { secretName: 's' } }] }) }), forbidden('pods', 'static', 'node "n1" can not create pods that reference secrets')],
  ['a mirror pod with a configmap', attrs('CREATE', pods, { name: 'static', object: mirror({ containers: [{ name: 'c', envFrom: [{ configMapRef: { name: 'cm' } }] }] }) }), forbidden('pods', 'static', 'node "n1" can not create pods that reference configmaps')],
  ['a mirror pod with a claim', attrs('CREATE', pods, { name: 'static', object: mirror({ volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'c' } }] }) }), forbidden('pods', 'static', 'node "n1" can not create pods that reference persistentvolumeclaims')],
  ['delete its pod', attrs('DELETE', pods, { name: 'mine', oldObject: cluster['pod/ns/mine']! }), undefined],
  ['delete another node\'s pod', attrs('DELETE', pods, { name: 'theirs', oldObject: cluster['pod/ns/theirs']! }), forbidden('pods', 'theirs', 'node "n1" can only delete pods with spec.nodeName set to itself')],
  // A collection delete names no pod: upstream's lookup by that name is a 404, which DeleteCollection skips.
  ['delete its pod in a collection delete', attrs('DELETE', pods, { name: '', oldObject: cluster['pod/ns/mine']! }), 'pods "" not found'],
  ['update a pod', attrs('UPDATE', pods, { name: 'mine', object: cluster['pod/ns/mine']!, oldObject: cluster['pod/ns/mine']! }), forbidden('pods', 'mine', 'unexpected operation "UPDATE", node "n1" can only create and delete mirror pods')],
  ['its pod\'s status', attrs('UPDATE', pods, { name: 'mine', subresource: 'status', object: cluster['pod/ns/mine']!, oldObject: cluster['pod/ns/mine']! }), undefined],
  ['another pod\'s status', attrs('UPDATE', pods, { name: 'theirs', subresource: 'status', object: cluster['pod/ns/theirs']!, oldObject: cluster['pod/ns/theirs']! }), forbidden('pods', 'theirs', 'node "n1" can only update pod status for pods with spec.nodeName set to itself')],
  ['labels through pod status', attrs('UPDATE', pods, { name: 'mine', subresource: 'status', object: { ...cluster['pod/ns/mine']!, metadata: { name: 'mine', labels: { a: 'b' } } }, oldObject: cluster['pod/ns/mine']! }), forbidden('pods', 'mine', 'node "n1" cannot update labels through pod status')],
  ['evict its pod', attrs('CREATE', pods, { name: 'mine', subresource: 'eviction', object: { metadata: { name: 'mine' } } }), undefined],
  ['evict another node\'s pod', attrs('CREATE', pods, { name: 'theirs', subresource: 'eviction', object: { metadata: { name: 'theirs' } } }), forbidden('pods', 'theirs', 'node n1 can only evict pods with spec.nodeName set to itself')],
  ['evict a missing pod', attrs('CREATE', pods, { name: 'gone', subresource: 'eviction', object: { metadata: { name: 'gone' } } }), 'pod "gone" not found'],
  ['bind a pod', attrs('CREATE', pods, { name: 'mine', subresource: 'binding', object: { metadata: { name: 'mine' } } }), forbidden('pods', 'mine', 'unexpected pod subresource "binding", only \'status\' and \'eviction\' are allowed')],
  ['register itself', attrs('CREATE', nodes, { name: 'n1', namespace: '', object: node({ 'kubernetes.io/hostname': 'n1', 'node.kubernetes.io/x': 'y', 'example.com/a': 'b' }) }), undefined],
  ['register another node', attrs('CREATE', nodes, { name: 'n2', namespace: '', object: { metadata: { name: 'n2' } } }), forbidden('nodes', 'n2', 'node "n1" is not allowed to modify node "n2"')],
  ['register with restricted labels', attrs('CREATE', nodes, { name: 'n1', namespace: '', object: node({ 'node-restriction.kubernetes.io/x': 'y', 'foo.k8s.io/a': 'b' }) }), forbidden('nodes', 'n1', 'node "n1" is not allowed to set the following labels: foo.k8s.io/a, node-restriction.kubernetes.io/x')],
  ['register with a config source', attrs('CREATE', nodes, { name: 'n1', namespace: '', object: node({}, { configSource: { configMap: { name: 'c' } } }) }), forbidden('nodes', 'n1', 'node "n1" is not allowed to create pods with a non-nil configSource')],
  ['update its status', attrs('UPDATE', nodes, { name: 'n1', namespace: '', subresource: 'status', object: node({ a: 'b' }), oldObject: node({ a: 'b' }) }), undefined],
  ['change its taints', attrs('UPDATE', nodes, { name: 'n1', namespace: '', object: node({}, { taints: [] }), oldObject: node({}, { taints: [{ key: 'k', effect: 'NoSchedule' }] }) }), forbidden('nodes', 'n1', 'node "n1" is not allowed to modify taints')],
  ['remove a restricted label', attrs('UPDATE', nodes, { name: 'n1', namespace: '', object: node({}), oldObject: node({ 'node-restriction.kubernetes.io/x': 'y' }) }), forbidden('nodes', 'n1', 'is not allowed to modify labels: node-restriction.kubernetes.io/x')],
  ['update another node', attrs('UPDATE', nodes, { name: 'n2', namespace: '', object: node(), oldObject: node() }), forbidden('nodes', 'n2', 'node "n1" is not allowed to modify node "n2"')],
  ['claim status: capacity and conditions', attrs('UPDATE', def('', 'persistentvolumeclaims'), { name: 'c', subresource: 'status', object: pvc({ phase: 'Bound', capacity: { storage: '2Gi' }, conditions: [{ type: 'Resizing', status: 'True' }] }), oldObject: pvc({ phase: 'Bound' }) }), undefined],
  ['claim status: the phase', attrs('UPDATE', def('', 'persistentvolumeclaims'), { name: 'c', subresource: 'status', object: pvc({ phase: 'Lost' }), oldObject: pvc({ phase: 'Bound' }) }),
    forbidden('persistentvolumeclaims', 'c', 'node "n1" is not allowed to update fields other than status.capacity and status.conditions: ' + '  core.PersistentVolumeClaim{\n- \tStatus: {"phase":"Bound"},\n+ \tStatus: {"phase":"Lost"},\n  }\n')],
  ['update a claim', attrs('UPDATE', def('', 'persistentvolumeclaims'), { name: 'c', object: pvc({}), oldObject: pvc({}) }), forbidden('persistentvolumeclaims', 'c', 'may only update PVC status')],
  ['a token bound to its pod', attrs('CREATE', def('', 'serviceaccounts'), { name: 'sa', subresource: 'token', object: tokenRequest({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'u-mine' }) }), undefined],
  ['an unbound token', attrs('CREATE', def('', 'serviceaccounts'), { name: 'sa', subresource: 'token', object: tokenRequest() }), forbidden('serviceaccounts', 'sa', 'node requested token not bound to a pod')],
  ['a token without the pod uid', attrs('CREATE', def('', 'serviceaccounts'), { name: 'sa', subresource: 'token', object: tokenRequest({ apiVersion: 'v1', kind: 'Pod', name: 'mine' }) }), forbidden('serviceaccounts', 'sa', 'node requested token with a pod binding without a uid')],
  ['a token bound to a recreated pod', attrs('CREATE', def('', 'serviceaccounts'), { name: 'sa', subresource: 'token', object: tokenRequest({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'old' }) }),
    forbidden('serviceaccounts', 'sa', 'the UID in the bound object reference (old) does not match the UID in record. The object might have been deleted and then recreated')],
  ['a token bound to another node\'s pod', attrs('CREATE', def('', 'serviceaccounts'), { name: 'sa', subresource: 'token', object: tokenRequest({ apiVersion: 'v1', kind: 'Pod', name: 'theirs', uid: 'u-theirs' }) }), forbidden('serviceaccounts', 'sa', 'node requested token bound to a pod scheduled on a different node')],
  ['create its lease', attrs('CREATE', def('coordination.k8s.io', 'leases'), { namespace: 'kube-node-lease', name: 'n1', object: { metadata: { name: 'n1' } } }), undefined],
  ['create another lease', attrs('CREATE', def('coordination.k8s.io', 'leases'), { namespace: 'kube-node-lease', name: 'n2', object: { metadata: { name: 'n2' } } }), forbidden('leases.coordination.k8s.io', 'n2', 'can only access node lease with the same name as the requesting node')],
  ['a lease elsewhere', attrs('UPDATE', def('coordination.k8s.io', 'leases'), { namespace: 'default', name: 'n1' }), forbidden('leases.coordination.k8s.io', 'n1', 'can only access leases in the "kube-node-lease" system namespace')],
  ['delete another CSINode', attrs('DELETE', def('storage.k8s.io', 'csinodes'), { namespace: '', name: 'n2' }), forbidden('csinodes.storage.k8s.io', 'n2', 'can only access CSINode with the same name as the requesting node')],
  ['other kinds are not its business', attrs('CREATE', def('', 'configmaps'), { name: 'x', object: { metadata: { name: 'x' } } }), undefined],
];

for (const [name, a, expected] of cases) {
  test(`NodeRestriction: ${name}`, async () => {
    const outcome = await Promise.resolve(plugin.admit!(a)).then(() => undefined, (error: Error) => error.message);
    assert.equal(outcome, expected);
  });
}

test('forbiddenNodeLabels: the kubelet\'s labels and domains pass, other kubernetes.io and k8s.io labels do not', () => {
  assert.deepEqual(
    forbiddenNodeLabels(['kubernetes.io/hostname', 'kubernetes.io/os', 'beta.kubernetes.io/arch', 'x.kubelet.kubernetes.io/a', 'node.kubernetes.io/a', 'example.com/a', 'plain', 'kubernetes.io/role', 'a.node-restriction.kubernetes.io/b', 'k8s.io/x']),
    ['a.node-restriction.kubernetes.io/b', 'k8s.io/x', 'kubernetes.io/role'],
  );
});
