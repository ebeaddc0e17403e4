// ImagePolicyWebhook end to end (spec 2-access-control §Admission plugins): a server started with
// `--enable-admission-plugins=ImagePolicyWebhook` and its `imagePolicy` configuration in a file named by the
// AdmissionConfiguration asks an HTTPS backend on 127.0.0.1 about every pod kubectl creates; the backend denies
// images from `evil/`. Without a configuration the server refuses to start.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/index.js';
import { startImagePolicyBackend, type ImagePolicyBackend } from '../../src/admission/plugins/test-image-policy-backend.js';
import { startCluster, type TestCluster } from './support/cluster.js';

let dir: string | undefined;
let backend: ImagePolicyBackend | undefined;
let cluster: TestCluster | undefined;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-image-policy-e2e-'));
  backend = await startImagePolicyBackend(dir, (review) => {
    const evil = (review.spec.containers ?? []).map((c) => c.image ?? '').filter((image) => image.startsWith('evil/'));
    return { status: evil.length > 0 ? { allowed: false, reason: `${evil.join(', ')} is not allowed` } : { allowed: true } };
  });
  await writeFile(join(dir, 'image-policy.yaml'), `imagePolicy:\n  kubeConfigFile: ${backend.kubeconfigPath}\n  allowTTL: 50\n  denyTTL: 50\n  retryBackoff: 500\n  defaultAllow: false\n`);
  const config = join(dir, 'admission.yaml');
  await writeFile(config, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: ImagePolicyWebhook\n  path: image-policy.yaml\n');
  cluster = await startCluster({ enableAdmissionPlugins: ['ImagePolicyWebhook'], admissionControlConfigFile: config });
});
after(async () => {
  await cluster?.stop();
  await backend?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('kubectl run: an allowed image is created, the backend seeing its image-policy annotations and namespace', async () => {
  await cluster!.kubectl(['run', 'web', '--image=registry.example/web:1', '--annotations=ticket.image-policy.k8s.io/id=7', '--annotations=team=a']);
  assert.equal((await cluster!.kubectl(['get', 'pod', 'web', '-o', 'jsonpath={.spec.containers[0].image}'])).trim(), 'registry.example/web:1');
  const review = backend!.received.find((r) => r.spec.containers?.[0]?.image === 'registry.example/web:1');
  assert.deepEqual(review?.spec, { containers: [{ image: 'registry.example/web:1' }], annotations: { 'ticket.image-policy.k8s.io/id': '7' }, namespace: 'default' });
  assert.equal(review?.body['apiVersion'], 'imagepolicy.k8s.io/v1alpha1');
});

test('kubectl run: a denied image is refused with 403 and the backend\'s reason, and nothing is created', async () => {
  const refused = await cluster!.kubectlResult(['run', 'miner', '--image=evil/miner']);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /Error from server \(Forbidden\): pods "miner" is forbidden: image policy webhook backend denied one or more images: evil\/miner is not allowed/);
  const missing = await cluster!.kubectlResult(['get', 'pod', 'miner']);
  assert.match(missing.stderr, /pods "miner" not found/);
});

test('the server refuses to start with ImagePolicyWebhook enabled and no configuration for it', async () => {
  await assert.rejects(startServer({ storage: 'memory', securePort: 0, enableAdmissionPlugins: ['ImagePolicyWebhook'] }), {
    message: 'failed to initialize admission: couldn\'t init admission plugin "ImagePolicyWebhook": no config specified',
  });
});
