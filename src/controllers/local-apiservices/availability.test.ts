import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { APIService } from '../../apis/apiregistration/v1/apiservice.js';
import { desiredAvailability, withCondition } from './availability.js';

const now = new Date('2024-05-01T10:00:00.123Z');
const later = new Date('2024-05-02T10:00:00Z');
const remote: APIService = {
  metadata: { name: 'v1beta1.metrics.k8s.io' },
  spec: { group: 'metrics.k8s.io', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 100, service: { namespace: 'kube-system', name: 'metrics-server', port: 443 } },
};
const local: APIService = { metadata: { name: 'v1.' }, spec: { group: '', version: 'v1', groupPriorityMinimum: 18000, versionPriority: 1 } };

test('desiredAvailability: Local for local APIServices, ServiceNotFound for a missing service, unknown otherwise', () => {
  assert.deepEqual(desiredAvailability(local, false, now), {
    type: 'Available',
    status: 'True',
    lastTransitionTime: '2024-05-01T10:00:00Z',
    reason: 'Local',
    message: 'Local APIServices are always available',
  });
  assert.deepEqual(desiredAvailability(remote, false, now), {
    type: 'Available',
    status: 'False',
    lastTransitionTime: '2024-05-01T10:00:00Z',
    reason: 'ServiceNotFound',
    message: 'service/metrics-server in "kube-system" is not present',
  });
  assert.equal(desiredAvailability(remote, true, now), undefined);
});

test('withCondition: added, unchanged, replaced; the transition time moves only with the status', () => {
  const first = withCondition(remote, desiredAvailability(remote, false, now)!)!;
  assert.equal(first.status?.conditions?.length, 1);
  assert.equal(withCondition(first, desiredAvailability(remote, false, later)!), undefined);
  const sameStatus = withCondition(first, { ...desiredAvailability(remote, false, later)!, reason: 'Other' })!;
  assert.equal(sameStatus.status?.conditions?.[0]?.lastTransitionTime, '2024-05-01T10:00:00Z');
  const flipped = withCondition(first, { type: 'Available', status: 'True', lastTransitionTime: '2024-05-02T10:00:00Z' })!;
  assert.equal(flipped.status?.conditions?.[0]?.lastTransitionTime, '2024-05-02T10:00:00Z');
  assert.equal(remote.status, undefined, 'the input is not changed');
});
