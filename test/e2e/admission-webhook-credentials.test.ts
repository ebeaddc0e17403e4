// Admission webhook client credentials end to end (spec 2-access-control: "Webhook plugins read client
// credentials through WebhookAdmissionConfiguration with kubeConfigFile"): the server's
// --admission-control-config-file gives ValidatingAdmissionWebhook a v1 WebhookAdmissionConfiguration in a
// file and MutatingAdmissionWebhook a v1alpha1 WebhookAdmission inline, both naming one kubeconfig whose users
// are picked by webhook host: a client certificate (files beside the kubeconfig) for a webhook on 127.0.0.1
// that requires one, a bearer token for another found by its `*.`-suffix. kubectl's writes reach both.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { startServer } from '../../src/index.js';
import { generateCa, generateClientCertificate } from '../../src/server/pki/generate.js';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { jsonPatch, startAdmissionWebhook, type AdmissionWebhookServer, type ReceivedReview } from './support/admission-webhook.js';

const TOKEN = 'webhook-bearer-token';
const CLIENT_NAME = 'kplane-admission-client';

let dir: string | undefined;
let withCertificate: AdmissionWebhookServer | undefined;
let withToken: AdmissionWebhookServer | undefined;
let cluster: TestCluster | undefined;

const deny = (review: ReceivedReview) => (review.request.name === 'denied' ? { allowed: false, status: { message: 'refused over mutual TLS' } } : undefined);
const label = () => ({ allowed: true, ...jsonPatch([{ op: 'add', path: '/metadata/labels', value: { 'seen-by': 'token-webhook' } }]) });

function webhookConfiguration(kind: 'ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration', name: string, server: AdmissionWebhookServer, path: string) {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind,
    metadata: { name },
    webhooks: [{
      name: `${name}.example.com`,
      clientConfig: { url: `${server.url}${path}`, caBundle: server.caBundle },
      rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
      namespaceSelector: { matchLabels: { credentials: 'checked' } },
      sideEffects: 'None',
      admissionReviewVersions: ['v1'],
    }],
  };
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-webhook-credentials-e2e-'));
  const now = new Date();
  const clientCa = await generateCa(now, 'webhook-client-ca');
  const client = await generateClientCertificate(clientCa, { commonName: CLIENT_NAME }, now);
  [withCertificate, withToken] = await Promise.all([startAdmissionWebhook(deny, { clientCa: clientCa.cert }), startAdmissionWebhook(label)]);
  const kubeconfig = join(dir, 'webhooks.kubeconfig');
  await Promise.all([
    writeFile(join(dir, 'client.crt'), client.cert),
    writeFile(join(dir, 'client.key'), client.key),
    writeFile(kubeconfig, YAML.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      users: [
        { name: `127.0.0.1:${withCertificate.port}`, user: { 'client-certificate': 'client.crt', 'client-key': 'client.key' } },
        { name: `*.0.0.1:${withToken.port}`, user: { token: TOKEN } },
      ],
    })),
    writeFile(join(dir, 'validating.yaml'), `apiVersion: apiserver.config.k8s.io/v1\nkind: WebhookAdmissionConfiguration\nkubeConfigFile: ${kubeconfig}\n`),
    writeFile(join(dir, 'admission.yaml'), YAML.stringify({
      apiVersion: 'apiserver.config.k8s.io/v1',
      kind: 'AdmissionConfiguration',
      plugins: [
        { name: 'ValidatingAdmissionWebhook', path: 'validating.yaml' },
        { name: 'MutatingAdmissionWebhook', configuration: { apiVersion: 'apiserver.config.k8s.io/v1alpha1', kind: 'WebhookAdmission', kubeConfigFile: kubeconfig } },
      ],
    })),
  ]);
  cluster = await startCluster({ admissionControlConfigFile: join(dir, 'admission.yaml') });
  await cluster.kubectl(['create', 'namespace', 'guarded']);
  await cluster.kubectl(['label', 'namespace', 'guarded', 'credentials=checked']);
  await cluster.kubectl(['apply', '-f', '-'], {
    input: [
      webhookConfiguration('ValidatingWebhookConfiguration', 'client-certificate', withCertificate, '/validate'),
      webhookConfiguration('MutatingWebhookConfiguration', 'bearer-token', withToken, '/mutate'),
    ].map((doc) => YAML.stringify(doc)).join('---\n'),
  });
  // The configurations take effect once the server's informers have them.
  await eventually(async () => ((await cluster!.kubectlResult(['create', 'configmap', 'denied', '-n', 'guarded', '--dry-run=server'])).code !== 0 ? true : undefined), 'the validating webhook');
});
after(async () => {
  await cluster?.stop();
  await Promise.all([withCertificate?.close(), withToken?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('a webhook that requires a client certificate is called with the one the kubeconfig gives its host', async () => {
  await cluster!.kubectl(['create', 'configmap', 'allowed', '-n', 'guarded']);
  const review = withCertificate!.on('/validate').find((r) => r.request.name === 'allowed');
  assert.equal(review?.clientCommonName, CLIENT_NAME);
  assert.equal(review?.authorization, undefined);
  const denied = await cluster!.kubectlResult(['create', 'configmap', 'denied', '-n', 'guarded']);
  assert.notEqual(denied.code, 0);
  assert.equal(denied.stderr.trim(), 'error: failed to create configmap: admission webhook "client-certificate.example.com" denied the request: refused over mutual TLS');
});

test('a token user\'s token reaches its webhook as Authorization: Bearer, and no client certificate does', async () => {
  await cluster!.kubectl(['create', 'configmap', 'labelled', '-n', 'guarded']);
  assert.equal(await cluster!.kubectl(['get', 'configmap', 'labelled', '-n', 'guarded', '-o', 'jsonpath={.metadata.labels.seen-by}']), 'token-webhook');
  const review = withToken!.on('/mutate').find((r) => r.request.name === 'labelled' && !r.request.dryRun);
  assert.equal(review?.authorization, `Bearer ${TOKEN}`);
  assert.equal(review?.clientCommonName, undefined);
});

test('the server refuses to start with a kubeConfigFile that is not absolute', async () => {
  const config = join(dir!, 'relative.yaml');
  await writeFile(config, [
    'apiVersion: apiserver.config.k8s.io/v1', 'kind: AdmissionConfiguration', 'plugins:', '- name: ValidatingAdmissionWebhook', '  configuration:',
    '    apiVersion: apiserver.config.k8s.io/v1', '    kind: WebhookAdmissionConfiguration', '    kubeConfigFile: webhooks.kubeconfig', '',
  ].join('\n'));
  await assert.rejects(startServer({ storage: 'memory', securePort: 0, admissionControlConfigFile: config }), {
    message: 'failed to initialize admission: couldn\'t init admission plugin "ValidatingAdmissionWebhook": kubeConfigFile: Invalid value: "webhooks.kubeconfig": must be an absolute file path',
  });
});
