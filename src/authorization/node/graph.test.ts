import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod, PersistentVolume } from '../../apis/core/v1/schemas.generated.js';
import { Graph } from './graph.js';
import { podHandlers, summarizePersistentVolume, summarizePod, summarizeVolumeAttachment, volumeAttachmentHandlers } from './graph-populator.js';
import { persistentVolumeSecrets, podReferences } from './references.js';

const pod = (name: string, nodeName: string, spec: Partial<NonNullable<Pod['spec']>> = {}, annotations?: Record<string, string>): Pod => ({
  metadata: { name, namespace: 'ns', uid: `uid-${name}`, ...(annotations ? { annotations } : {}) },
  spec: { containers: [{ name: 'c' }], nodeName, ...spec },
});

const addPod = (graph: Graph, p: Pod) => graph.addPod('ns', p.metadata.name ?? '', p.spec?.nodeName ?? '', podReferences(p));

const secretVolume = (secretName: string) => ({ name: secretName, secret: { secretName } });

test('podReferences: every place a pod names a secret, configmap, claim or service account', () => {
  const p = pod('p', 'n1', {
    serviceAccountName: 'sa',
    imagePullSecrets: [{ name: 'pull' }],
    initContainers: [{ name: 'i', envFrom: [{ secretRef: { name: 'init-env' } }] }],
    containers: [{ name: 'c', env: [{ name: 'A', valueFrom: { secretKeyRef: { name: 'env', key: 'k' } } }, { name: 'B', valueFrom: { configMapKeyRef: { name: 'cm-env', key: 'k' } } }], envFrom: [{ configMapRef: { name: 'cm-from' } }] }],
    ephemeralContainers: [{ name: 'e', envFrom: [{ secretRef: { name: 'debug' } }] }],
    volumes: [
      secretVolume('vol'),
      { name: 'proj', projected: { sources: [{ secret: { name: 'proj-secret' } }, { configMap: { name: 'proj-cm' } }] } },
      { name: 'cm', configMap: { name: 'cm-vol' } },
      { name: 'csi', csi: { driver: 'd', nodePublishSecretRef: { name: 'csi-secret' } } },
      { name: 'claim', persistentVolumeClaim: { claimName: 'data' } },
      { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } },
      { name: 'rbd', rbd: { monitors: ['m'], image: 'i', secretRef: { name: 'rbd-secret' } } },
    ],
  });
  assert.deepEqual(podReferences(p), {
    serviceAccount: 'sa',
    secrets: ['pull', 'init-env', 'env', 'debug', 'vol', 'proj-secret', 'csi-secret', 'rbd-secret'],
    configMaps: ['cm-from', 'cm-env', 'proj-cm', 'cm-vol'],
    claims: ['data', 'p-scratch'],
  });
});

test('podReferences: a mirror pod refers to nothing', () => {
  assert.equal(podReferences(pod('m', 'n1', { volumes: [secretVolume('s')] }, { 'kubernetes.io/config.mirror': 'hash' })), undefined);
});

test('persistentVolumeSecrets: the kubelet\'s secrets, in their namespace or the claim\'s', () => {
  const pv = (spec: NonNullable<PersistentVolume['spec']>): PersistentVolume => ({ metadata: { name: 'pv' }, spec: { claimRef: { namespace: 'claims', name: 'c' }, ...spec } });
  const cases: [string, PersistentVolume, { namespace: string; name: string }[]][] = [
    ['rbd without a namespace: the claim\'s', pv({ rbd: { monitors: ['m'], image: 'i', secretRef: { name: 's' } } }), [{ namespace: 'claims', name: 's' }]],
    ['rbd with one', pv({ rbd: { monitors: ['m'], image: 'i', secretRef: { name: 's', namespace: 'other' } } }), [{ namespace: 'other', name: 's' }]],
    ['azureFile', pv({ azureFile: { secretName: 's', shareName: 'x' } }), [{ namespace: 'claims', name: 's' }]],
    ['csi: node secrets only', pv({ csi: { driver: 'd', volumeHandle: 'h', controllerPublishSecretRef: { name: 'ctl', namespace: 'x' }, nodeStageSecretRef: { name: 'stage', namespace: 'x' }, nodePublishSecretRef: { name: 'pub', namespace: 'x' } } }), [{ namespace: 'x', name: 'pub' }, { namespace: 'x', name: 'stage' }]],
    ['hostPath: none', pv({ hostPath: { path: '/x' } }), []],
  ];
  for (const [name, volume, expected] of cases) assert.deepEqual(persistentVolumeSecrets(volume), expected, name);
});

test('graph: pod -> node, secret -> pod -> node', () => {
  const graph = new Graph();
  addPod(graph, pod('p1', 'n1', { volumes: [secretVolume('s1')] }));
  addPod(graph, pod('p2', 'n2', { volumes: [secretVolume('s2')] }));
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 's1'), true);
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 's2'), false);
  assert.equal(graph.hasPath('n2', 'secret', 'ns', 's2'), true);
  assert.equal(graph.hasPath('n1', 'secret', 'other', 's1'), false, 'another namespace');
  assert.equal(graph.hasPath('n3', 'secret', 'ns', 's1'), false, 'an unknown node');
  assert.equal(graph.hasPath('n1', 'configmap', 'ns', 's1'), false, 'another type');
});

test('graph: a shared secret leads to every node using it, and stays until its last pod goes', () => {
  const graph = new Graph();
  addPod(graph, pod('p1', 'n1', { volumes: [secretVolume('shared')] }));
  addPod(graph, pod('p2', 'n2', { volumes: [secretVolume('shared')] }));
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 'shared'), true);
  assert.equal(graph.hasPath('n2', 'secret', 'ns', 'shared'), true);
  graph.deletePod('ns', 'p1');
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 'shared'), false);
  assert.equal(graph.hasPath('n2', 'secret', 'ns', 'shared'), true);
  graph.deletePod('ns', 'p2');
  assert.equal(graph.hasPath('n2', 'secret', 'ns', 'shared'), false);
  assert.equal(graph.size, 0, 'nothing is left behind');
});

test('graph: a pod recorded again drops the references it no longer has', () => {
  const graph = new Graph();
  addPod(graph, pod('p', 'n1', { volumes: [secretVolume('old')] }));
  addPod(graph, pod('p', 'n1', { volumes: [secretVolume('new')] }));
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 'old'), false);
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 'new'), true);
  assert.equal(graph.has('secret', 'ns', 'old'), false);
});

test('graph: a mirror pod grants its node nothing', () => {
  const graph = new Graph();
  addPod(graph, pod('m', 'n1', { volumes: [secretVolume('s')] }, { 'kubernetes.io/config.mirror': 'hash' }));
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 's'), false);
});

test('graph: pvc -> pod, pv -> pvc, secret -> pv', () => {
  const graph = new Graph();
  addPod(graph, pod('p', 'n1', { volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'claim' } }] }));
  const pv: PersistentVolume = { metadata: { name: 'vol' }, spec: { claimRef: { namespace: 'ns', name: 'claim' }, rbd: { monitors: ['m'], image: 'i', secretRef: { name: 'ceph' } } } };
  const summary = summarizePersistentVolume(pv);
  graph.addPersistentVolume('vol', summary.claim, summary.secrets);
  assert.equal(graph.hasPath('n1', 'pvc', 'ns', 'claim'), true);
  assert.equal(graph.hasPath('n1', 'pv', '', 'vol'), true);
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 'ceph'), true);
  assert.equal(graph.hasPath('n2', 'secret', 'ns', 'ceph'), false);
  // The pod goes: the volume still names the claim, but nothing leads to the node.
  graph.deletePod('ns', 'p');
  assert.equal(graph.hasPath('n1', 'pv', '', 'vol'), false);
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 'ceph'), false);
  graph.deletePersistentVolume('vol');
  assert.equal(graph.size, 0);
});

test('graph: a pv released from its claim leads nowhere', () => {
  const graph = new Graph();
  addPod(graph, pod('p', 'n1', { volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'claim' } }] }));
  graph.addPersistentVolume('vol', { namespace: 'ns', name: 'claim' }, []);
  graph.addPersistentVolume('vol', undefined, []);
  assert.equal(graph.hasPath('n1', 'pv', '', 'vol'), false);
});

test('graph: volume attachments and service accounts', () => {
  const graph = new Graph();
  graph.addVolumeAttachment('va', 'n1');
  addPod(graph, pod('p', 'n1', { serviceAccountName: 'builder' }));
  assert.equal(graph.hasPath('n1', 'volumeattachment', '', 'va'), true);
  assert.equal(graph.hasPath('n2', 'volumeattachment', '', 'va'), false);
  assert.equal(graph.hasPath('n1', 'serviceaccount', 'ns', 'builder'), true);
  graph.addVolumeAttachment('va', 'n2');
  assert.equal(graph.hasPath('n1', 'volumeattachment', '', 'va'), false);
  assert.equal(graph.hasPath('n2', 'volumeattachment', '', 'va'), true);
});

test('summarizePod: identity, node and references only', () => {
  const summary = summarizePod(pod('p', 'n1', { volumes: [secretVolume('s')] }) as never);
  assert.deepEqual(summary, { metadata: { namespace: 'ns', name: 'p', uid: 'uid-p', resourceVersion: undefined }, nodeName: 'n1', references: { serviceAccount: '', secrets: ['s'], configMaps: [], claims: [] } });
  assert.equal(summarizePod(pod('q', '', { volumes: [secretVolume('s')] }) as never).references, undefined, 'an unbound pod keeps no references');
});

test('pod handlers: record a pod when bound, again only when rebound or recreated, and drop it when deleted', () => {
  const graph = new Graph();
  const handlers = podHandlers(graph);
  const summary = (nodeName: string, secret: string, uid = 'u1') => summarizePod({ metadata: { name: 'p', namespace: 'ns', uid }, spec: { containers: [{ name: 'c' }], nodeName, volumes: [secretVolume(secret)] } } as never);
  const unbound = summary('', 's');
  handlers.onAdd(unbound);
  assert.equal(graph.size, 0, 'an unbound pod is not in the graph');
  const bound = summary('n1', 's');
  handlers.onUpdate(unbound, bound);
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 's'), true);
  // References of a bound pod are immutable: an update with the same node and uid is not read again.
  handlers.onUpdate(bound, summary('n1', 'other'));
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 'other'), false);
  const recreated = summary('n2', 'other', 'u2');
  handlers.onUpdate(bound, recreated);
  assert.equal(graph.hasPath('n1', 'secret', 'ns', 's'), false);
  assert.equal(graph.hasPath('n2', 'secret', 'ns', 'other'), true);
  handlers.onDelete(recreated);
  assert.equal(graph.size, 0);
});

test('volume attachment handlers: a new node only', () => {
  const graph = new Graph();
  const handlers = volumeAttachmentHandlers(graph);
  const va = (nodeName: string) => summarizeVolumeAttachment({ metadata: { name: 'va' }, spec: { attacher: 'a', nodeName, source: {} } } as never);
  handlers.onAdd(va('n1'));
  handlers.onUpdate(va('n1'), va('n2'));
  assert.equal(graph.hasPath('n2', 'volumeattachment', '', 'va'), true);
  handlers.onDelete(va('n2'));
  assert.equal(graph.size, 0);
});
