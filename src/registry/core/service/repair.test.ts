import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Service } from '../../../apis/core/v1/service/index.js';
import { createMemoryBackend } from '../../../storage/memory/index.js';
import type { Store } from '../../store/index.js';
import { createServiceAllocators, RangeRepair } from './index.js';

const services = (list: Service[]): Store => ({ list: async () => ({ revision: 1, items: list.map((object) => ({ object })) }) }) as unknown as Store;
const service = (name: string, clusterIP: string, nodePort?: number): Service => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' },
  spec: { type: nodePort ? 'NodePort' : 'ClusterIP', clusterIP, clusterIPs: [clusterIP], ports: [{ port: 80, ...(nodePort ? { nodePort } : {}) }] },
});

test('repair marks what services hold, and frees a leaked value on the third pass that finds it leaked', async () => {
  const backend = createMemoryBackend();
  const allocators = createServiceAllocators(backend, '/registry');
  const ips = allocators.allocator('IPv4')!;
  const ports = allocators.ports;
  await ips.allocate('10.0.0.50', false); // leaked: no service holds it
  await ports.allocate(30_100); // leaked too
  const held = [service('a', '10.0.0.60', 30_200)]; // held, but never marked
  const repair = new RangeRepair(allocators);
  const marked = async () => ({ ip50: (await ips.stored.read()).has(ips.range.offsetOf('10.0.0.50')!), ip60: (await ips.stored.read()).has(ips.range.offsetOf('10.0.0.60')!), port: (await ports.stored.read()).has(ports.range.offsetOf(30_100)!) });
  assert.equal(await repair.run(services(held)), 1);
  assert.equal((await ports.stored.read()).has(ports.range.offsetOf(30_200)!), true);
  assert.deepEqual(await marked(), { ip50: true, ip60: true, port: true }, 'the first pass flags the leaks');
  await repair.run(services(held));
  assert.deepEqual(await marked(), { ip50: true, ip60: true, port: true }, 'the second keeps them');
  await repair.run(services(held));
  assert.deepEqual(await marked(), { ip50: false, ip60: true, port: false }, 'the third frees them');
  await backend.close();
});

test('a value that a service comes to hold is no longer counted as leaked', async () => {
  const backend = createMemoryBackend();
  const allocators = createServiceAllocators(backend, '/registry');
  const ips = allocators.allocator('IPv4')!;
  await ips.allocate('10.0.0.70', false);
  const repair = new RangeRepair(allocators);
  await repair.run(services([]));
  await repair.run(services([]));
  // The service allocated for is written at last: the count starts over if it ever leaks again.
  await repair.run(services([service('late', '10.0.0.70')]));
  await repair.run(services([]));
  await repair.run(services([]));
  assert.equal((await ips.stored.read()).has(ips.range.offsetOf('10.0.0.70')!), true);
  await repair.run(services([]));
  assert.equal((await ips.stored.read()).has(ips.range.offsetOf('10.0.0.70')!), false);
  await backend.close();
});

test('a value released while a pass reads the services is not marked again: the pass starts over on the changed range', async () => {
  const backend = createMemoryBackend();
  const allocators = createServiceAllocators(backend, '/registry');
  const ips = allocators.allocator('IPv4')!;
  await ips.allocate('10.0.0.80', false);
  let lists = 0;
  // The first list still holds the service; its delete releases the IP before the pass writes.
  const racing = { list: async () => {
    lists++;
    if (lists === 1) {
      await ips.release('10.0.0.80');
      return { revision: 1, items: [{ object: service('gone', '10.0.0.80') }] };
    }
    return { revision: 2, items: [] };
  } } as unknown as Store;
  await new RangeRepair(allocators).run(racing);
  assert.equal((await ips.stored.read()).has(ips.range.offsetOf('10.0.0.80')!), false);
  assert.ok(lists >= 2, 'the pass read the services again');
  await backend.close();
});
