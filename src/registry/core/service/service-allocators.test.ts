import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Service } from '../../../apis/core/v1/service/index.js';
import { defaultService } from '../../../apis/core/v1/service/index.js';
import { isStatusError } from '../../../errors/status-error.js';
import { createMemoryBackend } from '../../../storage/memory/index.js';
import { createServiceAllocators } from './index.js';

const svc = (name: string, spec: Service['spec']): Service => {
  const s: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: structuredClone(spec) };
  defaultService(s);
  return s;
};
const ports = [{ port: 80 }];

async function failure(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isStatusError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('ServiceAllocators', () => {
  it('allocates a cluster IP from the upper band and sets the family fields', async () => {
    const backend = createMemoryBackend();
    const alloc = createServiceAllocators(backend, '/registry');
    const s = svc('a', { ports });
    await (await alloc.allocateCreate(s, false)).commit();
    const last = Number(s.spec!.clusterIP!.split('.')[3]);
    assert.ok(last > 16 && last < 255, s.spec!.clusterIP);
    assert.deepEqual(s.spec!.clusterIPs, [s.spec!.clusterIP]);
    assert.deepEqual(s.spec!.ipFamilies, ['IPv4']);
    assert.equal(s.spec!.ipFamilyPolicy, 'SingleStack');
    await backend.close();
  });

  it('honours a requested address once, and answers upstream errors', async () => {
    const backend = createMemoryBackend();
    const alloc = createServiceAllocators(backend, '/registry');
    await alloc.allocateCreate(svc('a', { ports, clusterIP: '10.0.0.5', clusterIPs: ['10.0.0.5'] }), false);
    const taken = await failure(alloc.allocateCreate(svc('b', { ports, clusterIP: '10.0.0.5', clusterIPs: ['10.0.0.5'] }), false));
    assert.deepEqual(taken, { code: 422, message: 'Service "b" is invalid: spec.clusterIPs: Invalid value: []string{"10.0.0.5"}: failed to allocate IP 10.0.0.5: provided IP is already allocated' });
    const outside = await failure(alloc.allocateCreate(svc('c', { ports, clusterIP: '10.9.0.5', clusterIPs: ['10.9.0.5'] }), false));
    assert.equal(outside.message, 'Service "c" is invalid: spec.clusterIPs: Invalid value: []string{"10.9.0.5"}: failed to allocate IP 10.9.0.5: provided IP is not in the valid range. The range of valid IPs is 10.0.0.0/24');
    await backend.close();
  });

  it('answers 500 "range is full" when the range is exhausted, and a release makes room', async () => {
    const backend = createMemoryBackend();
    const alloc = createServiceAllocators(backend, '/registry', { serviceClusterIPRange: '10.0.0.0/29' });
    const made: Service[] = [];
    for (let i = 0; i < 6; i++) {
      const s = svc(`s${i}`, { ports });
      await alloc.allocateCreate(s, false);
      made.push(s);
    }
    assert.equal(new Set(made.map((s) => s.spec!.clusterIP)).size, 6);
    const full = await failure(alloc.allocateCreate(svc('x', { ports }), false));
    assert.deepEqual(full, { code: 500, message: 'Internal error occurred: failed to allocate a serviceIP: range is full' });
    await alloc.release(made[0]!);
    await alloc.allocateCreate(svc('y', { ports }), false);
    await backend.close();
  });

  it('allocates node ports, refuses a taken or out-of-range one, and releases them on a type change', async () => {
    const backend = createMemoryBackend();
    const alloc = createServiceAllocators(backend, '/registry');
    const a = svc('a', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }, { port: 443, name: 'https' }] });
    a.spec!.ports![0]!.name = 'http';
    await (await alloc.allocateCreate(a, false)).commit();
    assert.equal(a.spec!.ports![0]!.nodePort, 30080);
    const second = a.spec!.ports![1]!.nodePort!;
    assert.ok(second >= 30000 && second <= 32767);
    const taken = await failure(alloc.allocateCreate(svc('b', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }), false));
    assert.equal(taken.message, 'Service "b" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated');
    const outside = await failure(alloc.allocateCreate(svc('c', { type: 'NodePort', ports: [{ port: 80, nodePort: 80 }] }), false));
    assert.equal(outside.message, 'Service "c" is invalid: spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767');
    const toClusterIP = structuredClone(a);
    toClusterIP.spec!.type = 'ClusterIP';
    await (await alloc.allocateUpdate(toClusterIP, a, false)).commit();
    await (await alloc.allocateCreate(svc('d', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }), false)).commit();
    await backend.close();
  });

  it('a dry run takes nothing and answers upstream placeholders', async () => {
    const backend = createMemoryBackend();
    const alloc = createServiceAllocators(backend, '/registry');
    const s = svc('a', { type: 'NodePort', ports: [{ port: 80, name: 'a' }, { port: 81, name: 'b' }] });
    await alloc.allocateCreate(s, true);
    assert.equal(s.spec!.clusterIP, '10.0.0.0');
    assert.deepEqual(s.spec!.ports!.map((p) => p.nodePort), [32769, 32770]);
    assert.equal(await backend.get('/registry/ranges/serviceips'), undefined);
    assert.equal((await alloc.ports.stored.read()).free(), 2768);
    await backend.close();
  });

  it('headless and ExternalName services get no address', async () => {
    const backend = createMemoryBackend();
    const alloc = createServiceAllocators(backend, '/registry');
    const headless = svc('h', { clusterIP: 'None', clusterIPs: ['None'], selector: { a: 'b' } });
    await alloc.allocateCreate(headless, false);
    assert.deepEqual(headless.spec!.clusterIPs, ['None']);
    const external = svc('e', { type: 'ExternalName', externalName: 'example.com' });
    await alloc.allocateCreate(external, false);
    assert.equal(external.spec!.clusterIP, undefined);
    assert.equal(external.spec!.ipFamilies, undefined);
    await backend.close();
  });
});
