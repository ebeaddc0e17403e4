// The webhook plugins' WebhookAdmissionConfiguration (upstream kubeconfig.go LoadConfig): the kinds and
// versions upstream registers, the absolute kubeConfigFile, apimachinery's errors, and the loader's kubeconfig.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeWebhookAdmissionConfiguration, webhookAdmissionConfigurationLoader } from './webhook-admission-config.js';

const SCHEME = 'k8s.io/apiserver/pkg/admission/plugin/webhook/config/kubeconfig.go:35';
const source = (data: string) => ({ data, origin: 'test' });

test('decodeWebhookAdmissionConfiguration: kinds, versions and kubeConfigFile', () => {
  const cases: { name: string; data: string; want?: string; error?: string }[] = [
    { name: 'v1 WebhookAdmissionConfiguration', data: 'apiVersion: apiserver.config.k8s.io/v1\nkind: WebhookAdmissionConfiguration\nkubeConfigFile: /etc/kubeconfig\n', want: '/etc/kubeconfig' },
    { name: 'v1alpha1 WebhookAdmission', data: 'apiVersion: apiserver.config.k8s.io/v1alpha1\nkind: WebhookAdmission\nkubeConfigFile: /etc/kubeconfig\n', want: '/etc/kubeconfig' },
    { name: 'JSON, as an inline configuration arrives', data: '{"apiVersion":"apiserver.config.k8s.io/v1","kind":"WebhookAdmissionConfiguration","kubeConfigFile":"/k"}', want: '/k' },
    { name: 'unknown fields are ignored', data: '{"apiVersion":"apiserver.config.k8s.io/v1","kind":"WebhookAdmissionConfiguration","kubeConfigFile":"/k","other":1}', want: '/k' },
    {
      name: 'v1alpha1 knows no WebhookAdmissionConfiguration',
      data: 'apiVersion: apiserver.config.k8s.io/v1alpha1\nkind: WebhookAdmissionConfiguration\nkubeConfigFile: /k\n',
      error: `no kind "WebhookAdmissionConfiguration" is registered for version "apiserver.config.k8s.io/v1alpha1" in scheme "${SCHEME}"`,
    },
    {
      name: 'v1 knows no WebhookAdmission',
      data: 'apiVersion: apiserver.config.k8s.io/v1\nkind: WebhookAdmission\nkubeConfigFile: /k\n',
      error: `no kind "WebhookAdmission" is registered for version "apiserver.config.k8s.io/v1" in scheme "${SCHEME}"`,
    },
    { name: 'an unknown kind', data: '{"kind":"Unknown","apiVersion":"v1"}', error: `no kind "Unknown" is registered for version "v1" in scheme "${SCHEME}"` },
    { name: 'empty', data: '', error: "Object 'Kind' is missing in ''" },
    { name: 'no apiVersion', data: '{"kind":"WebhookAdmissionConfiguration"}', error: `Object 'apiVersion' is missing in '{"kind":"WebhookAdmissionConfiguration"}'` },
    { name: 'a relative path', data: 'apiVersion: apiserver.config.k8s.io/v1\nkind: WebhookAdmissionConfiguration\nkubeConfigFile: etc/kubeconfig\n', error: 'kubeConfigFile: Invalid value: "etc/kubeconfig": must be an absolute file path' },
    { name: 'no kubeConfigFile', data: 'apiVersion: apiserver.config.k8s.io/v1\nkind: WebhookAdmissionConfiguration\n', error: 'kubeConfigFile: Invalid value: "": must be an absolute file path' },
    {
      name: 'a kubeConfigFile that is not a string',
      data: 'apiVersion: apiserver.config.k8s.io/v1\nkind: WebhookAdmissionConfiguration\nkubeConfigFile: 5\n',
      error: 'json: cannot unmarshal number into Go struct field WebhookAdmission.kubeConfigFile of type string',
    },
  ];
  for (const c of cases) {
    if (c.error !== undefined) assert.throws(() => decodeWebhookAdmissionConfiguration(source(c.data)), { message: c.error }, c.name);
    else assert.equal(decodeWebhookAdmissionConfiguration(source(c.data)), c.want, c.name);
  }
});

test('decodeWebhookAdmissionConfiguration: no configuration is no kubeconfig', () => {
  assert.equal(decodeWebhookAdmissionConfiguration(undefined), '');
});

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-webhook-admission-config-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const configuration = (kubeConfigFile: string) => source(JSON.stringify({ apiVersion: 'apiserver.config.k8s.io/v1', kind: 'WebhookAdmissionConfiguration', kubeConfigFile }));

test('the loader: anonymous at once without a configuration; the kubeconfig\'s users with one', async () => {
  const load = webhookAdmissionConfigurationLoader('ValidatingAdmissionWebhook');
  const anonymous = load(undefined);
  assert.ok(!(anonymous instanceof Promise));
  assert.deepEqual(await (await anonymous.credentialsFor('x:443')).headers(), {});
  const path = join(dir, 'kubeconfig');
  await writeFile(path, [
    'apiVersion: v1', 'kind: Config', 'current-context: c',
    'contexts:', '- name: c', '  context: {user: fallback}',
    'users:', '- name: hook.ns.svc', '  user: {token: svc-token}', '- name: fallback', '  user: {token: fallback-token}', '',
  ].join('\n'));
  const resolver = await load(configuration(path));
  assert.deepEqual(await (await resolver.credentialsFor('hook.ns.svc:443')).headers(), { authorization: 'Bearer svc-token' });
  assert.deepEqual(await (await resolver.credentialsFor('other:443')).headers(), { authorization: 'Bearer fallback-token' });
});

test('the loader: upstream\'s refusals, named after the plugin', async () => {
  const load = webhookAdmissionConfigurationLoader('MutatingAdmissionWebhook');
  assert.throws(() => load(configuration('relative')), { message: 'couldn\'t init admission plugin "MutatingAdmissionWebhook": kubeConfigFile: Invalid value: "relative": must be an absolute file path' });
  const missing = join(dir, 'missing');
  await assert.rejects(Promise.resolve(load(configuration(missing))), { message: `couldn't init admission plugin "MutatingAdmissionWebhook": stat ${missing}: no such file or directory` });
  const duplicate = join(dir, 'duplicate');
  await writeFile(duplicate, 'users:\n- name: a\n  user: {token: x}\n- name: a\n  user: {token: y}\n');
  await assert.rejects(Promise.resolve(load(configuration(duplicate))), {
    message: `couldn't init admission plugin "MutatingAdmissionWebhook": error loading config file "${duplicate}": error converting *[]NamedAuthInfo into *map[string]*api.AuthInfo: duplicate name "a" in list`,
  });
  const empty = join(dir, 'empty');
  await writeFile(empty, '');
  assert.deepEqual(await (await (await load(configuration(empty))).credentialsFor('x:443')).headers(), {});
});
