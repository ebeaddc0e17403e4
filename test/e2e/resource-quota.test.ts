// ResourceQuota enforced as 1.25 enforces it, through kubectl: the resourcequota controller takes a quota up (its
// status.hard, and usage measured from the namespace), the ResourceQuota admission plugin charges each create to
// it and refuses what does not fit with upstream's messages, and the controller gives usage back when objects go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, useCluster } from './support/cluster.js';

const env = useCluster();
const kubectl = (...args: string[]) => env.cluster.kubectl(args);
const refused = async (args: string[], input?: string): Promise<string> => {
  const result = await env.cluster.kubectlResult(args, input === undefined ? {} : { input });
  assert.notEqual(result.code, 0, `kubectl ${args.join(' ')} succeeded: ${result.stdout}`);
  return result.stderr.trim();
};
const jsonpath = (namespace: string, quota: string, path: string) => kubectl('get', 'quota', quota, '-n', namespace, '-o', `jsonpath={${path}}`);
/** Waits for the controller to have taken the quota up (status.hard set) and for `path` to read `value`. */
const until = (namespace: string, quota: string, path: string, value: string) =>
  eventually(async () => ((await jsonpath(namespace, quota, path)) === value ? true : undefined), `${quota}'s ${path} to be ${value}`);
const pod = (name: string, resources?: Record<string, Record<string, string>>, extra: Record<string, unknown> = {}) => JSON.stringify({
  apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'app', image: 'busybox', ...(resources ? { resources } : {}) }], ...extra },
});
const claim = (name: string, storage: string, storageClassName?: string) => JSON.stringify({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } }, ...(storageClassName ? { storageClassName } : {}) },
});

test('pods and object counts: the second pod is refused, a deleted pod frees its share', async () => {
  await kubectl('create', 'namespace', 'team-a');
  // kube-root-ca.crt, which the root-ca-cert-publisher puts in every namespace, is one of the two configmaps. It
  // must exist before the quota: one created while the controller takes the quota up is charged by neither
  // (admission charges only quotas with status.hard), until the next full resync (as upstream).
  await eventually(async () => ((await env.client.request('GET', '/api/v1/namespaces/team-a/configmaps/kube-root-ca.crt')).status === 200 ? true : undefined), 'kube-root-ca.crt');
  assert.match(await kubectl('create', 'quota', 'q', '-n', 'team-a', '--hard=pods=1,count/configmaps=2'), /^resourcequota\/q created$/m);
  await until('team-a', 'q', '.status.used', '{"count/configmaps":"1","pods":"0"}');
  assert.equal(await jsonpath('team-a', 'q', '.status.hard'), '{"count/configmaps":"2","pods":"1"}');

  assert.match(await kubectl('run', 'first', '-n', 'team-a', '--image=busybox'), /^pod\/first created$/m);
  assert.equal(await refused(['run', 'second', '-n', 'team-a', '--image=busybox']),
    'Error from server (Forbidden): pods "second" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1');
  await kubectl('create', 'configmap', 'one', '-n', 'team-a');
  assert.equal(await refused(['create', 'configmap', 'two', '-n', 'team-a']),
    'error: failed to create configmap: configmaps "two" is forbidden: exceeded quota: q, requested: count/configmaps=1, used: count/configmaps=2, limited: count/configmaps=2');
  assert.match(await kubectl('get', 'quota', '-n', 'team-a'), /^q\s+\d+s\s+count\/configmaps: 2\/2, pods: 1\/1\s*$/m);
  // A dry run is checked, and charges nothing.
  assert.match(await refused(['run', 'dry', '-n', 'team-a', '--image=busybox', '--dry-run=server']), /exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1$/);

  await kubectl('delete', 'pod', 'first', '-n', 'team-a');
  await until('team-a', 'q', '.status.used.pods', '0');
  assert.match(await kubectl('run', 'third', '-n', 'team-a', '--image=busybox'), /^pod\/third created$/m);
  await kubectl('delete', 'configmap', 'one', '-n', 'team-a');
  await until('team-a', 'q', '.status.used.count/configmaps', '1');
  await kubectl('create', 'configmap', 'two', '-n', 'team-a');

  const describe = await kubectl('describe', 'quota', 'q', '-n', 'team-a');
  assert.match(describe, /^Resource\s+Used\s+Hard$/m);
  assert.match(describe, /^count\/configmaps\s+2\s+2$/m);
  assert.match(describe, /^pods\s+1\s+1$/m);
  // The controller and kube-apiserver's admission each write status as themselves.
  const managers = JSON.parse(await jsonpath('team-a', 'q', '.metadata.managedFields')) as Array<{ manager: string; subresource?: string }>;
  assert.deepEqual(managers.map((m) => `${m.manager}/${m.subresource ?? ''}`).sort(), ['kube-apiserver/status', 'kube-controller-manager/status', 'kubectl-create/']);
});

test('a pod that finished is no longer charged', async () => {
  await kubectl('create', 'namespace', 'team-b');
  await kubectl('create', 'quota', 'q', '-n', 'team-b', '--hard=pods=1,count/pods=5');
  await until('team-b', 'q', '.status.used.pods', '0');
  await kubectl('run', 'job', '-n', 'team-b', '--image=busybox');
  await kubectl('patch', 'pod', 'job', '-n', 'team-b', '--subresource=status', '--type=merge', '-p', '{"status":{"phase":"Succeeded"}}');
  await until('team-b', 'q', '.status.used', '{"count/pods":"1","pods":"0"}');
  await kubectl('run', 'next', '-n', 'team-b', '--image=busybox');
  await until('team-b', 'q', '.status.used', '{"count/pods":"2","pods":"1"}');
});

test('a compute quota demands requests and limits, and counts them', async () => {
  await kubectl('create', 'namespace', 'team-c');
  await kubectl('create', 'quota', 'compute', '-n', 'team-c', '--hard=requests.cpu=1,requests.memory=1Gi,limits.cpu=2,limits.memory=2Gi');
  await until('team-c', 'compute', '.status.used.requests\\.cpu', '0');
  assert.equal(await refused(['run', 'bare', '-n', 'team-c', '--image=busybox']),
    'Error from server (Forbidden): pods "bare" is forbidden: failed quota: compute: must specify limits.cpu for: bare; limits.memory for: bare; requests.cpu for: bare; requests.memory for: bare');
  const sized = { requests: { cpu: '600m', memory: '256Mi' }, limits: { cpu: '1', memory: '512Mi' } };
  await env.cluster.kubectl(['create', '-n', 'team-c', '-f', '-'], { input: pod('web', sized) });
  assert.equal(await refused(['create', '-n', 'team-c', '-f', '-'], pod('web-2', sized)),
    'Error from server (Forbidden): error when creating "STDIN": pods "web-2" is forbidden: exceeded quota: compute, requested: requests.cpu=600m, used: requests.cpu=600m, limited: requests.cpu=1');
  const out = await kubectl('get', 'quota', 'compute', '-n', 'team-c');
  assert.match(out, /^NAME\s+AGE\s+REQUEST\s+LIMIT$/m);
  assert.match(out, /^compute\s+\d+s\s+requests\.cpu: 600m\/1, requests\.memory: 256Mi\/1Gi\s+limits\.cpu: 1\/2, limits\.memory: 512Mi\/2Gi$/m);
});

test('scoped quotas count only the pods in their scopes', async () => {
  await kubectl('create', 'namespace', 'team-d');
  await kubectl('create', 'quota', 'best-effort', '-n', 'team-d', '--hard=pods=1', '--scopes=BestEffort');
  await until('team-d', 'best-effort', '.status.used.pods', '0');
  await kubectl('run', 'one', '-n', 'team-d', '--image=busybox');
  assert.match(await refused(['run', 'two', '-n', 'team-d', '--image=busybox']), /pods "two" is forbidden: exceeded quota: best-effort, requested: pods=1, used: pods=1, limited: pods=1$/);
  await env.cluster.kubectl(['create', '-n', 'team-d', '-f', '-'], { input: pod('burstable', { requests: { memory: '64Mi' } }) });
  await until('team-d', 'best-effort', '.status.used.pods', '1');
});

test('storage: claims and their requests, in all and per storage class', async () => {
  await kubectl('create', 'namespace', 'team-e');
  await kubectl('create', 'quota', 'storage', '-n', 'team-e', '--hard=requests.storage=4Gi,persistentvolumeclaims=5,gold.storageclass.storage.k8s.io/requests.storage=1Gi');
  await until('team-e', 'storage', '.status.used.requests\\.storage', '0');
  await env.cluster.kubectl(['create', '-n', 'team-e', '-f', '-'], { input: claim('data', '2Gi') });
  assert.equal(await refused(['create', '-n', 'team-e', '-f', '-'], claim('more', '3Gi')),
    'Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "more" is forbidden: exceeded quota: storage, requested: requests.storage=3Gi, used: requests.storage=2Gi, limited: requests.storage=4Gi');
  assert.equal(await refused(['create', '-n', 'team-e', '-f', '-'], claim('fast', '1536Mi', 'gold')),
    'Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "fast" is forbidden: exceeded quota: storage, requested: gold.storageclass.storage.k8s.io/requests.storage=1536Mi, used: gold.storageclass.storage.k8s.io/requests.storage=0, limited: gold.storageclass.storage.k8s.io/requests.storage=1Gi');
  await env.cluster.kubectl(['create', '-n', 'team-e', '-f', '-'], { input: claim('fast', '512Mi', 'gold') });
  assert.match(await kubectl('get', 'quota', 'storage', '-n', 'team-e'),
    /^storage\s+\d+s\s+gold\.storageclass\.storage\.k8s\.io\/requests\.storage: 512Mi\/1Gi, persistentvolumeclaims: 2\/5, requests\.storage: 2560Mi\/4Gi\s*$/m);
  // A deleted claim (the pvc-protection finalizer removed by its controller) gives its storage back.
  await kubectl('delete', 'pvc', 'data', '-n', 'team-e', '--timeout=20s');
  await until('team-e', 'storage', '.status.used.requests\\.storage', '512Mi');
});

test('concurrent creates in one namespace never together exceed a quota', async () => {
  await kubectl('create', 'namespace', 'team-f');
  await eventually(async () => ((await env.client.request('GET', '/api/v1/namespaces/team-f/configmaps/kube-root-ca.crt')).status === 200 ? true : undefined), 'kube-root-ca.crt');
  await kubectl('create', 'quota', 'q', '-n', 'team-f', '--hard=count/configmaps=6');
  await until('team-f', 'q', '.status.used.count/configmaps', '1');
  /** Fires `count` creates at once; answers how many were created and the distinct refusals (status and message). */
  const burst = async (prefix: string, count: number) => {
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => env.client.request('POST', '/api/v1/namespaces/team-f/configmaps', {
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${prefix}-${i}` } }),
    })));
    const refusals = new Set(answers.filter((a) => a.status !== 201).map((a) => {
      const status = a.json() as { code: number; reason: string; message: string };
      return `${status.code} ${status.reason} ${status.message.replace(/"[^"]+" is forbidden/, '"…" is forbidden')}`;
    }));
    return { created: answers.filter((a) => a.status === 201).length, refusals: [...refusals] };
  };
  const full = '403 Forbidden configmaps "…" is forbidden: exceeded quota: q, requested: count/configmaps=1, used: count/configmaps=6, limited: count/configmaps=6';
  assert.deepEqual(await burst('first', 30), { created: 5, refusals: [full] });
  const names = async () => (JSON.parse(await kubectl('get', 'configmaps', '-n', 'team-f', '-o', 'json')) as { items: Array<{ metadata: { name: string } }> }).items.map((i) => i.metadata.name);
  const created = (await names()).filter((name) => name.startsWith('first-'));
  assert.equal(created.length, 5);
  assert.equal(await jsonpath('team-f', 'q', '.status.used.count/configmaps'), '6');
  // The controller recounts after deletes (replenishment); the two freed shares go to exactly two of the next burst.
  await kubectl('delete', 'configmap', '-n', 'team-f', ...created.slice(0, 2));
  await until('team-f', 'q', '.status.used.count/configmaps', '4');
  assert.deepEqual(await burst('second', 30), { created: 2, refusals: [full] });
  assert.equal((await names()).length, 6);
  assert.equal(await jsonpath('team-f', 'q', '.status.used.count/configmaps'), '6');
});

test('a quota whose usage is not known yet refuses what it limits (status unknown); one not taken up limits nothing', async () => {
  await kubectl('create', 'namespace', 'team-g');
  await kubectl('create', 'quota', 'q', '-n', 'team-g', '--hard=pods=5,count/secrets=5');
  await until('team-g', 'q', '.status.used', '{"count/secrets":"0","pods":"0"}');
  // As if the controller had not measured pods yet: status.hard names them, status.used does not.
  await kubectl('patch', 'quota', 'q', '-n', 'team-g', '--subresource=status', '--type=json', '-p', '[{"op":"remove","path":"/status/used/pods"}]');
  assert.equal(await refused(['run', 'web', '-n', 'team-g', '--image=busybox']),
    'Error from server (Forbidden): pods "web" is forbidden: status unknown for quota: q, resources: pods');
  await kubectl('create', 'secret', 'generic', 's', '-n', 'team-g');
  // A quota without status.hard (not taken up) matches nothing (upstream's Matches reads status.hard).
  await kubectl('patch', 'quota', 'q', '-n', 'team-g', '--subresource=status', '--type=merge', '-p', '{"status":{"hard":null,"used":null}}');
  assert.match(await kubectl('run', 'web', '-n', 'team-g', '--image=busybox'), /^pod\/web created$/m);
});
