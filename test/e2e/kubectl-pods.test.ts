// kubectl (the machine's /usr/bin/kubectl, 1.32) against a started kplane: pods and the kinds around
// them as a user meets them: run, get (wide, field selectors), describe, binding, logs, exec, delete;
// replication controllers with scale. kplane runs no scheduler and no kubelet: pods stay Pending until
// bound, and connections answer what kube-apiserver answers when it cannot reach a node.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient } from './support/raw-client.js';
import { BindingSchema } from '../../src/apis/core/v1/binding.js';
import { encodeProtobufObject, PROTOBUF_MEDIA_TYPE } from '../../src/schema/protobuf/index.js';

const binding = (pod: string, node: string) => JSON.stringify({ apiVersion: 'v1', kind: 'Binding', metadata: { name: pod }, target: { apiVersion: 'v1', kind: 'Node', name: node } });

const replicationController = JSON.stringify({
  apiVersion: 'v1',
  kind: 'ReplicationController',
  metadata: { name: 'web' },
  spec: { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } } },
});

describe('kubectl with pods against kplane', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.stop());

  test('run creates a Pending pod (protobuf body), get -o wide shows its columns', async () => {
    assert.match(await c.kubectl(['run', 'x', '--image=busybox']), /^pod\/x created$/m);
    const out = await c.kubectl(['get', 'pods', '-o', 'wide']);
    assert.match(out, /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES\n/);
    assert.match(out, /^x\s+0\/1\s+Pending\s+0\s+\d+s\s+<none>\s+<none>\s+<none>\s+<none>$/m);
    const pod = JSON.parse(await c.kubectl(['get', 'pod', 'x', '-o', 'json'])) as { status: { phase: string; qosClass: string }; spec: { containers: { image: string }[] } };
    assert.deepEqual(pod.status, { phase: 'Pending', qosClass: 'BestEffort' });
    assert.equal(pod.spec.containers[0]?.image, 'busybox');
  });

  test('describe pod shows its status and container', async () => {
    const out = await c.kubectl(['describe', 'pod', 'x']);
    assert.match(out, /^Name:\s+x$/m);
    assert.match(out, /^Status:\s+Pending$/m);
    assert.match(out, /^QoS Class:\s+BestEffort$/m);
    assert.match(out, /^\s+Image:\s+busybox$/m);
  });

  test('get --field-selector status.phase selects by phase', async () => {
    assert.match(await c.kubectl(['get', 'pods', '--field-selector', 'status.phase=Pending']), /^x\s+0\/1\s+Pending/m);
    const none = await c.kubectlResult(['get', 'pods', '--field-selector', 'status.phase=Running']);
    assert.equal(none.code, 0);
    assert.match(none.stderr, /No resources found in default namespace\./);
  });

  test('logs of an unscheduled pod are empty; exec is refused as kube-apiserver refuses it', async () => {
    const logs = await c.kubectlResult(['logs', 'x']);
    assert.equal(logs.code, 0, logs.stderr);
    assert.equal(logs.stdout, '');
    const exec = await c.kubectlResult(['exec', 'x', '--', 'ls']);
    assert.notEqual(exec.code, 0);
    assert.match(exec.stderr, /pod x does not have a host assigned/);
  });

  test('debug adds an ephemeral container through the ephemeralcontainers subresource', async () => {
    const debug = await c.kubectlResult(['debug', 'x', '--image=busybox', '--', 'true']);
    assert.equal(debug.code, 0, debug.stderr);
    const containers = JSON.parse(await c.kubectl(['get', 'pod', 'x', '-o', 'jsonpath={.spec.ephemeralContainers}'])) as { image: string; imagePullPolicy: string; command: string[] }[];
    assert.deepEqual(containers.map((e) => [e.image, e.imagePullPolicy, e.command]), [['busybox', 'Always', ['true']]]);
  });

  test('a binding assigns the node once; then exec finds no such node', async () => {
    const out = await c.kubectl(['create', '--raw', '/api/v1/namespaces/default/pods/x/binding', '-f', '-'], { input: binding('x', 'n1') });
    assert.equal((JSON.parse(out) as { status: string }).status, 'Success');
    assert.match(await c.kubectl(['get', 'pods', '-o', 'wide']), /^x\s+0\/1\s+Pending\s+0\s+\d+s\s+<none>\s+n1\s+<none>\s+<none>$/m);
    const again = await c.kubectlResult(['create', '--raw', '/api/v1/namespaces/default/bindings', '-f', '-'], { input: binding('x', 'n2') });
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /Operation cannot be fulfilled on pods\/binding "x": pod x is already assigned to node "n1"/);
    const exec = await c.kubectlResult(['exec', 'x', '--', 'ls']);
    assert.match(exec.stderr, /nodes "n1" not found/);
  });

  test('a pod on a node whose kubelet does not answer: logs and exec report the dial as kube-apiserver does', async () => {
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'local' }, status: { addresses: [{ type: 'InternalIP', address: '127.0.0.1' }], daemonEndpoints: { kubeletEndpoint: { Port: 1 } } } };
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify(node) });
    await c.kubectl(['run', 'onnode', '--image=busybox', '--overrides={"spec":{"nodeName":"local"}}']);
    const logs = await c.kubectlResult(['logs', 'onnode']);
    assert.match(logs.stderr, /^Error from server: Get "https:\/\/127\.0\.0\.1:1\/containerLogs\/default\/onnode\/onnode": dial tcp 127\.0\.0\.1:1: connect: connection refused$/m);
    // The log options reach the kubelet's URL as LogLocation writes them (decoded by the parameter codec).
    const options = await c.kubectlResult(['logs', 'onnode', '--tail=3', '--timestamps', '--since-time=2026-01-02T03:04:05+01:00', '--limit-bytes=100']);
    assert.match(options.stderr, /^Error from server: Get "https:\/\/127\.0\.0\.1:1\/containerLogs\/default\/onnode\/onnode\?limitBytes=100&sinceTime=2026-01-02T02%3A04%3A05Z&tailLines=3&timestamps=true": dial tcp/m);
    // kubectl checks its flags itself; the raw path shows the server's own 400 and 422.
    const badTime = await c.kubectlResult(['get', '--raw', '/api/v1/namespaces/default/pods/onnode/log?sinceTime=yesterday']);
    assert.match(badTime.stderr, /^Error from server \(BadRequest\): parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"$/m);
    const invalid = await c.kubectlResult(['get', '--raw', '/api/v1/namespaces/default/pods/onnode/log?limitBytes=-1&sinceSeconds=5&sinceTime=']);
    assert.match(invalid.stderr, /The PodLogOptions "onnode" is invalid: \n\* limitBytes: Invalid value: -1: must be greater than 0\n\* : Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified\n/);
    const exec = await c.kubectlResult(['exec', 'onnode', '--', 'ls']);
    assert.match(exec.stderr, /error dialing backend: dial tcp 127\.0\.0\.1:1: connect: connection refused/);
    await c.kubectl(['delete', 'pod', 'onnode', '--grace-period=0', '--force']);
  });

  test('a binding sent as protobuf, as the scheduler sends it, answers a protobuf Status', async () => {
    await c.kubectl(['run', 'pb', '--image=busybox']);
    const raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
    const body = Buffer.from(encodeProtobufObject(BindingSchema, 'v1', 'Binding', { metadata: { name: 'pb' }, target: { kind: 'Node', name: 'n9' } }));
    const response = await raw.request('POST', '/api/v1/namespaces/default/pods/pb/binding', { body, contentType: PROTOBUF_MEDIA_TYPE, accept: PROTOBUF_MEDIA_TYPE });
    assert.equal(response.status, 201, response.body);
    assert.equal(response.headers['content-type'], PROTOBUF_MEDIA_TYPE);
    assert.match(await c.kubectl(['get', 'pod', 'pb', '-o', 'jsonpath={.spec.nodeName}']), /^n9$/);
    await c.kubectl(['delete', 'pod', 'pb', '--grace-period=0', '--force']);
  });

  test('a scheduled pod is deleted gracefully: Terminating until deleted with grace period 0', async () => {
    assert.match(await c.kubectl(['delete', 'pod', 'x', '--wait=false']), /^pod "x" deleted$/m);
    const pod = JSON.parse(await c.kubectl(['get', 'pod', 'x', '-o', 'json'])) as { metadata: { deletionGracePeriodSeconds: number; deletionTimestamp: string } };
    assert.equal(pod.metadata.deletionGracePeriodSeconds, 30);
    assert.match(await c.kubectl(['get', 'pods']), /^x\s+0\/1\s+Terminating\s+0/m);
    await c.kubectl(['delete', 'pod', 'x', '--grace-period=0', '--force']);
    assert.equal((await c.kubectlResult(['get', 'pod', 'x'])).code, 1);
  });

  test('an unscheduled pod is deleted at once', async () => {
    await c.kubectl(['run', 'y', '--image=busybox']);
    assert.match(await c.kubectl(['delete', 'pod', 'y']), /^pod "y" deleted$/m);
    assert.match((await c.kubectlResult(['get', 'pod', 'y'])).stderr, /pods "y" not found/);
  });

  test('replication controllers: defaults, get rc, scale rc', async () => {
    await c.kubectl(['create', '-f', '-'], { input: replicationController });
    const rc = JSON.parse(await c.kubectl(['get', 'rc', 'web', '-o', 'json'])) as { metadata: { labels: Record<string, string>; generation: number }; spec: { replicas: number; selector: Record<string, string> } };
    assert.deepEqual([rc.spec.replicas, rc.spec.selector, rc.metadata.labels, rc.metadata.generation], [1, { app: 'web' }, { app: 'web' }, 1]);
    assert.match(await c.kubectl(['get', 'rc']), /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\nweb\s+1\s+0\s+0\s+\d+s$/m);
    assert.match(await c.kubectl(['scale', 'rc', 'web', '--replicas=3']), /^replicationcontroller\/web scaled$/m);
    const wide = await c.kubectl(['get', 'rc', '-o', 'wide']);
    assert.match(wide, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR\n/);
    assert.match(wide, /^web\s+3\s+0\s+0\s+\d+s\s+nginx\s+nginx:1\.25\s+app=web$/m);
    // kubectl refuses a negative count itself; the server's check, through the scale subresource.
    const scale = JSON.stringify({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: -1 } });
    const negative = await c.kubectlResult(['replace', '--raw', '/api/v1/namespaces/default/replicationcontrollers/web/scale', '-f', '-'], { input: scale });
    assert.match(negative.stderr, /The Scale "web" is invalid: spec\.replicas: Invalid value: -1: must be greater than or equal to 0/);
  });
});
