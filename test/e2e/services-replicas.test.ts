// Services on two kplane replicas sharing one etcd: cluster IPs and node ports come from ranges stored
// in etcd (RangeAllocation under /registry/ranges/), so services created concurrently on both never
// share an address or a port; the `kubernetes` Endpoints list each replica's advertised address, kept
// by a master lease per replica under /registry/masterleases/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Etcd3 } from 'etcd3';
import { eventually, untilKubernetesService } from './support/cluster.js';
import { startReplicas, type Replica, type ReplicaGroup } from './support/replicas.js';

const ADDRESSES: Record<string, string> = { a: '192.0.2.101', b: '192.0.2.102' };

interface ServiceObject {
  spec: { clusterIP?: string; ports?: { nodePort?: number }[] };
}

describe('services on two replicas on one etcd', () => {
  let group: ReplicaGroup;
  let a: Replica;
  let b: Replica;
  before(async () => {
    group = await startReplicas(['a', 'b'], { serverOptions: (name) => ({ advertiseAddress: ADDRESSES[name]! }) });
    [a, b] = group.replicas as [Replica, Replica];
    // The kubernetes service holds 10.0.0.1 before the others are made.
    await untilKubernetesService(a.raw);
  });
  after(() => group.close());

  test('services created concurrently on both replicas never share a cluster IP or a node port', async () => {
    const create = async (replica: Replica, name: string): Promise<ServiceObject> => {
      const body = JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { type: 'NodePort', ports: [{ port: 80 }] } });
      const response = await replica.raw.request('POST', '/api/v1/namespaces/default/services', { body });
      assert.equal(response.status, 201, response.body);
      return response.json() as ServiceObject;
    };
    const made = await Promise.all(Array.from({ length: 120 }, (_, i) => create(i % 2 ? a : b, `s${i}`)));
    assert.equal(new Set(made.map((s) => s.spec.clusterIP)).size, 120);
    assert.equal(new Set(made.map((s) => s.spec.ports?.[0]?.nodePort)).size, 120);
    assert.ok(!made.some((s) => s.spec.clusterIP === '10.0.0.1'));
  });

  test('the allocation state is in etcd under /registry/ranges/, and a replica started later repairs from it', async () => {
    const client = new Etcd3({ hosts: group.etcd.endpoint });
    try {
      const ips = JSON.parse((await client.get('/registry/ranges/serviceips').string())!) as { kind: string; range: string };
      assert.deepEqual([ips.kind, ips.range], ['RangeAllocation', '10.0.0.0/24']);
      const ports = JSON.parse((await client.get('/registry/ranges/servicenodeports').string())!) as { range: string };
      assert.equal(ports.range, '30000-32767');
    } finally {
      client.close();
    }
    const c = await group.add('c');
    const out = await c.kubectl(['create', 'service', 'clusterip', 'late', '--tcp=80', '-o', 'jsonpath={.spec.clusterIP}']);
    const taken = JSON.parse(await a.kubectl(['get', 'svc', '-o', 'json'])) as { items: ServiceObject[] };
    assert.equal(taken.items.filter((s) => s.spec.clusterIP === out).length, 1);
    await c.stop();
  });

  test('the kubernetes Endpoints list one address per live replica, kept by master leases', async () => {
    await eventually(async () => {
      const out = await a.kubectl(['get', 'endpoints', 'kubernetes', '-o', 'jsonpath={.subsets[*].addresses[*].ip}']);
      return out.trim() === '192.0.2.101 192.0.2.102' ? true : undefined;
    }, 'both replicas in the kubernetes Endpoints');
    const client = new Etcd3({ hosts: group.etcd.endpoint });
    try {
      const keys = await client.getAll().prefix('/registry/masterleases/').keys();
      assert.deepEqual(keys.sort(), ['/registry/masterleases/192.0.2.101', '/registry/masterleases/192.0.2.102']);
    } finally {
      client.close();
    }
    await b.stop();
    // The stopping replica removes its lease and address; a reconcile of the other replica that read the
    // lease just before may write it back once, and drops it at its next pass (as upstream's reconciler).
    // Bound: should the removal itself be lost, the lease's TTL (15 s) and the next pass (10 s), with slack
    // for a loaded machine.
    let seen = '';
    await eventually(async () => {
      seen = (await a.kubectl(['get', 'endpoints', 'kubernetes', '-o', 'jsonpath={.subsets[*].addresses[*].ip}'])).trim();
      return seen === '192.0.2.101' ? true : undefined;
    }, 'only the live replica in the kubernetes Endpoints', 40_000).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)} (last seen: ${JSON.stringify(seen)})`);
    });
  });
});
