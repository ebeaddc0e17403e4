import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../schemas.generated.js';
import { defaultPod } from './defaults.js';
import { preparePodForCreate, preparePodForEphemeralContainersUpdate, preparePodForStatusUpdate, preparePodForUpdate } from './strategy.js';

const base = (): Pod => ({
  metadata: { name: 'p', labels: { a: '1' }, ownerReferences: [{ apiVersion: 'v1', kind: 'ReplicationController', name: 'rc', uid: 'u' }] },
  spec: { containers: [{ name: 'c', image: 'busybox' }] },
  status: { phase: 'Running', podIP: '10.0.0.1' },
});

test('preparePodForCreate: status is Pending with the QoS class; seccomp annotations fill the fields', () => {
  const pod = base();
  pod.metadata.annotations = { 'seccomp.security.alpha.kubernetes.io/pod': 'runtime/default', 'container.seccomp.security.alpha.kubernetes.io/c': 'localhost/prof.json' };
  preparePodForCreate(pod);
  assert.deepEqual(pod.status, { phase: 'Pending', qosClass: 'BestEffort' });
  assert.deepEqual(pod.spec?.securityContext?.seccompProfile, { type: 'RuntimeDefault' });
  assert.deepEqual(pod.spec?.containers[0]?.securityContext?.seccompProfile, { type: 'Localhost', localhostProfile: 'prof.json' });
});

test('preparePodForUpdate keeps the old status', () => {
  const old = base();
  const pod = { ...base(), status: { phase: 'Failed' } };
  preparePodForUpdate(pod, old);
  assert.deepEqual(pod.status, old.status);
});

test('preparePodForStatusUpdate keeps the spec and owner references, takes the status', () => {
  const old = base();
  const pod: Pod = { metadata: { name: 'p', labels: { b: '2' } }, spec: { containers: [{ name: 'other' }] }, status: { phase: 'Running', podIP: '10.0.0.2' } };
  preparePodForStatusUpdate(pod, old);
  assert.deepEqual(pod.spec, old.spec);
  assert.deepEqual(pod.metadata.ownerReferences, old.metadata.ownerReferences);
  assert.deepEqual(pod.metadata.labels, { b: '2' });
  assert.equal(pod.status?.podIP, '10.0.0.2');
});

test('preparePodForEphemeralContainersUpdate keeps everything but spec.ephemeralContainers, which it defaults', () => {
  const old = base();
  defaultPod(old);
  const pod: Pod = {
    metadata: { name: 'p', labels: { b: '2' } },
    spec: { containers: [{ name: 'other' }], ephemeralContainers: [{ name: 'debug', image: 'busybox' }] },
    status: { phase: 'Failed' },
  };
  preparePodForEphemeralContainersUpdate(pod, old);
  const { ephemeralContainers, ...rest } = pod.spec ?? { containers: [] };
  assert.deepEqual(rest, old.spec);
  assert.deepEqual(ephemeralContainers, [
    { name: 'debug', image: 'busybox', imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' },
  ]);
  assert.deepEqual(pod.status, old.status);
  assert.deepEqual(pod.metadata.labels, old.metadata.labels);
});
