import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../meta/v1/types.js';
import type { Store, UpdateFn } from '../../../registry/store/types.js';
import type { SubresourceAccess } from '../../../registry/subresource.js';
import { replicationControllerScale } from '../../core/v1/replicationcontroller/scale.js';

const rc = (resourceVersion: string, replicas: number): KubeObject => ({
  apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'rc', namespace: 'ns', uid: 'u', resourceVersion }, spec: { replicas, selector: { app: 'x' } },
});

/** A parent store whose update runs the function against `versions` in turn, as compare-and-swap retries do. */
function access(versions: KubeObject[], seen: KubeObject[]): SubresourceAccess {
  const parent = {
    async update(_ns: string, _name: string, fn: UpdateFn) {
      let object: KubeObject | undefined;
      for (const current of versions) object = await fn(current);
      return { object: object!, created: false };
    },
    async mutateSubresourceUpdate(_ns: string, _name: string, _sub: string, obj: KubeObject) {
      seen.push(structuredClone(obj));
      (obj['spec'] as { replicas: number }).replicas += 100; // a mutating webhook's change, on every attempt
    },
  } as unknown as Store;
  return { parent, storeFor: () => undefined };
}

test('a scale PATCH is applied to the current Scale on every attempt: a change of the parent meanwhile is no conflict', async () => {
  const seen: KubeObject[] = [];
  const patch = (current: KubeObject): KubeObject => ({ ...current, spec: { replicas: 5 } });
  const updated = await replicationControllerScale.update!(access([rc('10', 1), rc('11', 2)], seen), 'ns', 'rc', patch, { dryRun: false });
  assert.deepEqual(seen.map((s) => [s.metadata.resourceVersion, (s['spec'] as { replicas: number }).replicas]), [['10', 5], ['11', 5]]);
  assert.equal((updated['spec'] as { replicas: number }).replicas, 105);
});

test('a scale PUT starts each attempt from the request as sent, not from what admission made of it', async () => {
  const seen: KubeObject[] = [];
  const request = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'rc', namespace: 'ns' }, spec: { replicas: 3 } } as KubeObject;
  await replicationControllerScale.update!(access([rc('10', 1), rc('11', 2)], seen), 'ns', 'rc', request, { dryRun: false });
  assert.deepEqual(seen.map((s) => (s['spec'] as { replicas: number }).replicas), [3, 3]);
  assert.equal((request['spec'] as { replicas: number }).replicas, 3);
});
