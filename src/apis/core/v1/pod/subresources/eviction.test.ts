import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../../../errors/status-error.js';
import type { KubeObject } from '../../../../meta/v1/types.js';
import type { ResourceDefinition } from '../../../../../registry/resource-definition.js';
import type { Pod } from '../../schemas.generated.js';
import { podDefinition } from '../pod.js';
import { evictionSubresource } from './eviction.js';
import { checkBudgets } from './eviction-budgets.js';
import { memoryStores } from './test-stores.js';

const eviction = (name: string, deleteOptions?: Record<string, unknown>): KubeObject => ({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name }, ...(deleteOptions ? { deleteOptions } : {}) });

describe('eviction', () => {
  const env = memoryStores([podDefinition as unknown as ResourceDefinition]);
  const write = { dryRun: false };
  const pods = () => env.access.parent;
  const evict = async (name: string, obj: KubeObject, options = write) => evictionSubresource.create?.(env.access, 'ns', name, obj, options);
  const running = (name: string, nodeName?: string): KubeObject =>
    ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'busybox' }], terminationGracePeriodSeconds: 30, ...(nodeName ? { nodeName } : {}) } }) as KubeObject;
  before(async () => {
    await env.start();
    for (const name of ['pending', 'dry']) await pods().create('ns', running(name), write);
    await pods().create('ns', running('bound', 'n1'), write);
    // A running pod: its status says so (the status subresource, as a kubelet writes it).
    await pods().update('ns', 'bound', (current) => ({ ...(current as KubeObject), status: { phase: 'Running' } }), { ...write, subresource: 'status' });
  });
  after(() => env.stop());

  test('no PodDisruptionBudget store: every eviction is allowed', async () => {
    assert.deepEqual(await checkBudgets(env.access, running('x') as Pod, false), { enforceVersion: false });
  });

  test('a pending pod is deleted: 201 Success', async () => {
    const answer = await evict('pending', eviction('pending'));
    assert.deepEqual(answer, { code: 201, object: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } });
    await assert.rejects(pods().get('ns', 'pending'), (e: unknown) => isStatusError(e) && e.code === 404);
  });

  test('a running pod on a node is deleted with the eviction grace period', async () => {
    await evict('bound', eviction('bound', { gracePeriodSeconds: 10 }));
    const pod = (await pods().get('ns', 'bound')).object as Pod;
    assert.equal(pod.metadata.deletionGracePeriodSeconds, 10);
  });

  test('refusals and dry run', async () => {
    await assert.rejects(evict('dry', eviction('other')), (e: unknown) => isStatusError(e) && e.code === 400 && e.message === 'name in URL does not match name in Eviction object');
    await evict('dry', eviction('dry'), { dryRun: true });
    await pods().get('ns', 'dry');
    await assert.rejects(evict('zz', eviction('zz')), (e: unknown) => isStatusError(e) && e.code === 404);
  });
});
