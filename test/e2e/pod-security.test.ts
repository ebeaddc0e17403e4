// PodSecurity admission through kubectl, as kube-apiserver 1.25 answers (pod-security-admission v0.25): a
// namespace's `pod-security.kubernetes.io/*` labels refuse or warn of pods that break the Pod Security
// Standards, pod controllers' templates are warned of, labels that do not parse are refused, tightening a
// namespace's enforce level warns about its pods, and `--admission-control-config-file` sets the defaults and
// the exemptions.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/index.js';
import { startCluster, useCluster, type TestCluster } from './support/cluster.js';

const env = useCluster();

const RESTRICTED_NGINX_DETAIL =
  'allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';

async function namespaceWith(name: string, labels: Record<string, string>): Promise<void> {
  await env.cluster.kubectl(['create', 'namespace', name]);
  await env.cluster.kubectl(['label', 'namespace', name, ...Object.entries(labels).map(([k, v]) => `${k}=${v}`)]);
}

test('a namespace labelled enforce=restricted refuses a privileged pod with upstream\'s message', async () => {
  await namespaceWith('locked', { 'pod-security.kubernetes.io/enforce': 'restricted' });
  const refused = await env.cluster.kubectlResult(['run', 'priv', '-n', 'locked', '--image=nginx', '--privileged']);
  assert.equal(refused.code, 1);
  assert.equal(
    refused.stderr,
    'Error from server (Forbidden): pods "priv" is forbidden: violates PodSecurity "restricted:latest": privileged (container "priv" must not set securityContext.privileged=true), ' +
      'allowPrivilegeEscalation != false (container "priv" must set securityContext.allowPrivilegeEscalation=false), ' +
      'unrestricted capabilities (container "priv" must set securityContext.capabilities.drop=["ALL"]), ' +
      'runAsNonRoot != true (pod or container "priv" must set securityContext.runAsNonRoot=true), ' +
      'seccompProfile (pod or container "priv" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")\n',
  );
  // A pod that meets the standard is created.
  const compliant = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'fine', namespace: 'locked' },
    spec: {
      securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [{ name: 'c', image: 'nginx', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
    },
  };
  const created = await env.cluster.kubectlResult(['create', '-f', '-'], { input: JSON.stringify(compliant) });
  assert.deepEqual([created.code, created.stdout, created.stderr], [0, 'pod/fine created\n', '']);
  // The version label picks the policy version: runAsUser=0 is restricted from v1.23 on.
  await env.cluster.kubectl(['label', 'namespace', 'locked', 'pod-security.kubernetes.io/enforce-version=v1.22']);
  const root = { ...compliant, metadata: { name: 'root', namespace: 'locked' }, spec: { ...compliant.spec, securityContext: { ...compliant.spec.securityContext, runAsUser: 0 } } };
  assert.equal((await env.cluster.kubectlResult(['create', '-f', '-'], { input: JSON.stringify(root) })).code, 0);
});

test('warn=baseline: kubectl prints the Warning and the pod is created', async () => {
  await namespaceWith('warned', { 'pod-security.kubernetes.io/warn': 'baseline' });
  const result = await env.cluster.kubectlResult(['run', 'loud', '-n', 'warned', '--image=nginx', '--privileged']);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, 'Warning: would violate PodSecurity "baseline:latest": privileged (container "loud" must not set securityContext.privileged=true)\n');
  assert.equal(result.stdout, 'pod/loud created\n');
});

test('a Deployment in an enforce=restricted namespace is created, with the warn level\'s warning', async () => {
  await namespaceWith('apps-strict', { 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/warn': 'restricted' });
  const result = await env.cluster.kubectlResult(['create', 'deployment', 'web', '-n', 'apps-strict', '--image=nginx']);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, `Warning: would violate PodSecurity "restricted:latest": ${RESTRICTED_NGINX_DETAIL}\n`);
  assert.equal(result.stdout, 'deployment.apps/web created\n');
  // In 1.25 the warn level does not follow the enforce level (that came in 1.26): enforce alone warns of nothing.
  await namespaceWith('apps-enforced', { 'pod-security.kubernetes.io/enforce': 'restricted' });
  const quiet = await env.cluster.kubectlResult(['create', 'deployment', 'web', '-n', 'apps-enforced', '--image=nginx']);
  assert.deepEqual([quiet.code, quiet.stderr, quiet.stdout], [0, '', 'deployment.apps/web created\n']);
});

test('a label value that does not parse is refused', async () => {
  await env.cluster.kubectl(['create', 'namespace', 'typo']);
  const refused = await env.cluster.kubectlResult(['label', 'namespace', 'typo', 'pod-security.kubernetes.io/enforce=strict']);
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr, 'The Namespace "typo" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted\n');
  const manifest = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'badver', labels: { 'pod-security.kubernetes.io/warn-version': '1.25' } } };
  const created = await env.cluster.kubectlResult(['create', '-f', '-'], { input: JSON.stringify(manifest) });
  assert.equal(created.stderr, 'The Namespace "badver" is invalid: metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.25": must be "latest" or "v1.x"\n');
});

test('tightening a namespace\'s enforce level warns about its existing pods (server-side dry run too)', async () => {
  await env.cluster.kubectl(['create', 'namespace', 'legacy']);
  await env.cluster.kubectl(['run', 'old', '-n', 'legacy', '--image=nginx', '--privileged']);
  await env.cluster.kubectl(['run', 'older', '-n', 'legacy', '--image=nginx', '--privileged']);
  const expected =
    'Warning: existing pods in namespace "legacy" violate the new PodSecurity enforce level "baseline:latest"\n' +
    'Warning: old (and 1 other pod): privileged\n';
  const dryRun = await env.cluster.kubectlResult(['label', 'namespace', 'legacy', 'pod-security.kubernetes.io/enforce=baseline', '--dry-run=server']);
  assert.deepEqual([dryRun.code, dryRun.stderr], [0, expected]);
  assert.equal(await env.cluster.kubectl(['get', 'namespace', 'legacy', '-o', 'jsonpath={.metadata.labels.pod-security\\.kubernetes\\.io/enforce}']), '');
  const labelled = await env.cluster.kubectlResult(['label', 'namespace', 'legacy', 'pod-security.kubernetes.io/enforce=baseline']);
  assert.deepEqual([labelled.code, labelled.stderr, labelled.stdout], [0, expected, 'namespace/legacy labeled\n']);
  // The pods stay; an update that changes only their metadata is not evaluated, one that changes an image is.
  assert.equal((await env.cluster.kubectlResult(['label', 'pod', 'old', '-n', 'legacy', 'tier=web'])).code, 0);
  const image = await env.cluster.kubectlResult(['set', 'image', 'pod/old', '-n', 'legacy', 'old=nginx:2']);
  assert.match(image.stderr, /pods "old" is forbidden: violates PodSecurity "baseline:latest": privileged \(container "old" must not set securityContext.privileged=true\)/);
  // Relaxing it warns of nothing.
  const relaxed = await env.cluster.kubectlResult(['label', 'namespace', 'legacy', 'pod-security.kubernetes.io/enforce=privileged', '--overwrite']);
  assert.deepEqual([relaxed.code, relaxed.stderr], [0, '']);
});

describe('--admission-control-config-file', () => {
  let dir: string;
  let cluster: TestCluster;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kplane-pod-security-'));
    await mkdir(join(dir, 'plugins'));
    await writeFile(join(dir, 'admission.yaml'), [
      'apiVersion: apiserver.config.k8s.io/v1',
      'kind: AdmissionConfiguration',
      'plugins:',
      '- name: PodSecurity',
      '  path: plugins/pod-security.yaml',
      '',
    ].join('\n'));
    await writeFile(join(dir, 'plugins', 'pod-security.yaml'), [
      'apiVersion: pod-security.admission.config.k8s.io/v1',
      'kind: PodSecurityConfiguration',
      'defaults:',
      '  enforce: baseline',
      'exemptions:',
      '  usernames: ["jane"]',
      '  namespaces: ["sandbox"]',
      '',
    ].join('\n'));
    cluster = await startCluster({ admissionControlConfigFile: join(dir, 'admission.yaml') });
  });
  after(async () => {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the configured default level applies where a namespace has no label', async () => {
    const refused = await cluster.kubectlResult(['run', 'priv', '--image=nginx', '--privileged']);
    assert.equal(refused.stderr, 'Error from server (Forbidden): pods "priv" is forbidden: violates PodSecurity "baseline:latest": privileged (container "priv" must not set securityContext.privileged=true)\n');
  });

  test('an exempt username and an exempt namespace pass', async () => {
    const asJane = await cluster.kubectlResult(['run', 'janes', '--image=nginx', '--privileged', '--as=jane', '--as-group=system:masters']);
    assert.deepEqual([asJane.code, asJane.stdout], [0, 'pod/janes created\n']);
    await cluster.kubectl(['create', 'namespace', 'sandbox']);
    const inSandbox = await cluster.kubectlResult(['run', 'free', '-n', 'sandbox', '--image=nginx', '--privileged']);
    assert.deepEqual([inSandbox.code, inSandbox.stdout], [0, 'pod/free created\n']);
    const labelled = await cluster.kubectlResult(['label', 'namespace', 'sandbox', 'pod-security.kubernetes.io/enforce=restricted']);
    assert.equal(labelled.stderr, 'Warning: namespace "sandbox" is exempt from Pod Security, and the policy (enforce=restricted:latest) will be ignored\n');
  });

  test('a configuration upstream refuses stops the start', async () => {
    await writeFile(join(dir, 'bad.yaml'), [
      'apiVersion: apiserver.config.k8s.io/v1',
      'kind: AdmissionConfiguration',
      'plugins:',
      '- name: PodSecurity',
      '  configuration:',
      '    apiVersion: pod-security.admission.config.k8s.io/v1beta1',
      '    kind: PodSecurityConfiguration',
      '    defaults: {enforce: strict}',
      '',
    ].join('\n'));
    await assert.rejects(startServer({ storage: 'memory', securePort: 0, admissionControlConfigFile: join(dir, 'bad.yaml') }), {
      message: 'failed to initialize admission: failed to initialize admission plugin "PodSecurity": PodSecurity configuration error: Enforce.Level: must be one of privileged, baseline, restricted',
    });
    await assert.rejects(startServer({ storage: 'memory', securePort: 0, admissionControlConfigFile: join(dir, 'missing.yaml') }), {
      message: `failed to initialize admission: failed to read plugin config: unable to read admission control configuration from "${join(dir, 'missing.yaml')}" [open ${join(dir, 'missing.yaml')}: no such file or directory]`,
    });
  });
});
