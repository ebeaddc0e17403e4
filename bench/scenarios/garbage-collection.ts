// Scenario: the garbage collector. (a) Time from deleting an owner to the last of 1,000 dependents gone,
// with background and with foreground propagation (a kplane server in process, SQLite, the collector as it
// runs by default). (b) The collector's steady-state memory per tracked object: its dependency graph alone
// (it keeps no copy of objects; the watch cache it reads from is measured by the memory scenario), fed
// 100,000 dependents of 1,000 owners as the watch would, heap measured after forced collections.
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { randomUUID } from 'node:crypto';
import { startServer } from '../../src/index.js';
import { DependencyGraph } from '../../src/controllers/garbage-collector/graph.js';
import { ApiClient } from '../client.js';
import type { Measurement } from '../results.js';
import { fmt, slope } from '../stats.js';
import type { BenchContext } from './context.js';

const DEPENDENTS = 1_000;

/** Both figures of the scenario. */
export async function measureGarbageCollection(ctx: BenchContext): Promise<Measurement[]> {
  return [...(await collectionTimes(ctx)), graphMemory(ctx)];
}

async function collectionTimes(ctx: BenchContext): Promise<Measurement[]> {
  const server = await startServer({ dataDir: join(ctx.workDir, 'gc-data'), securePort: 0, tokenAuthFile: ctx.tokenFile });
  const client = await ApiClient.connect(server.url, ctx.adminToken);
  try {
    const results: Measurement[] = [];
    for (const policy of ['Background', 'Foreground'] as const) {
      const ns = `gc-${policy.toLowerCase()}`;
      ctx.log(`garbage collection: ${DEPENDENTS} dependents, ${policy}`);
      await client.createNamespace(ns);
      const owner = JSON.parse(await client.expect(201, 'POST', `/api/v1/namespaces/${ns}/configmaps`, { metadata: { name: 'owner' } })) as { metadata: { uid: string } };
      await createDependents(client, ns, owner.metadata.uid);
      // The collector has seen every dependent once it is idle: give its watch a moment.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const start = process.hrtime.bigint();
      await client.expect(200, 'DELETE', `/api/v1/namespaces/${ns}/configmaps/owner`, { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: policy });
      await waitUntil(async () => (await remaining(client, ns)) === 0 && (await client.request('GET', `/api/v1/namespaces/${ns}/configmaps/owner`)).status === 404);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      results.push({
        id: `gc.${policy.toLowerCase()}`,
        label: `Garbage collection: owner deleted (${policy}) until the last of ${DEPENDENTS} dependents is gone, SQLite`,
        kplane: `${fmt(ms, 0)} ms (${fmt((DEPENDENTS / ms) * 1000, 0)} deletions/s)`,
        reference: '',
        value: ms,
        unit: 'ms',
        higherIsBetter: false,
        raw: { ms },
      });
    }
    return results;
  } finally {
    client.close();
    await server.stop();
  }
}

async function createDependents(client: ApiClient, ns: string, ownerUid: string): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < DEPENDENTS) {
      const i = next++;
      await client.expect(201, 'POST', `/api/v1/namespaces/${ns}/configmaps`, {
        metadata: {
          name: `dependent-${i}`,
          labels: { role: 'dependent' },
          ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: ownerUid, blockOwnerDeletion: true }],
        },
      });
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

async function remaining(client: ApiClient, ns: string): Promise<number> {
  const list = JSON.parse(await client.expect(200, 'GET', `/api/v1/namespaces/${ns}/configmaps?labelSelector=role%3Ddependent&limit=1`)) as { items: unknown[]; metadata: { remainingItemCount?: number } };
  return list.items.length + (list.metadata.remainingItemCount ?? 0);
}

async function waitUntil(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the dependents were not collected within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Heap bytes per tracked dependent, as the slope over 4 windows of 25,000 (one owner per 100 dependents). */
function graphMemory(ctx: BenchContext): Measurement {
  ctx.log('garbage collection: memory of the dependency graph per tracked object');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heap = (): number => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const graph = new DependencyGraph(() => ({ resource: 0, namespaced: true }));
  const owners = Array.from({ length: 1_000 }, (_, i) => ({ uid: randomUUID(), name: `owner-${i}` }));
  const points: [number, number][] = [[0, heap()]];
  let tracked = 0;
  for (let window = 0; window < 4; window++) {
    for (let i = 0; i < 25_000; i++, tracked++) {
      const owner = owners[tracked % owners.length]!;
      // As the watch hands it over: a freshly parsed object (its strings are the graph's to keep).
      graph.observe(JSON.parse(JSON.stringify({
        metadata: { uid: randomUUID(), namespace: 'ns', name: `dependent-${tracked}`, ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: owner.name, uid: owner.uid }] },
      })) as Parameters<DependencyGraph['observe']>[0], 0);
    }
    points.push([tracked, heap()]);
  }
  const perObject = slope(points);
  if (graph.size < tracked) throw new Error(`the graph tracks ${graph.size} of ${tracked} dependents`);
  return {
    id: 'gc.memory',
    label: 'Garbage collector memory per tracked object (dependency graph, 100,000 dependents of 1,000 owners)',
    kplane: `${fmt(perObject, 0)} B per object (heap)`,
    reference: '',
    value: perObject,
    unit: 'B',
    target: { op: '<=', value: 200 },
    higherIsBetter: false,
    raw: { bytesPerObject: perObject },
  };
}
