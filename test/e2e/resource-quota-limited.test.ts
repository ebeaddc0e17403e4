// ResourceQuota's admission configuration through kubectl, as kube-apiserver 1.25 reads it from
// `--admission-control-config-file`: limited resources may be consumed only when a quota covers them. A claim of
// a storage class without a quota of that class is refused (403), a pod of a limited priority class without a
// quota of the PriorityClass scope too (upstream answers that one with a plain error, a 500); once quotas cover
// them they are admitted and charged. A configuration upstream refuses stops the start.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/index.js';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

let cluster: TestCluster;
let dir: string;

const CONFIGURATION = [
  'apiVersion: apiserver.config.k8s.io/v1',
  'kind: AdmissionConfiguration',
  'plugins:',
  '- name: ResourceQuota',
  '  configuration:',
  '    apiVersion: apiserver.config.k8s.io/v1',
  '    kind: ResourceQuotaConfiguration',
  '    limitedResources:',
  '    - resource: persistentvolumeclaims',
  '      matchContains: [.storageclass.storage.k8s.io/requests.storage]',
  '    - resource: pods',
  '      matchScopes:',
  '      - scopeName: PriorityClass',
  '        operator: In',
  '        values: [cluster-services]',
  '',
].join('\n');

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-quota-limited-'));
  const config = join(dir, 'admission.yaml');
  await writeFile(config, CONFIGURATION);
  cluster = await startCluster({ admissionControlConfigFile: config });
});
after(async () => {
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const kubectl = (...args: string[]) => cluster.kubectl(args);
const create = (manifest: object) => cluster.kubectlResult(['create', '-n', 'limited', '-f', '-'], { input: JSON.stringify(manifest) });
const claim = (name: string, storageClassName?: string) => ({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...(storageClassName ? { storageClassName } : {}) },
});
const pod = (name: string, priorityClassName?: string) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'app', image: 'busybox' }], ...(priorityClassName ? { priorityClassName } : {}) },
});
const used = (quota: string) => kubectl('get', 'quota', quota, '-n', 'limited', '-o', 'jsonpath={.status.used}');

test('limited resources need a covering quota; once one covers them they are charged', async () => {
  await kubectl('create', 'namespace', 'limited');
  await kubectl('create', 'priorityclass', 'cluster-services', '--value=1000');

  // Nothing limited is consumed: admitted in a namespace without quotas.
  assert.equal((await create(claim('plain'))).code, 0);
  assert.equal((await create(pod('ordinary'))).code, 0);

  let result = await create(claim('fast', 'gold'));
  assert.equal(result.stderr.trim(), 'Error from server (Forbidden): error when creating "STDIN": persistentvolumeclaims "fast" is forbidden: insufficient quota to consume: gold.storageclass.storage.k8s.io/requests.storage');
  result = await create(pod('critical', 'cluster-services'));
  assert.equal(result.stderr.trim(), 'Error from server: error when creating "STDIN": insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]');

  await kubectl('create', 'quota', 'gold', '-n', 'limited', '--hard=gold.storageclass.storage.k8s.io/requests.storage=5Gi');
  await kubectl('create', 'quota', 'critical', '-n', 'limited', '--hard=pods=2', '--scopes=PriorityClass');
  await eventually(async () => ((await used('gold')) === '{"gold.storageclass.storage.k8s.io/requests.storage":"0"}' ? true : undefined), 'the gold quota taken up');
  await eventually(async () => ((await used('critical')) === '{"pods":"0"}' ? true : undefined), 'the critical quota taken up');
  assert.equal((await create(claim('fast', 'gold'))).code, 0);
  assert.equal((await create(pod('critical', 'cluster-services'))).code, 0);
  assert.equal(await used('gold'), '{"gold.storageclass.storage.k8s.io/requests.storage":"1Gi"}');
  assert.equal(await used('critical'), '{"pods":"1"}');
});

test('a configuration upstream refuses stops the start', async () => {
  const config = join(dir, 'bad.yaml');
  await writeFile(config, CONFIGURATION.replace('    - resource: persistentvolumeclaims\n', '    - apiGroup: ""\n'));
  await assert.rejects(startServer({ storage: 'memory', dataDir: join(dir, 'bad-data'), securePort: 0, admissionControlConfigFile: config }),
    { message: 'failed to initialize admission: couldn\'t init admission plugin "ResourceQuota": limitedResources[0].resource: Required value' });
});
