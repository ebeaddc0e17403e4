// Services and their endpoints through kubectl and a raw client: kubectl create service, expose, the
// `kubectl get svc` columns, the `kubernetes` service's Endpoints, the proxy subresource without
// reachable endpoints, allocation of distinct cluster IPs and node ports under concurrency, and an
// exhausted range answering as kube-apiserver 1.25.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, startCluster, untilKubernetesService, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { defaultAdvertiseAddress } from '../../src/server/kubernetes-service.js';

interface ServiceObject {
  metadata: { name: string };
  spec: { clusterIP?: string; clusterIPs?: string[]; ports?: { port: number; nodePort?: number }[]; ipFamilies?: string[]; ipFamilyPolicy?: string };
}

const columns = (line: string): string[] => line.trim().split(/\s{2,}/);

describe('kubectl and services', () => {
  let c: TestCluster;
  let raw: RawClient;
  before(async () => {
    c = await startCluster();
    raw = rawClient(c.server.kubeconfig);
    // `kubectl get svc` lists it, and a create asking for its address is refused.
    await untilKubernetesService(raw);
  });
  after(() => c.stop());

  test('kubectl create service clusterip, nodeport and externalname; kubectl get svc prints the columns as kubectl against kube-apiserver', async () => {
    assert.equal((await c.kubectl(['create', 'service', 'clusterip', 'web', '--tcp=80:8080'])).trim(), 'service/web created');
    await c.kubectl(['create', 'service', 'nodeport', 'np', '--tcp=80:8080', '--node-port=30080']);
    await c.kubectl(['create', 'service', 'externalname', 'ext', '--external-name=example.com']);
    await c.kubectl(['create', 'service', 'clusterip', 'headless', '--clusterip=None']);
    const lines = (await c.kubectl(['get', 'svc', '-o', 'wide'])).trim().split('\n');
    assert.deepEqual(columns(lines[0]!), ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE', 'SELECTOR']);
    const rows = new Map(lines.slice(1).map((l) => [columns(l)[0], columns(l)]));
    const web = rows.get('web')!;
    assert.equal(web[1], 'ClusterIP');
    assert.match(web[2]!, /^10\.0\.0\.\d+$/);
    assert.deepEqual(web.slice(3, 5), ['<none>', '80/TCP']);
    assert.equal(web[6], 'app=web');
    assert.deepEqual([rows.get('np')![1], rows.get('np')![4]], ['NodePort', '80:30080/TCP']);
    assert.deepEqual(rows.get('ext')!.slice(1, 5), ['ExternalName', '<none>', 'example.com', '<none>']);
    assert.deepEqual(rows.get('headless')!.slice(1, 5), ['ClusterIP', 'None', '<none>', '<none>']);
    assert.deepEqual(rows.get('kubernetes')!.slice(1, 5), ['ClusterIP', '10.0.0.1', '<none>', '443/TCP']);
  });

  test('defaults and allocated fields read back as kube-apiserver sets them', async () => {
    const svc = JSON.parse(await c.kubectl(['get', 'svc', 'np', '-o', 'json'])) as ServiceObject & { spec: Record<string, unknown> };
    assert.equal(svc.spec['externalTrafficPolicy'], 'Cluster');
    assert.equal(svc.spec['internalTrafficPolicy'], 'Cluster');
    assert.equal(svc.spec['sessionAffinity'], 'None');
    assert.deepEqual(svc.spec.ipFamilies, ['IPv4']);
    assert.equal(svc.spec.ipFamilyPolicy, 'SingleStack');
    assert.deepEqual(svc.spec.clusterIPs, [svc.spec.clusterIP]);
    // Allocated values are owned by no field manager (allocation runs after the field manager, as upstream).
    const managed = JSON.stringify(JSON.parse(await c.kubectl(['get', 'svc', 'web', '-o', 'json', '--show-managed-fields'])).metadata.managedFields);
    assert.ok(managed.includes('f:sessionAffinity') && !managed.includes('f:clusterIP') && !managed.includes('f:ipFamilies'), managed);
  });

  test('a taken or out-of-range node port and cluster IP are refused with upstream messages; delete releases them', async () => {
    const taken = await c.kubectlResult(['create', 'service', 'nodeport', 'np2', '--tcp=80', '--node-port=30080']);
    assert.match(taken.stderr, /Service "np2" is invalid: spec\.ports\[0\]\.nodePort: Invalid value: 30080: provided port is already allocated/);
    const outside = await c.kubectlResult(['create', 'service', 'nodeport', 'np3', '--tcp=80', '--node-port=80']);
    assert.match(outside.stderr, /spec\.ports\[0\]\.nodePort: Invalid value: 80: provided port is not in the valid range\. The range of valid ports is 30000-32767/);
    const ip = await c.kubectlResult(['create', 'service', 'clusterip', 'dup', '--tcp=80', '--clusterip=10.0.0.1']);
    assert.match(ip.stderr, /spec\.clusterIPs: Invalid value: \[\]string\{"10\.0\.0\.1"\}: failed to allocate IP 10\.0\.0\.1: provided IP is already allocated/);
    await c.kubectl(['delete', 'svc', 'np']);
    await c.kubectl(['create', 'service', 'nodeport', 'np', '--tcp=80', '--node-port=30080']);
  });

  test('a service deleted through its last finalizer gives its node port back', async () => {
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'held', finalizers: ['example.com/hold'] }, spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 30999 }] } };
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify(svc) });
    await c.kubectl(['delete', 'svc', 'held', '--wait=false']);
    const still = await c.kubectlResult(['create', 'service', 'nodeport', 'again', '--tcp=80', '--node-port=30999']);
    assert.match(still.stderr, /provided port is already allocated/);
    await c.kubectl(['patch', 'svc', 'held', '--type=merge', '-p', '{"metadata":{"finalizers":null}}']);
    await c.kubectl(['create', 'service', 'nodeport', 'again', '--tcp=80', '--node-port=30999']);
  });

  test('kubectl expose pod creates a service selecting the pod (when pods are served)', async (t) => {
    const resources = await c.kubectl(['api-resources', '--api-group=', '-o', 'name']);
    if (!resources.split('\n').includes('pods')) {
      t.skip('pods are not served by this build (the Pod kind lives on another branch)');
      return;
    }
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { run: 'p' } }, spec: { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }] }] } };
    const created = await raw.request('POST', '/api/v1/namespaces/default/pods', { body: JSON.stringify(pod) });
    assert.equal(created.status, 201, created.body);
    assert.equal((await c.kubectl(['expose', 'pod', 'p', '--port=8080', '--target-port=80'])).trim(), 'service/p exposed');
    const svc = JSON.parse(await c.kubectl(['get', 'svc', 'p', '-o', 'json'])) as { spec: { selector: Record<string, string>; ports: { port: number; targetPort: number }[] } };
    assert.deepEqual(svc.spec.selector, { run: 'p' });
    assert.deepEqual([svc.spec.ports[0]?.port, svc.spec.ports[0]?.targetPort], [8080, 80]);
  });

  test('kubectl get endpoints kubernetes shows the server address and port', async () => {
    const address = defaultAdvertiseAddress(undefined);
    assert.ok(address, 'this host has an address to advertise');
    // Written in the background after the start, the EndpointSlice right after the Endpoints.
    await eventually(async () => ((await c.kubectlResult(['get', 'endpointslices', 'kubernetes'])).code === 0 ? true : undefined), 'the kubernetes EndpointSlice');
    const out = await c.kubectl(['get', 'endpoints', 'kubernetes']);
    const [header, row] = out.trim().split('\n');
    assert.deepEqual(columns(header!), ['NAME', 'ENDPOINTS', 'AGE']);
    assert.deepEqual(columns(row!).slice(0, 2), ['kubernetes', `${address}:${c.server.port}`]);
    const slices = (await c.kubectl(['get', 'endpointslices', 'kubernetes'])).trim().split('\n');
    assert.deepEqual(columns(slices[0]!), ['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE']);
    assert.deepEqual(columns(slices[1]!).slice(0, 4), ['kubernetes', 'IPv4', String(c.server.port), address]);
  });

  test('services/proxy answers 503 when no endpoint can be reached', async () => {
    const none = await raw.request('GET', '/api/v1/namespaces/default/services/kubernetes/proxy/');
    assert.equal(none.status, 503);
    assert.equal((none.json() as { message: string }).message, 'no endpoints available for service "kubernetes"');
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web' } }) });
    const empty = await raw.request('GET', '/api/v1/namespaces/default/services/web/proxy/x');
    assert.equal((empty.json() as { message: string }).message, 'no endpoints available for service "web"');
    const missing = await raw.request('GET', '/api/v1/namespaces/default/services/web:81/proxy/');
    assert.equal((missing.json() as { message: string }).message, 'no service port 81 found for service "web"');
  });

  test('endpoints validation answers upstream messages', async () => {
    const eps = { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'bad' }, subsets: [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ port: 0 }] }] };
    const result = await c.kubectlResult(['create', '-f', '-'], { input: JSON.stringify(eps) });
    assert.match(result.stderr, /subsets\[0\]\.addresses\[0\]\.ip: Invalid value: "127\.0\.0\.1": may not be in the loopback range \(127\.0\.0\.0\/8\)/);
    assert.match(result.stderr, /subsets\[0\]\.ports\[0\]\.port: Invalid value: 0: must be between 1 and 65535, inclusive/);
  });
});

describe('allocation under concurrency', () => {
  let c: TestCluster;
  let raw: RawClient;
  before(async () => {
    c = await startCluster({ serviceClusterIPRange: '10.0.0.0/16' });
    raw = rawClient(c.server.kubeconfig);
    // The kubernetes service holds 10.0.0.1 before the others are made.
    await untilKubernetesService(raw);
  });
  after(() => c.stop());

  test('500 NodePort services created concurrently get distinct cluster IPs and node ports', async () => {
    const create = async (i: number): Promise<ServiceObject> => {
      const body = JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: `s${i}` }, spec: { type: 'NodePort', ports: [{ port: 80 }] } });
      const response = await raw.request('POST', '/api/v1/namespaces/default/services', { body });
      assert.equal(response.status, 201, response.body);
      return response.json() as ServiceObject;
    };
    const made = await Promise.all(Array.from({ length: 500 }, (_, i) => create(i)));
    const ips = new Set(made.map((s) => s.spec.clusterIP));
    const ports = new Set(made.map((s) => s.spec.ports?.[0]?.nodePort));
    assert.equal(ips.size, 500);
    assert.equal(ports.size, 500);
    assert.ok(!ips.has('10.0.0.1'), 'the kubernetes service keeps its address');
  });
});

describe('an exhausted range', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster({ serviceClusterIPRange: '10.0.0.0/29' });
    // The kubernetes service holds one of the six addresses before the others are made.
    await untilKubernetesService(rawClient(c.server.kubeconfig));
  });
  after(() => c.stop());

  test('a /29 holds the kubernetes service and five more; the next answers "range is full" as upstream', async () => {
    for (let i = 0; i < 5; i++) await c.kubectl(['create', 'service', 'clusterip', `s${i}`, '--tcp=80']);
    const full = await c.kubectlResult(['create', 'service', 'clusterip', 'one-more', '--tcp=80']);
    assert.notEqual(full.code, 0);
    assert.match(full.stderr, /Internal error occurred: failed to allocate a serviceIP: range is full/);
    await c.kubectl(['delete', 'service', 's0']);
    await c.kubectl(['create', 'service', 'clusterip', 'one-more', '--tcp=80']);
  });
});
