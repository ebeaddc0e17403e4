// kubectl (1.32) against kplane for the cluster kinds: Node, ServiceAccount, LimitRange, ResourceQuota,
// ComponentStatus, RuntimeClass and PriorityClass — create and get with the columns kubectl prints
// against a 1.25 kube-apiserver, the 422 causes of invalid objects, the built-in priority classes and
// their protection, and component statuses over the memory backend and over a real etcd.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEtcd, type TestEtcd } from '../../src/storage/etcd/test-etcd.js';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

const NODE = JSON.stringify({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'worker-1', labels: { 'node-role.kubernetes.io/worker': '', 'node-role.kubernetes.io/gpu': '' } },
  spec: { podCIDR: '10.244.1.0/24', taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
  status: {
    capacity: { cpu: '4', memory: '8Gi', pods: '110' },
    conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' }],
    addresses: [
      { type: 'InternalIP', address: '10.0.0.11' },
      { type: 'ExternalIP', address: '203.0.113.11' },
    ],
    nodeInfo: {
      kubeletVersion: 'v1.25.16', osImage: 'Ubuntu 22.04.3 LTS', kernelVersion: '5.15.0-91-generic', containerRuntimeVersion: 'containerd://1.6.24',
      architecture: 'amd64', bootID: 'b', kubeProxyVersion: 'v1.25.16', machineID: 'm', operatingSystem: 'linux', systemUUID: 'u',
    },
  },
});

/** kubectl's rendering of one 422: the headline and one `* <cause>` line per field error. */
async function invalidCauses(c: TestCluster, manifest: unknown): Promise<string> {
  const result = await c.kubectlResult(['create', '-f', '-'], { input: JSON.stringify(manifest) });
  assert.notEqual(result.code, 0, 'the create must fail');
  return result.stderr;
}

describe('kubectl: cluster kinds', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.stop());

  test('nodes: NAME STATUS ROLES AGE VERSION, and -o wide adds addresses and node info', async () => {
    await c.kubectl(['create', '-f', '-'], { input: NODE });
    const out = await c.kubectl(['get', 'no']);
    assert.match(out, /^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\n/);
    assert.match(out, /^worker-1\s+Ready\s+gpu,worker\s+\d+s\s+v1\.25\.16$/m);
    const wide = await c.kubectl(['get', 'nodes', '-o', 'wide']);
    assert.match(wide, /^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\s+INTERNAL-IP\s+EXTERNAL-IP\s+OS-IMAGE\s+KERNEL-VERSION\s+CONTAINER-RUNTIME\n/);
    assert.match(wide, /^worker-1\s+Ready\s+gpu,worker\s+\d+s\s+v1\.25\.16\s+10\.0\.0\.11\s+203\.0\.113\.11\s+Ubuntu 22\.04\.3 LTS\s+5\.15\.0-91-generic\s+containerd:\/\/1\.6\.24$/m);
    const spec = JSON.parse(await c.kubectl(['get', 'node', 'worker-1', '-o', 'jsonpath={.spec}'])) as { podCIDRs?: string[] };
    assert.deepEqual(spec.podCIDRs, ['10.244.1.0/24'], 'podCIDRs follows podCIDR');
    assert.equal(await c.kubectl(['get', 'node', 'worker-1', '-o', 'jsonpath={.status.allocatable.memory}']), '8Gi', 'allocatable defaults to capacity');
  });

  test('nodes: cordon shows SchedulingDisabled and the spec.unschedulable field selector finds it', async () => {
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-2' } }) });
    await c.kubectl(['cordon', 'worker-2']);
    assert.match(await c.kubectl(['get', 'no', 'worker-2']), /^worker-2\s+Unknown,SchedulingDisabled\s+<none>\s+\d+s\s+$/m);
    const names = await c.kubectl(['get', 'no', '--field-selector', 'spec.unschedulable=true', '-o', 'name']);
    assert.equal(names.trim(), 'node/worker-2');
  });

  test('nodes: the status subresource changes status only', async () => {
    const patch = JSON.stringify({ status: { conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: 'down' }] }, spec: { unschedulable: true } });
    await c.kubectl(['patch', 'node', 'worker-1', '--subresource', 'status', '--type', 'merge', '-p', patch]);
    assert.match(await c.kubectl(['get', 'no', 'worker-1']), /^worker-1\s+NotReady\s+gpu,worker\s/m);
  });

  test('nodes: invalid taints and podCIDRs get 422 with upstream causes; podCIDR and providerID are immutable once set', async () => {
    const stderr = await invalidCauses(c, {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'bad' },
      spec: { podCIDRs: ['10.0.0.0/24', '10.0.1.0/24'], taints: [{ key: 'a', effect: 'NoSchedule' }, { key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'Sometimes' }] },
    });
    assert.match(stderr, /The Node "bad" is invalid: /);
    assert.ok(stderr.includes('* metadata.taints[1]: Duplicate value: core.Taint{Key:"a", Value:"", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair'), stderr);
    assert.ok(stderr.includes('* metadata.taints[2].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"'), stderr);
    assert.ok(stderr.includes('* spec.podCIDRs: Invalid value: []string{"10.0.0.0/24", "10.0.1.0/24"}: may specify no more than one CIDR for each IP family'), stderr);
    const change = await c.kubectlResult(['patch', 'node', 'worker-1', '--type', 'merge', '-p', '{"spec":{"podCIDR":"10.244.9.0/24","podCIDRs":["10.244.9.0/24"]}}']);
    assert.notEqual(change.code, 0);
    assert.match(change.stderr, /spec\.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid/);
    await c.kubectl(['patch', 'node', 'worker-2', '--type', 'merge', '-p', '{"spec":{"providerID":"kind://docker/worker-2"}}']);
    const provider = await c.kubectlResult(['patch', 'node', 'worker-2', '--type', 'merge', '-p', '{"spec":{"providerID":"kind://docker/other"}}']);
    assert.match(provider.stderr, /spec\.providerID: Forbidden: node updates may not change providerID except from "" to valid/);
  });

  test('nodes/proxy answers as kube-apiserver does without a reachable kubelet', async () => {
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'loopback' }, status: { addresses: [{ type: 'InternalIP', address: '127.0.0.1' }] } }) });
    const cases: [string, RegExp][] = [
      ['/api/v1/nodes/worker-2/proxy/healthz', /^Error from server: no preferred addresses found; known addresses: \[\]$/m],
      ['/api/v1/nodes/loopback/proxy/healthz', /^Error from server \(BadRequest\): address not allowed$/m],
      ['/api/v1/nodes/missing/proxy/', /^Error from server \(NotFound\): nodes "missing" not found$/m],
      ['/api/v1/nodes/a:b:c:d/proxy/', /^Error from server \(BadRequest\): invalid node request "a:b:c:d"$/m],
    ];
    for (const [path, want] of cases) {
      const result = await c.kubectlResult(['get', '--raw', path]);
      assert.notEqual(result.code, 0, path);
      assert.match(result.stderr, want, path);
    }
  });

  test('serviceaccounts: NAME SECRETS AGE, short name sa', async () => {
    await c.kubectl(['create', 'serviceaccount', 'builder']);
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'deployer' }, secrets: [{ name: 'deployer-token', namespace: 'x' }] }) });
    const out = await c.kubectl(['get', 'sa']);
    assert.match(out, /^NAME\s+SECRETS\s+AGE\n/);
    assert.match(out, /^builder\s+0\s+\d+s$/m);
    assert.match(out, /^deployer\s+1\s+\d+s$/m);
    assert.equal(await c.kubectl(['get', 'sa', 'deployer', '-o', 'jsonpath={.secrets}']), '[{"name":"deployer-token"}]', 'secret references keep only their names');
    const bad = await c.kubectlResult(['create', 'serviceaccount', 'Bad_Name']);
    assert.match(bad.stderr, /metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);
  });

  test('limitranges: NAME CREATED AT; the ordering of bounds is validated', async () => {
    const limits = { limits: [{ type: 'Container', min: { cpu: '100m' }, defaultRequest: { cpu: '200m' }, default: { cpu: '500m' }, max: { cpu: '1' } }] };
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'cpu-bounds' }, spec: limits }) });
    const out = await c.kubectl(['get', 'limits']);
    assert.match(out, /^NAME\s+CREATED AT\n/);
    assert.match(out, /^cpu-bounds\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/m);
    const stderr = await invalidCauses(c, {
      apiVersion: 'v1',
      kind: 'LimitRange',
      metadata: { name: 'inverted' },
      spec: { limits: [{ type: 'Container', min: { memory: '2Gi' }, max: { memory: '1Gi' } }, { type: 'Widget' }] },
    });
    assert.ok(
      stderr.includes(
        '* spec.limits[0].min[memory]: Invalid value: resource.Quantity{i:resource.int64Amount{value:2147483648, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"2Gi", Format:"BinarySI"}: min value 2Gi is greater than max value 1Gi',
      ),
      stderr,
    );
    assert.ok(stderr.includes('* spec.limits[1].type: Invalid value: "Widget": must be a standard limit type or fully qualified'), stderr);
  });

  test('resourcequotas: NAME AGE REQUEST LIMIT; status is the status subresource\'s', async () => {
    await c.kubectl(['create', 'quota', 'compute', '--hard=pods=10,requests.cpu=2,limits.memory=4Gi']);
    // The resourcequota controller takes the quota up: its hard limits, and what the namespace uses.
    await eventually(async () => ((await c.kubectl(['get', 'quota', 'compute', '-o', 'jsonpath={.status.hard.pods}'])) === '10' ? true : undefined), 'the quota\'s status');
    assert.match(await c.kubectl(['get', 'quota']), /^compute\s+\d+s\s+pods: 0\/10, requests\.cpu: 0\/2\s+limits\.memory: 0\/4Gi$/m);
    const status = JSON.stringify({ status: { hard: { pods: '10', 'requests.cpu': '2', 'limits.memory': '4Gi' }, used: { pods: '3', 'requests.cpu': '500m' } } });
    await c.kubectl(['patch', 'quota', 'compute', '--subresource', 'status', '--type', 'merge', '-p', status]);
    const out = await c.kubectl(['get', 'quota']);
    assert.match(out, /^NAME\s+AGE\s+REQUEST\s+LIMIT\n/);
    assert.match(out, /^compute\s+\d+s\s+pods: 3\/10, requests\.cpu: 500m\/2\s+limits\.memory: 0\/4Gi$/m);
    const stderr = await invalidCauses(c, { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'bad' }, spec: { hard: { cpu: '-1', storage: '1Gi' }, scopes: ['BestEffort', 'NotBestEffort'] } });
    assert.ok(stderr.includes('* spec.hard[cpu]: Invalid value: "-1": must be greater than or equal to 0'), stderr);
    assert.ok(stderr.includes('* spec.hard[storage]: Invalid value: "storage": must be a standard resource for quota'), stderr);
    assert.ok(stderr.includes('* spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}: conflicting scopes'), stderr);
    await c.kubectl(['delete', 'quota', 'compute']);
  });

  test('componentstatuses: the storage backend\'s health, scheduler and controller-manager unreachable, deprecated', async () => {
    const result = await c.kubectlResult(['get', 'cs']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Warning: v1 ComponentStatus is deprecated in v1\.19\+/);
    assert.match(result.stdout, /^NAME\s+STATUS\s+MESSAGE\s+ERROR\n/);
    assert.match(result.stdout, /^scheduler\s+Unhealthy\s+Get "https:\/\/127\.0\.0\.1:10259\/healthz": dial tcp 127\.0\.0\.1:10259: connect: connection refused\s*$/m);
    assert.match(result.stdout, /^controller-manager\s+Unhealthy\s+Get "https:\/\/127\.0\.0\.1:10257\/healthz": dial tcp 127\.0\.0\.1:10257: connect: connection refused\s*$/m);
    assert.match(result.stdout, /^memory-0\s+Healthy\s+ok\s*$/m);
    const one = await c.kubectlResult(['get', 'componentstatus', 'memory-0', '-o', 'json']);
    assert.deepEqual((JSON.parse(one.stdout) as { conditions: unknown }).conditions, [{ type: 'Healthy', status: 'True', message: 'ok' }]);
    const missing = await c.kubectlResult(['get', 'cs', 'etcd-0']);
    assert.match(missing.stderr, /^Error from server: Component not found: etcd-0$/m);
    const del = await c.kubectlResult(['delete', 'cs', 'memory-0']);
    assert.match(del.stderr, /\(MethodNotAllowed\)/);
  });

  test('runtimeclasses: NAME HANDLER AGE; handler is validated and immutable', async () => {
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc', overhead: { podFixed: { cpu: '250m' } } }) });
    const out = await c.kubectl(['get', 'runtimeclasses']);
    assert.match(out, /^NAME\s+HANDLER\s+AGE\n/);
    assert.match(out, /^gvisor\s+runsc\s+\d+s$/m);
    const stderr = await invalidCauses(c, {
      apiVersion: 'node.k8s.io/v1',
      kind: 'RuntimeClass',
      metadata: { name: 'bad' },
      handler: 'Run_SC',
      scheduling: { tolerations: [{ key: 'k', operator: 'Exists', value: 'v' }] },
    });
    assert.match(stderr, /The RuntimeClass "bad" is invalid: /);
    assert.match(stderr, /\* handler: Invalid value: "Run_SC": a lowercase RFC 1123 label must consist of/);
    assert.ok(stderr.includes(`* scheduling.tolerations.tolerations[0].operator: Invalid value: core.Toleration{Key:"k", Operator:"Exists", Value:"v", Effect:"", TolerationSeconds:(*int64)(nil)}: value must be empty when \`operator\` is 'Exists'`), stderr);
    const change = await c.kubectlResult(['patch', 'runtimeclass', 'gvisor', '--type', 'merge', '-p', '{"handler":"kata"}']);
    assert.match(change.stderr, /handler: Invalid value: "kata": field is immutable/);
  });

  test('priorityclasses: the two built-ins, NAME VALUE GLOBAL-DEFAULT AGE, one global default, built-ins cannot be deleted', async () => {
    const out = await c.kubectl(['get', 'priorityclasses']);
    assert.match(out, /^NAME\s+VALUE\s+GLOBAL-DEFAULT\s+AGE\n/);
    assert.match(out, /^system-cluster-critical\s+2000000000\s+false\s+\d+s$/m);
    assert.match(out, /^system-node-critical\s+2000001000\s+false\s+\d+s$/m);
    await c.kubectl(['create', 'priorityclass', 'high', '--value=1000', '--global-default', '--description=important']);
    assert.match(await c.kubectl(['get', 'pc', 'high']), /^high\s+1000\s+true\s+\d+s$/m);
    assert.equal(await c.kubectl(['get', 'pc', 'high', '-o', 'jsonpath={.preemptionPolicy}']), 'PreemptLowerPriority');
    const second = await c.kubectlResult(['create', 'priorityclass', 'higher', '--value=2000', '--global-default']);
    assert.match(second.stderr, /priorityclasses\.scheduling\.k8s\.io "higher" is forbidden: PriorityClass high is already marked as default\. Only one default can exist/);
    const tooHigh = await c.kubectlResult(['create', 'priorityclass', 'huge', '--value=1000000001']);
    assert.match(tooHigh.stderr, /PriorityClass\.scheduling\.k8s\.io "huge" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000/);
    const reserved = await c.kubectlResult(['create', 'priorityclass', 'system-custom', '--value=1']);
    assert.match(reserved.stderr, /metadata\.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only\. error: system-custom is not a known system priority class/);
    const del = await c.kubectlResult(['delete', 'pc', 'system-node-critical']);
    assert.notEqual(del.code, 0);
    assert.match(del.stderr, /^Error from server \(Forbidden\): priorityclasses\.scheduling\.k8s\.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted$/m);
    const value = await c.kubectlResult(['patch', 'pc', 'high', '--type', 'merge', '-p', '{"value":7}']);
    assert.match(value.stderr, /value: Forbidden: may not be changed in an update\./);
    await c.kubectl(['delete', 'pc', 'high']);
  });

  test('namespace deletion writes upstream\'s status conditions while content remains', async () => {
    await c.kubectl(['create', 'namespace', 'doomed']);
    const held = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'held', namespace: 'doomed', finalizers: ['example.com/hold'] } };
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify(held) });
    await c.kubectl(['delete', 'namespace', 'doomed', '--wait=false']);
    type Condition = { type: string; status: string; reason: string; message: string };
    let conditions: Condition[] = [];
    for (let i = 0; i < 200 && !conditions.some((x) => x.type === 'NamespaceFinalizersRemaining' && x.status === 'True'); i++) {
      conditions = (JSON.parse(await c.kubectl(['get', 'ns', 'doomed', '-o', 'json'])) as { status: { conditions?: Condition[] } }).status.conditions ?? [];
    }
    const byType = new Map(conditions.map((x) => [x.type, x]));
    assert.deepEqual(byType.get('NamespaceContentRemaining'), { ...byType.get('NamespaceContentRemaining'), status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: serviceaccounts. has 1 resource instances' });
    assert.equal(byType.get('NamespaceFinalizersRemaining')?.message, 'Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances');
    assert.equal(byType.get('NamespaceDeletionDiscoveryFailure')?.reason, 'ResourcesDiscovered');
    assert.equal(byType.get('NamespaceDeletionContentFailure')?.status, 'False');
    await c.kubectl(['patch', 'sa', 'held', '-n', 'doomed', '--type', 'merge', '-p', '{"metadata":{"finalizers":null}}']);
  });
});

describe('kubectl get cs over etcd: one etcd-<i> per server, probed on /health', () => {
  let etcd: TestEtcd;
  let c: TestCluster;
  before(async () => {
    etcd = await startTestEtcd();
    c = await startCluster({ storage: 'etcd', etcd: { servers: [etcd.endpoint], prefix: `/kplane-cs-${process.pid}` } });
  });
  after(async () => {
    await c?.stop();
    await etcd?.close();
  });

  test('etcd-0 is Healthy with etcd\'s own health body', async () => {
    const out = await c.kubectl(['get', 'cs']);
    assert.match(out, /^etcd-0\s+Healthy\s+\{"health":"true"(,"reason":"")?\}\s*$/m);
    assert.doesNotMatch(out, /^etcd-0\s.*\n[\s\S]*^etcd-0/m);
  });
});
