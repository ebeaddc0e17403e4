// ImagePolicyWebhook's configuration: decoding and normalizing `imagePolicy` (upstream config.go and its
// TestConfigNormalization), and loading its backend's kubeconfig at start.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAdmissionPluginConfigs } from '../registry.js';
import { decodeImagePolicyWebhookConfig, loadImagePolicyWebhookConfiguration, type ImagePolicyWebhookConfig } from './image-policy-webhook-config.js';

const source = (data: string) => ({ data, origin: 'test' });
const DEFAULTS: ImagePolicyWebhookConfig = { kubeConfigFile: '', allowTtlMs: 300_000, denyTtlMs: 30_000, retryBackoffMs: 500, defaultAllow: false };
const YAML_PREFIX = 'error unmarshaling JSON: while decoding JSON: ';
const FIELD = 'Go struct field imagePolicyWebhookConfig.imagePolicy';

describe('decodeImagePolicyWebhookConfig', () => {
  const accepted: [string, string, Partial<ImagePolicyWebhookConfig>][] = [
    ['JSON', '{"imagePolicy":{"kubeConfigFile":"/k","allowTTL":50,"denyTTL":20,"retryBackoff":250,"defaultAllow":true}}',
      { kubeConfigFile: '/k', allowTtlMs: 50_000, denyTtlMs: 20_000, retryBackoffMs: 250, defaultAllow: true }],
    ['YAML', 'imagePolicy:\n  kubeConfigFile: /k\n  allowTTL: 50\n  denyTTL: 20\n  retryBackoff: 250\n  defaultAllow: true\n',
      { kubeConfigFile: '/k', allowTtlMs: 50_000, denyTtlMs: 20_000, retryBackoffMs: 250, defaultAllow: true }],
    ['0 for the defaults', '{"imagePolicy":{"allowTTL":0,"denyTTL":0,"retryBackoff":0}}', {}],
    ['fields left out for the defaults, unknown fields ignored', 'imagePolicy: {kubeConfigFile: /k, extra: 1}\nother: x\n', { kubeConfigFile: '/k' }],
    ['null fields for the defaults', '{"imagePolicy":{"allowTTL":null,"defaultAllow":null}}', {}],
    ['no imagePolicy at all', '{}', {}],
    ['a YAML document of comments only', '# nothing\n', {}],
    ['-1 disabling each', '{"imagePolicy":{"allowTTL":-1,"denyTTL":-1,"retryBackoff":-1}}', { allowTtlMs: 0, denyTtlMs: 0, retryBackoffMs: 0 }],
    ['the bounds themselves', '{"imagePolicy":{"allowTTL":1,"denyTTL":1800,"retryBackoff":300000}}', { allowTtlMs: 1000, denyTtlMs: 1_800_000, retryBackoffMs: 300_000 }],
    ['keys in another case, as encoding/json matches them', '{"ImagePolicy":{"ALLOWTTL":60,"defaultallow":true}}', { allowTtlMs: 60_000, defaultAllow: true }],
    ['a later key over an earlier one', '{"imagePolicy":{"allowTTL":5,"allowTTL":7}}', { allowTtlMs: 7000 }],
  ];
  for (const [name, data, expected] of accepted) {
    it(`reads ${name}`, () => assert.deepEqual(decodeImagePolicyWebhookConfig(source(data)), { ...DEFAULTS, ...expected }));
  }

  const refused: [string, string | undefined, string][] = [
    ['no configuration', undefined, 'no config specified'],
    ['an empty document', '', 'EOF'],
    ['an allowTTL past 30 minutes', '{"imagePolicy":{"allowTTL":1801}}', 'valid value is between 1s and 30m0s, got 30m1s'],
    ['a denyTTL under a second', '{"imagePolicy":{"denyTTL":-2}}', 'valid value is between 1s and 30m0s, got -2s'],
    ['a retryBackoff past 5 minutes', '{"imagePolicy":{"retryBackoff":300001}}', 'valid value is between 1ns and 5m0s, got 5m0.001s'],
    ['a negative retryBackoff', '{"imagePolicy":{"retryBackoff":-5}}', 'valid value is between 1ns and 5m0s, got -5ms'],
    ['the backoff first, as upstream checks it', '{"imagePolicy":{"allowTTL":3600,"retryBackoff":-5}}', 'valid value is between 1ns and 5m0s, got -5ms'],
    ['a duration as a string (YAML)', 'imagePolicy:\n  allowTTL: 5m\n', `${YAML_PREFIX}json: cannot unmarshal string into ${FIELD}.allowTTL of type time.Duration`],
    ['a fraction (JSON)', '{"imagePolicy":{"denyTTL":1.5}}', `json: cannot unmarshal number 1.5 into ${FIELD}.denyTTL of type time.Duration`],
    ['a quoted boolean', '{"imagePolicy":{"defaultAllow":"true"}}', `json: cannot unmarshal string into ${FIELD}.defaultAllow of type bool`],
    ['a kubeconfig path that is not a string', '{"imagePolicy":{"kubeConfigFile":["a"]}}', `json: cannot unmarshal array into ${FIELD}.kubeConfigFile of type string`],
    ['the first type error of several', '{"imagePolicy":{"retryBackoff":"x","allowTTL":"y"}}', `json: cannot unmarshal string into ${FIELD}.retryBackoff of type time.Duration`],
    ['an imagePolicy that is not an object', 'imagePolicy: [1]\n', `${YAML_PREFIX}json: cannot unmarshal array into Go struct field AdmissionConfig.imagePolicy of type imagepolicy.imagePolicyWebhookConfig`],
    ['a document that is not an object', '- imagePolicy\n', `${YAML_PREFIX}json: cannot unmarshal array into Go value of type imagepolicy.AdmissionConfig`],
  ];
  for (const [name, data, message] of refused) {
    it(`refuses ${name}`, () => assert.throws(() => decodeImagePolicyWebhookConfig(data === undefined ? undefined : source(data)), { message }));
  }

  it('refuses YAML and JSON that do not parse', () => {
    assert.throws(() => decodeImagePolicyWebhookConfig(source('imagePolicy: [\n')), /^Error: error converting YAML to JSON: /);
    assert.throws(() => decodeImagePolicyWebhookConfig(source('{"imagePolicy": }')), /^Error: json: /);
  });
});

describe('loadImagePolicyWebhookConfiguration', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kplane-image-policy-config-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const kubeconfig = async (name: string, server: string, context = true): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, [
      'apiVersion: v1', 'kind: Config',
      'clusters:', `- name: backend`, '  cluster:', `    server: ${server}`,
      'users:', '- name: apiserver', '  user:', '    token: secret',
      ...(context ? ['contexts:', '- name: default', '  context: {cluster: backend, user: apiserver}', 'current-context: default'] : []),
      '',
    ].join('\n'));
    return path;
  };
  const withKubeconfig = (path: string, extra = '') => source(`{"imagePolicy":{"kubeConfigFile":${JSON.stringify(path)}${extra}}}`);
  const PREFIX = 'couldn\'t init admission plugin "ImagePolicyWebhook": ';

  it('loads an https backend with the normalized configuration', async () => {
    const loaded = await loadImagePolicyWebhookConfiguration(withKubeconfig(await kubeconfig('good.yaml', 'https://127.0.0.1:1/review'), ',"denyTTL":10'));
    assert.deepEqual(loaded.config, { ...DEFAULTS, kubeConfigFile: join(dir, 'good.yaml'), denyTtlMs: 10_000 });
    assert.equal(typeof loaded.client, 'function');
  });

  it('throws at once without a configuration, so that the registry\'s fallback throws too', () => {
    assert.throws(() => loadImagePolicyWebhookConfiguration(undefined), { message: `${PREFIX}no config specified` });
    assert.throws(() => loadImagePolicyWebhookConfiguration(source('{"imagePolicy":{"allowTTL":0.5}}')), /^Error: couldn't init admission plugin "ImagePolicyWebhook": json: cannot unmarshal number 0.5/);
  });

  // The paths and messages are functions: the directory is made when the tests run.
  const backends: [string, () => Promise<string>, () => string][] = [
    ['no kubeconfig file named', async () => '', () => `${PREFIX}invalid configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable`],
    ['a kubeconfig file that is missing', async () => join(dir, 'missing.yaml'), () => `${PREFIX}stat ${join(dir, 'missing.yaml')}: no such file or directory`],
    ['a kubeconfig without a current context', () => kubeconfig('no-context.yaml', 'https://127.0.0.1:1', false), () => `${PREFIX}invalid configuration: no configuration has been provided`],
    ['a backend over plain http', () => kubeconfig('http.yaml', 'http://127.0.0.1:1/review'),
      () => `${PREFIX}the image policy webhook backend must be served over https, the kubeconfig ${join(dir, 'http.yaml')} names server "http://127.0.0.1:1/review"`],
  ];
  for (const [name, path, message] of backends) {
    it(`refuses ${name}`, async () => assert.rejects(loadImagePolicyWebhookConfiguration(withKubeconfig(await path())), { message: message() }));
  }

  it('is read from --admission-control-config-file at start: inline, from a legacy file, or refused when missing', async () => {
    const backend = await kubeconfig('start.yaml', 'https://127.0.0.1:1');
    const admission = join(dir, 'admission.yaml');
    await writeFile(admission, `apiVersion: apiserver.config.k8s.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: ImagePolicyWebhook\n  configuration:\n    imagePolicy:\n      kubeConfigFile: ${backend}\n      allowTTL: 9\n`);
    const legacy = join(dir, 'legacy.yaml');
    await writeFile(legacy, `imagePolicy:\n  kubeConfigFile: ${backend}\n  defaultAllow: true\n`);
    const selection = { enable: ['ImagePolicyWebhook'] };
    const inline = (await loadAdmissionPluginConfigs(selection, admission)).get('ImagePolicyWebhook') as { config: ImagePolicyWebhookConfig };
    assert.equal(inline.config.allowTtlMs, 9000);
    const fromLegacy = (await loadAdmissionPluginConfigs(selection, legacy)).get('ImagePolicyWebhook') as { config: ImagePolicyWebhookConfig };
    assert.equal(fromLegacy.config.defaultAllow, true);
    await assert.rejects(loadAdmissionPluginConfigs(selection, undefined), { message: `failed to initialize admission: ${PREFIX}no config specified` });
  });
});
