// PodSecurityConfiguration as upstream's loader and validation of v0.25 read it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodePodSecurityConfiguration, loadPodSecurityConfiguration } from './configuration.js';

const source = (data: string) => ({ data, origin: 'test' });
const DEFAULTS = { enforce: 'privileged', enforceVersion: 'latest', audit: 'privileged', auditVersion: 'latest', warn: 'privileged', warnVersion: 'latest' };
const NO_EXEMPTIONS = { usernames: [], namespaces: [], runtimeClasses: [] };

describe('PodSecurityConfiguration', () => {
  it('is privileged and latest everywhere without a configuration, or with an empty one', () => {
    assert.deepEqual(decodePodSecurityConfiguration(undefined), { defaults: DEFAULTS, exemptions: NO_EXEMPTIONS });
    assert.deepEqual(decodePodSecurityConfiguration(source('')), { defaults: DEFAULTS, exemptions: NO_EXEMPTIONS });
    const loaded = loadPodSecurityConfiguration(undefined);
    assert.deepEqual(loaded.defaultPolicy, { enforce: { level: 'privileged', version: 'latest' }, audit: { level: 'privileged', version: 'latest' }, warn: { level: 'privileged', version: 'latest' } });
  });

  for (const version of ['v1', 'v1beta1', 'v1alpha1']) {
    it(`reads ${version}, YAML or JSON, defaulting what it leaves out`, () => {
      const yaml = `apiVersion: pod-security.admission.config.k8s.io/${version}
kind: PodSecurityConfiguration
defaults:
  enforce: baseline
  enforce-version: v1.7
exemptions:
  usernames: ["alice","bob"]
  namespaces: ["kube-system"]
  runtimeClasses: ["special"]
`;
      assert.deepEqual(decodePodSecurityConfiguration(source(yaml)), {
        defaults: { ...DEFAULTS, enforce: 'baseline', enforceVersion: 'v1.7' },
        exemptions: { usernames: ['alice', 'bob'], namespaces: ['kube-system'], runtimeClasses: ['special'] },
      });
      const json = `{"apiVersion":"pod-security.admission.config.k8s.io/${version}","kind":"PodSecurityConfiguration","defaults":{"warn":"restricted"}}`;
      assert.deepEqual(decodePodSecurityConfiguration(source(json)).defaults, { ...DEFAULTS, warn: 'restricted' });
    });
  }

  const decodeErrors: [string, string, string][] = [
    ['missing apiVersion', '{"kind":"PodSecurityConfiguration"}', `Object 'apiVersion' is missing in '{"kind":"PodSecurityConfiguration"}'`],
    ['missing kind', '{"apiVersion":"pod-security.admission.config.k8s.io/v1alpha1"}', `Object 'Kind' is missing in '{"apiVersion":"pod-security.admission.config.k8s.io/v1alpha1"}'`],
    ['unknown group', '{"apiVersion":"apps/v1alpha1","kind":"PodSecurityConfiguration"}', 'no kind "PodSecurityConfiguration" is registered for version "apps/v1alpha1" in scheme "k8s.io/pod-security-admission/admission/api/scheme/scheme.go"'],
    ['unknown version', '{"apiVersion":"pod-security.admission.config.k8s.io/v99","kind":"PodSecurityConfiguration"}', 'no kind "PodSecurityConfiguration" is registered for version "pod-security.admission.config.k8s.io/v99"'],
    ['unknown kind', '{"apiVersion":"pod-security.admission.config.k8s.io/v1alpha1","kind":"SomeConfiguration"}', 'no kind "SomeConfiguration" is registered'],
    ['unknown field', '{"apiVersion":"pod-security.admission.config.k8s.io/v1","kind":"PodSecurityConfiguration","deflaults":{"enforce":"baseline"},"defaults":{"foo":1}}', 'strict decoding error: unknown field "deflaults", unknown field "defaults.foo"'],
    ['a field of the wrong type', '{"apiVersion":"pod-security.admission.config.k8s.io/v1","kind":"PodSecurityConfiguration","exemptions":{"usernames":"alice"}}', 'json: cannot unmarshal string into Go struct field PodSecurityExemptions.exemptions.usernames of type []string'],
  ];
  for (const [name, data, message] of decodeErrors) {
    it(`refuses a document with ${name}`, () => {
      assert.throws(() => loadPodSecurityConfiguration(source(data)), (error: Error) => {
        assert.ok(error.message.startsWith(`couldn't init admission plugin "PodSecurity": ${message}`), error.message);
        return true;
      });
    });
  }

  it('refuses default levels and versions that do not parse (upstream ToPolicy)', () => {
    const data = '{"apiVersion":"pod-security.admission.config.k8s.io/v1","kind":"PodSecurityConfiguration","defaults":{"enforce":"bogus","warn-version":"1.25"}}';
    assert.throws(() => loadPodSecurityConfiguration(source(data)), {
      message: 'failed to initialize admission plugin "PodSecurity": PodSecurity configuration error: [Enforce.Level: must be one of privileged, baseline, restricted, Warn.Version: must be "latest" or "v1.x"]',
    });
  });

  it('refuses exemptions upstream refuses', () => {
    const data = JSON.stringify({
      apiVersion: 'pod-security.admission.config.k8s.io/v1',
      kind: 'PodSecurityConfiguration',
      exemptions: { namespaces: ['ok', 'Not_OK', 'ok'], runtimeClasses: ['a.b', 'A'], usernames: ['', 'jane', 'jane'] },
    });
    assert.throws(() => loadPodSecurityConfiguration(source(data)), {
      message:
        'failed to initialize admission plugin "PodSecurity": PodSecurity invalid: [' +
        `exemptions.namespaces[1]: Invalid value: "Not_OK": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), ` +
        'exemptions.namespaces[2]: Duplicate value: "ok", ' +
        `exemptions.runtimeClasses[1]: Invalid value: "A": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), ` +
        'exemptions.usernames[0]: Required value, exemptions.usernames[2]: Duplicate value: "jane"]',
    });
  });

  it('gives the default policy of a configuration', () => {
    const data = '{"apiVersion":"pod-security.admission.config.k8s.io/v1","kind":"PodSecurityConfiguration","defaults":{"enforce":"baseline","audit":"restricted","audit-version":"v1.24"}}';
    assert.deepEqual(loadPodSecurityConfiguration(source(data)).defaultPolicy, {
      enforce: { level: 'baseline', version: 'latest' },
      audit: { level: 'restricted', version: 24 },
      warn: { level: 'privileged', version: 'latest' },
    });
  });
});
