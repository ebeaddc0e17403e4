// kube-apiserver's --event-ttl: events (core/v1 and events.k8s.io/v1, one storage) are deleted that long after
// their last write, as their etcd lease expires upstream; other objects stay; a TTL of 0 attaches none.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, useCluster, type TestCluster } from './support/cluster.js';

const coreEvent = (name: string): string => JSON.stringify({
  apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' },
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web' }, reason: 'Started', message: 'started', type: 'Normal',
});

const eventsV1Event = (name: string): string => JSON.stringify({
  apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name, namespace: 'default' },
  eventTime: '2026-01-01T00:00:00.000000Z', reportingController: 'example.com/ctl', reportingInstance: 'ctl-1',
  action: 'Start', reason: 'Started', regarding: { kind: 'Pod', namespace: 'default', name: 'web' }, type: 'Normal',
});

const names = async (cluster: TestCluster): Promise<string[]> =>
  (await cluster.kubectl(['get', 'events', '-n', 'default', '-o', 'jsonpath={.items[*].metadata.name}'])).split(' ').filter((n) => n !== '').sort();

describe('--event-ttl of 4s', () => {
  const fixture = useCluster({ storage: 'sqlite', eventTtlSeconds: 4 });

  test('events expire after the TTL, counted from their last write; other kinds stay', async () => {
    const { cluster } = fixture;
    await cluster.kubectl(['create', '-f', '-'], { input: coreEvent('legacy') });
    await cluster.kubectl(['create', '-f', '-'], { input: eventsV1Event('modern') });
    await cluster.kubectl(['create', 'configmap', 'kept', '-n', 'default']);
    assert.deepEqual(await names(cluster), ['legacy', 'modern']);
    // An update renews the lease (upstream's TTLFunc runs on every write): `modern` outlives `legacy`.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await cluster.kubectl(['annotate', 'events.v1.events.k8s.io', 'modern', '-n', 'default', 'renewed=yes']);
    await eventually(async () => ((await names(cluster)).includes('legacy') ? undefined : true), 'the core/v1 event to expire', 10_000);
    assert.deepEqual(await names(cluster), ['modern'], 'the renewed event is still there');
    await eventually(async () => ((await names(cluster)).length === 0 ? true : undefined), 'the renewed event to expire', 10_000);
    assert.equal((await cluster.kubectl(['get', 'configmap', 'kept', '-n', 'default', '-o', 'name'])).trim(), 'configmap/kept');
  });
});

describe('--event-ttl of 0', () => {
  const fixture = useCluster({ eventTtlSeconds: 0 });

  test('events do not expire', async () => {
    const { cluster } = fixture;
    await cluster.kubectl(['create', '-f', '-'], { input: coreEvent('forever') });
    // The reaper runs every second: an expiry at the write (a TTL of 0 taken literally) would be gone by now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.deepEqual(await names(cluster), ['forever']);
  });
});
