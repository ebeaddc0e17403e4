import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { ResourceClient, type ResourceRef } from '../client/resource-client.js';
import type { Transport, TransportResponse } from '../client/transport.js';
import { until } from '../controllers/test-eventually.js';
import { createMemoryBackend } from '../storage/memory/index.js';
import type { Backend } from '../storage/interface.js';
import { NO_MASTER_IPS } from '../controllers/endpoint-reconciler/lease-reconciler.js';
import { startKubernetesService, type KubernetesServiceOptions } from './kubernetes-service.js';

const SERVICES: ResourceRef = { group: '', version: 'v1', resource: 'services', kind: 'Service', namespaced: true };
const ENDPOINTS: ResourceRef = { group: '', version: 'v1', resource: 'endpoints', kind: 'Endpoints', namespaced: true };
const SLICES: ResourceRef = { group: 'discovery.k8s.io', version: 'v1', resource: 'endpointslices', kind: 'EndpointSlice', namespaced: true };
const SERVICE_PATH = '/api/v1/namespaces/default/services/kubernetes';
const ENDPOINTS_PATH = '/api/v1/namespaces/default/endpoints/kubernetes';
const SLICE_PATH = '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices/kubernetes';

const status = (code: number, reason: string): TransportResponse =>
  ({ status: code, body: JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, code, message: reason }) });

/**
 * The API as the loopback client sees it, in the small: objects by path (create, get, replace, delete), every
 * request recorded, and a hook that may answer one before the table does (a failure, a delay).
 */
class ObjectTable implements Transport {
  readonly objects = new Map<string, { metadata: { name: string } }>();
  readonly requests: string[] = [];
  intercept: ((method: string, path: string) => Promise<TransportResponse | undefined>) | undefined;

  async request(method: string, target: string, options: { body?: string } = {}): Promise<TransportResponse> {
    const path = target.split('?')[0]!;
    this.requests.push(`${method} ${path}`);
    const answer = await this.intercept?.(method, path);
    if (answer) return answer;
    const body = options.body === undefined ? undefined : (JSON.parse(options.body) as { metadata: { name: string } });
    if (method === 'POST') {
      const key = `${path}/${body!.metadata.name}`;
      if (this.objects.has(key)) return status(409, 'AlreadyExists');
      this.objects.set(key, body!);
      return { status: 201, body: JSON.stringify(body) };
    }
    const current = this.objects.get(path);
    if (!current) return status(404, 'NotFound');
    if (method === 'PUT') this.objects.set(path, body!);
    if (method === 'DELETE') this.objects.delete(path);
    return { status: 200, body: JSON.stringify(method === 'PUT' ? body : current) };
  }

  stream(): never {
    throw new Error('no watches here');
  }

  close(): void {}
}

const addresses = (table: ObjectTable): unknown =>
  (table.objects.get(ENDPOINTS_PATH) as { subsets?: Array<{ addresses?: Array<{ ip: string }> }> } | undefined)?.subsets?.flatMap((s) => s.addresses?.map((a) => a.ip) ?? []) ?? [];

describe('startKubernetesService', () => {
  let table: ObjectTable;
  let backend: Backend;
  let errors: unknown[][];
  beforeEach(() => {
    table = new ObjectTable();
    backend = createMemoryBackend();
    errors = [];
    mock.method(console, 'error', (...args: unknown[]) => void errors.push(args));
  });
  afterEach(async () => {
    mock.restoreAll();
    await backend.close();
  });
  const start = (overrides: Partial<KubernetesServiceOptions> = {}) => startKubernetesService({
    backend, storagePrefix: '/registry', serviceIP: '10.0.0.1', securePort: 6443, advertiseAddress: '192.0.2.7',
    services: new ResourceClient(table, SERVICES), endpoints: new ResourceClient(table, ENDPOINTS), endpointSlices: new ResourceClient(table, SLICES),
    ...overrides,
  });

  test('returns at once; the service, its Endpoints and EndpointSlice follow in the background', async () => {
    const running = start();
    assert.deepEqual(table.requests, [], 'no request is made before the start returns');
    await until(async () => (table.objects.has(SLICE_PATH) ? true : undefined), 'the EndpointSlice');
    assert.ok(table.objects.has(SERVICE_PATH));
    assert.deepEqual(addresses(table), ['192.0.2.7']);
    await running.stop();
    // upstream's lease reconciler refuses to erase the last address: the only replica stopping leaves it, and says so.
    assert.deepEqual(addresses(table), ['192.0.2.7']);
    assert.deepEqual(errors.map(([line]) => line), [`kplane: Unable to remove endpoints from kubernetes service: ${NO_MASTER_IPS}`]);
  });

  test('lease: replicas list each other, ports are set at removal only, a stopping replica removes itself', async () => {
    const ports = (): unknown => (table.objects.get(ENDPOINTS_PATH) as { subsets?: Array<{ ports?: unknown }> } | undefined)?.subsets?.[0]?.ports;
    const one = start({ intervalMs: 10 });
    const two = start({ intervalMs: 10, advertiseAddress: '192.0.2.9' });
    await until(async () => (JSON.stringify(addresses(table)) === '["192.0.2.7","192.0.2.9"]' ? true : undefined), 'both replicas');
    const current = table.objects.get(ENDPOINTS_PATH) as unknown as { subsets: Array<{ addresses: unknown; ports: unknown }> };
    table.objects.set(ENDPOINTS_PATH, { ...current, subsets: [{ ...current.subsets[0]!, ports: [{ name: 'https', port: 443, protocol: 'TCP' }] }] } as never);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(ports(), [{ name: 'https', port: 443, protocol: 'TCP' }], 'the periodic pass leaves ports alone');
    await two.stop();
    assert.deepEqual(addresses(table), ['192.0.2.7']);
    assert.deepEqual(ports(), [{ name: 'https', port: 6443, protocol: 'TCP' }], 'removal sets them');
    const slice = table.objects.get(SLICE_PATH) as unknown as { endpoints: Array<{ addresses: string[] }>; ports: unknown };
    assert.deepEqual([slice.endpoints.flatMap((e) => e.addresses), slice.ports], [['192.0.2.7'], [{ name: 'https', port: 6443, protocol: 'TCP' }]]);
    await one.stop();
    assert.deepEqual(addresses(table), ['192.0.2.7']);
    assert.equal(errors.length, 1);
  });

  test('a pass that fails is logged and made again at the next interval', async () => {
    let failures = 2;
    table.intercept = async (method, path) => (method === 'POST' && path.endsWith('/services') && failures-- > 0 ? status(500, 'InternalError') : undefined);
    const running = start({ intervalMs: 20 });
    await until(async () => (table.objects.has(SLICE_PATH) ? true : undefined), 'the EndpointSlice after two failed passes');
    await running.stop();
    // The two failed passes, then the lone replica's refusal to erase its own address at stop.
    assert.equal(errors.length, 3, JSON.stringify(errors));
    // One line each, upstream's wording, no stack trace.
    const prefixes = ['kplane: unable to sync kubernetes service: ', 'kplane: unable to sync kubernetes service: ', 'kplane: Unable to remove endpoints from kubernetes service: '];
    assert.ok(errors.every(([line], i) => String(line).startsWith(prefixes[i]!)), JSON.stringify(errors));
    assert.ok(errors.every((args) => args.length === 1 && !String(args[0]).includes('\n    at ')));
    assert.equal(errors[2]![0], `kplane: Unable to remove endpoints from kubernetes service: ${NO_MASTER_IPS}`);
  });

  test('a stop right after the start makes no request at all', async () => {
    await start({ intervalMs: 5 }).stop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.deepEqual(table.requests, []);
    assert.deepEqual(errors, []);
  });

  test('a stop during the first pass waits for the request in flight and writes nothing after it', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    table.intercept = async () => {
      await held;
      return undefined;
    };
    const running = start({ intervalMs: 5 });
    await until(async () => (table.requests.length > 0 ? true : undefined), 'the first request');
    const stopping = running.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(stopped, false, 'stop waits for the create in flight');
    release!();
    await stopping;
    const made = [...table.requests];
    // The pass in flight ends with the service: stopped before its lease, this replica has nothing to remove.
    assert.deepEqual(made, ['POST /api/v1/namespaces/default/services']);
    assert.deepEqual((await backend.range('/registry/masterleases/')).kvs, []);
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.deepEqual(table.requests, made, 'nothing is written after stop');
    assert.deepEqual(errors, []);
  });

  test('without an address to advertise, only the service is made', async () => {
    const running = start({ advertiseAddress: undefined });
    await until(async () => (table.objects.has(SERVICE_PATH) ? true : undefined), 'the service');
    await running.stop();
    assert.ok(!table.objects.has(ENDPOINTS_PATH));
    assert.equal(errors.length, 1);
    assert.match(String(errors[0]![0]), /no address to advertise/);
  });

  test('--endpoint-reconciler-type=none: the service is made, the Endpoints never', async () => {
    const running = start({ endpointReconcilerType: 'none', intervalMs: 5 });
    await until(async () => (table.objects.has(SERVICE_PATH) ? true : undefined), 'the service');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await running.stop();
    assert.ok(!table.objects.has(ENDPOINTS_PATH) && !table.objects.has(SLICE_PATH));
    assert.deepEqual(errors, []);
  });

  test('--endpoint-reconciler-type=master-count keeps this replica and at most --apiserver-count addresses', async () => {
    const slice = (): unknown => (table.objects.get(SLICE_PATH) as { endpoints?: Array<{ addresses: string[] }> } | undefined)?.endpoints?.flatMap((e) => e.addresses);
    const running = start({ endpointReconcilerType: 'master-count', apiserverCount: 2, intervalMs: 10 });
    await until(async () => (JSON.stringify(addresses(table)) === '["192.0.2.7"]' ? true : undefined), 'this replica in the Endpoints');
    // upstream's pass: this replica added, addresses in IP order, then past the count those after it go, wrapping.
    const cases: Array<[string[], string[]]> = [
      [['10.0.0.9', '192.0.2.7', '192.0.2.9'], ['10.0.0.9', '192.0.2.7']],
      [['10.0.0.1', '10.0.0.2'], ['10.0.0.2', '192.0.2.7']],
      [['192.0.2.1'], ['192.0.2.1', '192.0.2.7']],
    ];
    for (const [seeded, expected] of cases) {
      const current = table.objects.get(ENDPOINTS_PATH) as { metadata: { name: string } };
      table.objects.set(ENDPOINTS_PATH, { ...current, subsets: [{ addresses: seeded.map((ip) => ({ ip })), ports: [{ name: 'https', port: 443, protocol: 'TCP' }] }] } as never);
      await until(async () => (JSON.stringify(addresses(table)) === JSON.stringify(expected) ? true : undefined), `${seeded.join(',')} -> ${expected.join(',')}`);
      // The periodic pass does not reconcile ports (upstream's UpdateKubernetesService(false)).
      const ports = (table.objects.get(ENDPOINTS_PATH) as unknown as { subsets: Array<{ ports: unknown }> }).subsets[0]!.ports;
      assert.deepEqual(ports, [{ name: 'https', port: 443, protocol: 'TCP' }]);
      await until(async () => (JSON.stringify(slice()) === JSON.stringify(expected) ? true : undefined), 'the EndpointSlice from the Endpoints');
    }
    await running.stop();
    assert.deepEqual(addresses(table), ['192.0.2.1'], 'a stopping replica removes only itself');
    assert.deepEqual(errors, []);
  });
});
