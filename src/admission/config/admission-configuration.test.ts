// `--admission-control-config-file`: the AdmissionConfiguration and the plugins' configuration documents.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAdmissionConfiguration } from './admission-configuration.js';
import { decodeConfig } from './decode.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-admission-config-'));
  await mkdir(join(dir, 'plugins'));
});
after(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('readAdmissionConfiguration', () => {
  it('gives no plugin a configuration without a file', async () => {
    assert.equal((await readAdmissionConfiguration(undefined, ['PodSecurity'])).configFor('PodSecurity'), undefined);
  });

  it('reads inline configurations and files relative to the configuration file, YAML or JSON', async () => {
    await file('plugins/ps.yaml', 'apiVersion: pod-security.admission.config.k8s.io/v1\nkind: PodSecurityConfiguration\n');
    const absolute = await file('quota.json', '{"kind":"Configuration"}');
    const path = await file('admission.yaml', `apiVersion: apiserver.config.k8s.io/v1
kind: AdmissionConfiguration
plugins:
- name: PodSecurity
  path: plugins/ps.yaml
- name: ResourceQuota
  path: ${absolute}
- name: EventRateLimit
  configuration:
    apiVersion: eventratelimit.admission.k8s.io/v1alpha1
    kind: Configuration
    limits: [{type: Server, qps: 1, burst: 2}]
- name: EventRateLimit
  path: ignored-second-entry.yaml
- name: DenyServiceExternalIPs
  path: missing-but-not-enabled.yaml
`);
    const config = await readAdmissionConfiguration(path, ['PodSecurity', 'ResourceQuota', 'EventRateLimit', 'LimitRanger']);
    assert.deepEqual(config.configFor('PodSecurity'), { data: 'apiVersion: pod-security.admission.config.k8s.io/v1\nkind: PodSecurityConfiguration\n', origin: join(dir, 'plugins/ps.yaml') });
    assert.deepEqual(config.configFor('ResourceQuota'), { data: '{"kind":"Configuration"}', origin: absolute });
    assert.deepEqual(config.configFor('EventRateLimit'), {
      data: '{"apiVersion":"eventratelimit.admission.k8s.io/v1alpha1","kind":"Configuration","limits":[{"type":"Server","qps":1,"burst":2}]}',
      origin: `${path} plugins[2].configuration`,
    });
    assert.equal(config.configFor('LimitRanger'), undefined);
    assert.equal(config.configFor('DenyServiceExternalIPs'), undefined);
  });

  it('reads v1alpha1 and JSON', async () => {
    const path = await file('alpha.json', '{"apiVersion":"apiserver.config.k8s.io/v1alpha1","kind":"AdmissionConfiguration","plugins":[{"name":"PodSecurity","configuration":{"a":1}}]}');
    assert.equal((await readAdmissionConfiguration(path, ['PodSecurity'])).configFor('PodSecurity')?.data, '{"a":1}');
  });

  it('accepts the legacy unversioned files, the configuration of ImagePolicyWebhook and PodNodeSelector', async () => {
    const path = await file('legacy.yaml', 'imagePolicy:\n  kubeConfigFile: x\n');
    assert.equal((await readAdmissionConfiguration(path, ['PodSecurity'])).configFor('PodSecurity'), undefined);
    const selectors = 'podNodeSelectorPluginConfig:\n  clusterDefaultNodeSelector: env=prod\n';
    const legacy = await file('legacy-selector.yaml', selectors);
    const configuration = await readAdmissionConfiguration(legacy, ['PodSecurity', 'PodNodeSelector']);
    assert.deepEqual([configuration.configFor('PodNodeSelector'), configuration.configFor('PodSecurity')], [{ data: selectors, origin: legacy }, undefined]);
  });

  const refusals: [string, string | undefined, string][] = [
    ['a missing file', undefined, 'failed to read plugin config: unable to read admission control configuration from "{dir}/nope.yaml" [open {dir}/nope.yaml: no such file or directory]'],
    ['no apiVersion', '{"kind":"AdmissionConfiguration"}', `failed to read plugin config: Object 'apiVersion' is missing in '{"kind":"AdmissionConfiguration"}'`],
    ['no kind', 'apiVersion: apiserver.config.k8s.io/v1\n', `failed to read plugin config: Object 'Kind' is missing in 'apiVersion: apiserver.config.k8s.io/v1\n'`],
    ['a version 1.25 lacks', 'apiVersion: apiserver.config.k8s.io/v1beta1\nkind: AdmissionConfiguration\n', 'failed to read plugin config: no kind "AdmissionConfiguration" is registered for version "apiserver.config.k8s.io/v1beta1" in scheme "k8s.io/apiserver/pkg/server/options/admission.go"'],
    ['another kind', 'apiVersion: apiserver.config.k8s.io/v1\nkind: EgressSelectorConfiguration\n', 'failed to read plugin config: no kind "EgressSelectorConfiguration" is registered for version "apiserver.config.k8s.io/v1"'],
    ['plugins that are not a list', 'apiVersion: apiserver.config.k8s.io/v1\nkind: AdmissionConfiguration\nplugins: {name: x}\n', 'failed to read plugin config: json: cannot unmarshal object into Go struct field AdmissionConfiguration.plugins of type []v1.AdmissionPluginConfiguration'],
    ['YAML that does not parse', 'apiVersion: [\n', 'failed to read plugin config: error converting YAML to JSON: '],
    ['a plugin file that cannot be read', 'apiVersion: apiserver.config.k8s.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: PodSecurity\n  path: nowhere.yaml\n', "Couldn't open admission plugin configuration {dir}/nowhere.yaml: open {dir}/nowhere.yaml: no such file or directory"],
  ];
  for (const [name, content, message] of refusals) {
    it(`refuses ${name}`, async () => {
      const path = content === undefined ? join(dir, 'nope.yaml') : await file('bad.yaml', content);
      await assert.rejects(readAdmissionConfiguration(path, ['PodSecurity']), (error: Error) => {
        assert.ok(error.message.startsWith(message.replaceAll('{dir}', dir)), error.message);
        return true;
      });
    });
  }
});

describe('decodeConfig', () => {
  const scheme = { group: 'eventratelimit.admission.k8s.io', kind: 'Configuration', versions: ['v1alpha1'], scheme: 'x.go' };
  it('gives the version and fields of a registered kind; an empty document has no kind, as upstream\'s decoder says', () => {
    assert.deepEqual(decodeConfig({ data: '{"apiVersion":"eventratelimit.admission.k8s.io/v1alpha1","kind":"Configuration","limits":[]}', origin: '' }, scheme), {
      version: 'v1alpha1',
      object: { apiVersion: 'eventratelimit.admission.k8s.io/v1alpha1', kind: 'Configuration', limits: [] },
    });
    assert.throws(() => decodeConfig({ data: '', origin: '' }, scheme), { message: "Object 'Kind' is missing in ''" });
    assert.throws(() => decodeConfig({ data: '# nothing\n', origin: '' }, scheme), { message: "Object 'Kind' is missing in '# nothing\n'" });
  });
  it('refuses documents that are not objects', () => {
    assert.throws(() => decodeConfig({ data: '[1]', origin: '' }, scheme), /^Error: couldn't get version\/kind; json parse error: json: cannot unmarshal array into Go value of type struct/);
  });
});
