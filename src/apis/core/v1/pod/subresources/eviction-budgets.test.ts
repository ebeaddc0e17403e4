import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../../../errors/status-error.js';
import type { KubeObject } from '../../../../meta/v1/types.js';
import type { ResourceDefinition } from '../../../../../registry/resource-definition.js';
import { podDisruptionBudgetDefinition, type PodDisruptionBudget } from '../../../../policy/v1/poddisruptionbudget.js';
import { podDefinition } from '../pod.js';
import { evictionSubresource } from './eviction.js';
import { memoryStores } from './test-stores.js';

const write = { dryRun: false };
const eviction = (name: string, dryRun = false): KubeObject => ({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name }, ...(dryRun ? { deleteOptions: { dryRun: ['All'] } } : {}) });

describe('eviction honours PodDisruptionBudgets (upstream checkAndDecrement)', () => {
  const env = memoryStores([podDefinition as unknown as ResourceDefinition, podDisruptionBudgetDefinition as unknown as ResourceDefinition]);
  const pods = () => env.access.parent;
  const budgets = () => env.stores[1]!;
  const evict = (name: string, dryRun = false) => evictionSubresource.create!(env.access, 'ns', name, eviction(name, dryRun), write);

  /** A running, ready pod with labels. */
  async function runningPod(name: string, labels: Record<string, string>, ready = true): Promise<void> {
    await pods().create('ns', { metadata: { name, labels }, spec: { containers: [{ name: 'c', image: 'busybox' }], nodeName: 'n1' } } as KubeObject, write);
    const status = { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] };
    await pods().update('ns', name, (current) => ({ ...(current as KubeObject), status }), { ...write, subresource: 'status' });
  }

  /** A budget, then its status as a disruption controller would write it. */
  async function budget(name: string, selector: KubeObject['spec'], status: Partial<NonNullable<PodDisruptionBudget['status']>>): Promise<void> {
    await budgets().create('ns', { metadata: { name }, spec: { minAvailable: 1, selector } } as KubeObject, write);
    await budgets().update('ns', name, (current) => ({ ...(current as KubeObject), status: { ...(current as PodDisruptionBudget).status, observedGeneration: 1, ...status } }), {
      ...write,
      subresource: 'status',
    });
  }
  const budgetStatus = async (name: string) => ((await budgets().get('ns', name)).object as PodDisruptionBudget).status!;

  before(async () => {
    await env.start();
    await runningPod('a1', { app: 'a' });
    await runningPod('a2', { app: 'a' });
    await runningPod('b1', { app: 'b' });
    await runningPod('c1', { app: 'c' });
    await runningPod('d1', { app: 'd' });
    await runningPod('e1', { app: 'e' }, false);
    await runningPod('free', { app: 'none' });
    await budget('pa', { matchLabels: { app: 'a' } }, { disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 });
    await budget('pb', { matchLabels: { app: 'b' } }, { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 });
    await budget('pc1', { matchLabels: { app: 'c' } }, { disruptionsAllowed: 5 });
    await budget('pc2', { matchExpressions: [{ key: 'app', operator: 'In', values: ['c'] }] }, { disruptionsAllowed: 5 });
    await budget('pd', { matchLabels: { app: 'd' } }, { disruptionsAllowed: 3, observedGeneration: 0 });
    await budget('pe', { matchLabels: { app: 'e' } }, { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 1 });
    // 1.25's eviction: an empty selector matches no pod.
    await budget('everything', {}, { disruptionsAllowed: 0 });
  });
  after(() => env.stop());

  const refused = (code: number, message: string, cause?: string) => (e: unknown) => {
    assert.ok(isStatusError(e), String(e));
    assert.equal(e.code, code);
    assert.equal(e.message, message);
    if (cause !== undefined) assert.deepEqual(e.status.details?.causes, [{ reason: 'DisruptionBudget', message: cause }]);
    return true;
  };
  const REFUSAL = "Cannot evict pod as it would violate the pod's disruption budget.";

  const cases: { name: string; check: () => Promise<void> }[] = [
    {
      name: 'no budget selects the pod (the empty-selector budget matches none): deleted',
      check: async () => assert.deepEqual(await evict('free'), { code: 201, object: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } }),
    },
    {
      name: 'disruptionsAllowed 0: 429 with the DisruptionBudget cause, retry after 0 left out',
      check: async () => {
        await assert.rejects(evict('b1'), refused(429, REFUSAL, 'The disruption budget pb needs 1 healthy pods and has 1 currently'));
        await assert.rejects(evict('b1'), (e: unknown) => isStatusError(e) && e.status.details?.retryAfterSeconds === undefined);
        await pods().get('ns', 'b1');
      },
    },
    {
      name: 'two budgets: a 500 Status object',
      check: async () => {
        const answer = await evict('c1');
        assert.equal(answer.code, 500);
        assert.equal(answer.object['message'], 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.');
        await pods().get('ns', 'c1');
      },
    },
    {
      name: 'observedGeneration behind generation: 429, still being processed, retry after 10',
      check: async () => {
        await assert.rejects(evict('d1'), refused(429, REFUSAL, 'The disruption budget pd is still being processed by the server.'));
        await assert.rejects(evict('d1'), (e: unknown) => isStatusError(e) && e.status.details?.retryAfterSeconds === 10);
      },
    },
    {
      name: 'an unready pod with enough healthy pods goes without a decrement',
      check: async () => {
        assert.equal((await evict('e1')).code, 201);
        assert.equal((await budgetStatus('pe')).disruptionsAllowed, 0);
      },
    },
    {
      name: 'dry run checks and decrements nothing',
      check: async () => {
        assert.equal((await evict('a1', true)).code, 201);
        await pods().get('ns', 'a1');
        assert.equal((await budgetStatus('pa')).disruptionsAllowed, 1);
      },
    },
    {
      name: 'allowed: decremented, the pod recorded in disruptedPods, DisruptionAllowed False at 0; the next one refused',
      check: async () => {
        assert.equal((await evict('a1')).code, 201);
        const status = await budgetStatus('pa');
        assert.equal(status.disruptionsAllowed, 0);
        assert.deepEqual(Object.keys(status.disruptedPods ?? {}), ['a1']);
        assert.deepEqual(
          status.conditions?.map(({ type, status: s, reason, observedGeneration }) => ({ type, status: s, reason, observedGeneration })),
          [{ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', observedGeneration: 1 }],
        );
        await assert.rejects(evict('a2'), refused(429, REFUSAL, 'The disruption budget pa needs 1 healthy pods and has 2 currently'));
      },
    },
  ];
  for (const c of cases) test(c.name, c.check);

});
