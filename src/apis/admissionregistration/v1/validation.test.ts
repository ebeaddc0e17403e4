import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { validateWebhookConfiguration, validateWebhookConfigurationUpdate, type Webhook } from './validation.js';
import { defaultMutatingWebhook, defaultWebhook } from './webhookconfiguration.js';
import type { MutatingWebhook, ValidatingWebhookConfiguration } from './schemas.generated.js';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);

/** A valid, defaulted webhook with `fields` over it. */
function hook(fields: Record<string, unknown> = {}): Webhook {
  const h = {
    name: 'hook.example.com',
    clientConfig: { url: 'https://example.com/hook' },
    rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    ...fields,
  } as Webhook;
  defaultWebhook(h);
  return h;
}

const config = (...webhooks: Webhook[]): ValidatingWebhookConfiguration => ({ metadata: { name: 'config' }, webhooks });
const validate = (...webhooks: Webhook[]): string[] => messages(validateWebhookConfiguration(config(...webhooks), false));
const rule = (fields: Record<string, unknown>) => ({ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], scope: '*', ...fields });

test('defaults: failurePolicy Fail, matchPolicy Equivalent, selectors {}, timeout 10, scope *, port 443, reinvocation Never', () => {
  const h = { name: 'a.b.c', clientConfig: { service: { namespace: 'ns', name: 'svc' } }, rules: [{ operations: ['*'] }], sideEffects: 'None', admissionReviewVersions: ['v1'] } as MutatingWebhook;
  defaultMutatingWebhook(h);
  assert.deepEqual(h, {
    name: 'a.b.c',
    clientConfig: { service: { namespace: 'ns', name: 'svc', port: 443 } },
    rules: [{ operations: ['*'], scope: '*' }],
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    failurePolicy: 'Fail',
    matchPolicy: 'Equivalent',
    namespaceSelector: {},
    objectSelector: {},
    timeoutSeconds: 10,
    reinvocationPolicy: 'Never',
  });
});

test('validateWebhookConfiguration: table of cases with upstream messages and paths', () => {
  const cases: [string, Webhook[], string[]][] = [
    ['valid', [hook()], []],
    ['no webhooks', [], []],
    ['name required', [hook({ name: '' })], ['webhooks[0].name: Required value']],
    ['name fully qualified', [hook({ name: 'k8s.io' })], ['webhooks[0].name: Invalid value: "k8s.io": should be a domain with at least three segments separated by dots']],
    [
      'name a DNS subdomain',
      [hook({ name: 'Hook.example.com' })],
      ["webhooks[0].name: Invalid value: \"Hook.example.com\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"],
    ],
    ['names unique', [hook(), hook()], ['webhooks[1].name: Duplicate value: "hook.example.com"']],
    ['operations required', [hook({ rules: [rule({ operations: [] })] })], ['webhooks[0].rules[0].operations: Required value']],
    [
      'operation wildcard alone',
      [hook({ rules: [rule({ operations: ['*', 'CREATE'] })] })],
      ['webhooks[0].rules[0].operations: Invalid value: []admissionregistration.OperationType{"*", "CREATE"}: if \'*\' is present, must not specify other operations'],
    ],
    ['operation supported', [hook({ rules: [rule({ operations: ['GET'] })] })], ['webhooks[0].rules[0].operations[0]: Unsupported value: "GET": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"']],
    ['apiGroups required', [hook({ rules: [rule({ apiGroups: [] })] })], ['webhooks[0].rules[0].apiGroups: Required value']],
    ['apiGroups wildcard alone', [hook({ rules: [rule({ apiGroups: ['*', 'apps'] })] })], ['webhooks[0].rules[0].apiGroups: Invalid value: []string{"*", "apps"}: if \'*\' is present, must not specify other API groups']],
    ['apiVersions required', [hook({ rules: [rule({ apiVersions: [] })] })], ['webhooks[0].rules[0].apiVersions: Required value']],
    ['apiVersions wildcard alone', [hook({ rules: [rule({ apiVersions: ['*', 'v1'] })] })], ['webhooks[0].rules[0].apiVersions: Invalid value: []string{"*", "v1"}: if \'*\' is present, must not specify other API versions']],
    ['apiVersion not empty', [hook({ rules: [rule({ apiVersions: ['v1', ''] })] })], ['webhooks[0].rules[0].apiVersions[1]: Required value']],
    ['resources required', [hook({ rules: [rule({ resources: [] })] })], ['webhooks[0].rules[0].resources: Required value']],
    ['resource not empty', [hook({ rules: [rule({ resources: ['pods', ''] })] })], ['webhooks[0].rules[0].resources[1]: Required value']],
    ['*/* alone', [hook({ rules: [rule({ resources: ['*/*', 'pods'] })] })], ['webhooks[0].rules[0].resources: Invalid value: []string{"*/*", "pods"}: if \'*/*\' is present, must not specify other resources']],
    [
      '* with a resource',
      [hook({ rules: [rule({ resources: ['*', 'pods'] })] })],
      ['webhooks[0].rules[0].resources: Invalid value: []string{"*", "pods"}: if \'*\' is present, must not specify other resources without subresources'],
    ],
    ['* with subresources is fine', [hook({ rules: [rule({ resources: ['*', '*/status', 'pods/*'] })] })], []],
    ['pods/* then pods/status', [hook({ rules: [rule({ resources: ['pods/*', 'pods/status'] })] })], ["webhooks[0].rules[0].resources[1]: Invalid value: \"pods/status\": if 'pods/*' is present, must not specify pods/status"]],
    ['*/status then pods/status', [hook({ rules: [rule({ resources: ['*/status', 'pods/status'] })] })], ["webhooks[0].rules[0].resources[1]: Invalid value: \"pods/status\": if '*/status' is present, must not specify pods/status"]],
    ['scope supported', [hook({ rules: [rule({ scope: 'Global' })] })], ['webhooks[0].rules[0].scope: Unsupported value: "Global": supported values: "*", "Cluster", "Namespaced"']],
    ['failurePolicy', [hook({ failurePolicy: 'Maybe' })], ['webhooks[0].failurePolicy: Unsupported value: "Maybe": supported values: "Fail", "Ignore"']],
    ['matchPolicy', [hook({ matchPolicy: 'Close' })], ['webhooks[0].matchPolicy: Unsupported value: "Close": supported values: "Equivalent", "Exact"']],
    ['sideEffects required', [hook({ sideEffects: undefined })], ['webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun']],
    ['sideEffects None or NoneOnDryRun in v1', [hook({ sideEffects: 'Some' })], ['webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"']],
    ['timeout above 30', [hook({ timeoutSeconds: 31 })], ['webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds']],
    ['timeout below 1', [hook({ timeoutSeconds: 0 })], ['webhooks[0].timeoutSeconds: Invalid value: 0: the timeout value must be between 1 and 30 seconds']],
    [
      'namespaceSelector',
      [hook({ namespaceSelector: { matchExpressions: [{ key: 'a', operator: 'In' }] } })],
      ["webhooks[0].namespaceSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"],
    ],
    ['objectSelector', [hook({ objectSelector: { matchExpressions: [{ key: 'a', operator: 'Near' }] } })], ['webhooks[0].objectSelector.matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator']],
    ['url xor service: neither', [hook({ clientConfig: {} })], ['webhooks[0].clientConfig: Required value: exactly one of url or service is required']],
    ['url xor service: both', [hook({ clientConfig: { url: 'https://a', service: { namespace: 'n', name: 's', port: 443 } } })], ['webhooks[0].clientConfig: Required value: exactly one of url or service is required']],
    ['url scheme', [hook({ clientConfig: { url: 'http://example.com' } })], ['webhooks[0].clientConfig.url: Invalid value: "http": \'https\' is the only allowed URL scheme; desired format: https://host[/path]']],
    [
      'url host',
      [hook({ clientConfig: { url: 'https:///path' } })],
      ['webhooks[0].clientConfig.url: Invalid value: "": host must be provided; desired format: https://host[/path]'],
    ],
    [
      'url relative',
      [hook({ clientConfig: { url: 'example.com/hook' } })],
      [
        'webhooks[0].clientConfig.url: Invalid value: "": \'https\' is the only allowed URL scheme; desired format: https://host[/path]',
        'webhooks[0].clientConfig.url: Invalid value: "": host must be provided; desired format: https://host[/path]',
      ],
    ],
    ['url user', [hook({ clientConfig: { url: 'https://u:p@example.com' } })], ['webhooks[0].clientConfig.url: Invalid value: "u:p": user information is not permitted in the URL']],
    ['url fragment', [hook({ clientConfig: { url: 'https://example.com/#frag' } })], ['webhooks[0].clientConfig.url: Invalid value: "frag": fragments are not permitted in the URL']],
    ['url query', [hook({ clientConfig: { url: 'https://example.com/?a=b' } })], ['webhooks[0].clientConfig.url: Invalid value: "a=b": query parameters are not permitted in the URL']],
    [
      'url unparseable',
      [hook({ clientConfig: { url: 'https://exa mple.com' } })],
      ['webhooks[0].clientConfig.url: Required value: url must be a valid URL: parse "https://exa mple.com": invalid character " " in host name; desired format: https://host[/path]'],
    ],
    [
      'url bad port',
      [hook({ clientConfig: { url: 'https://example.com:8x/' } })],
      ['webhooks[0].clientConfig.url: Required value: url must be a valid URL: parse "https://example.com:8x/": invalid port ":8x" after host; desired format: https://host[/path]'],
    ],
    [
      'service name, namespace, port',
      [hook({ clientConfig: { service: { namespace: '', name: '', port: 70000 } } })],
      [
        'webhooks[0].clientConfig.service.name: Required value: service name is required',
        'webhooks[0].clientConfig.service.namespace: Required value: service namespace is required',
        'webhooks[0].clientConfig.service.port: Invalid value: 70000: port is not valid: must be between 1 and 65535, inclusive',
      ],
    ],
    ['service path /', [hook({ clientConfig: { service: { namespace: 'n', name: 's', port: 443, path: '/' } } })], []],
    ['service path //', [hook({ clientConfig: { service: { namespace: 'n', name: 's', port: 443, path: '//' } } })], ['webhooks[0].clientConfig.service.path: Invalid value: "//": segment[0] may not be empty']],
    ['service path relative', [hook({ clientConfig: { service: { namespace: 'n', name: 's', port: 443, path: 'hook' } } })], ['webhooks[0].clientConfig.service.path: Invalid value: "hook": must start with a \'/\'']],
    ['service path empty segment', [hook({ clientConfig: { service: { namespace: 'n', name: 's', port: 443, path: '/a//b' } } })], ['webhooks[0].clientConfig.service.path: Invalid value: "/a//b": segment[1] may not be empty']],
    [
      'service path segments are DNS subdomains',
      [hook({ clientConfig: { service: { namespace: 'n', name: 's', port: 443, path: '/Mutate' } } })],
      ["webhooks[0].clientConfig.service.path: Invalid value: \"/Mutate\": segment[0]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"],
    ],
    ['admissionReviewVersions required', [hook({ admissionReviewVersions: [] })], ['webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1']],
    [
      'admissionReviewVersions known',
      [hook({ admissionReviewVersions: ['v2'] })],
      ['webhooks[0].admissionReviewVersions: Invalid value: []string{"v2"}: must include at least one of v1, v1beta1'],
    ],
    ['admissionReviewVersions unique', [hook({ admissionReviewVersions: ['v1', 'v1'] })], ['webhooks[0].admissionReviewVersions[1]: Invalid value: "v1": duplicate version']],
    [
      'admissionReviewVersions DNS-1035 labels',
      [hook({ admissionReviewVersions: ['v1', '1v'] })],
      ["webhooks[0].admissionReviewVersions[1]: Invalid value: \"1v\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"],
    ],
  ];
  for (const [name, webhooks, want] of cases) assert.deepEqual(validate(...webhooks), want, name);
});

test('validateWebhookConfiguration: reinvocationPolicy is checked on mutating webhooks only', () => {
  const h = hook({ reinvocationPolicy: 'Sometimes' });
  assert.deepEqual(messages(validateWebhookConfiguration({ metadata: { name: 'c' }, webhooks: [h] }, true)), [
    'webhooks[0].reinvocationPolicy: Unsupported value: "Sometimes": supported values: "IfNeeded", "Never"',
  ]);
  assert.deepEqual(messages(validateWebhookConfiguration({ metadata: { name: 'c' }, webhooks: [h] }, false)), []);
});

test('validateWebhookConfiguration: the configuration name is a DNS subdomain', () => {
  assert.deepEqual(messages(validateWebhookConfiguration({ metadata: { name: 'Bad_Name' }, webhooks: [] }, false)).map((m) => m.split(':')[0]), ['metadata.name']);
});

test('validateWebhookConfigurationUpdate: rules the old object broke are not enforced', () => {
  // Stored before v1 (through v1beta1): side effects Unknown, an unknown review version, repeated names.
  const legacy = config(hook({ sideEffects: 'Unknown', admissionReviewVersions: ['v0'] }), hook({ sideEffects: 'Unknown', admissionReviewVersions: ['v0'] }));
  const next = config(hook({ sideEffects: 'Unknown', admissionReviewVersions: ['v0'], timeoutSeconds: 5 }), hook({ sideEffects: 'Unknown', admissionReviewVersions: ['v0'] }));
  assert.deepEqual(messages(validateWebhookConfigurationUpdate(next, legacy, false)), []);
  // A compliant old object holds the update to every rule.
  assert.deepEqual(messages(validateWebhookConfigurationUpdate(next, config(hook()), false)), [
    'webhooks[0].sideEffects: Unsupported value: "Unknown": supported values: "None", "NoneOnDryRun"',
    'webhooks[0].admissionReviewVersions: Invalid value: []string{"v0"}: must include at least one of v1, v1beta1',
    'webhooks[1].sideEffects: Unsupported value: "Unknown": supported values: "None", "NoneOnDryRun"',
    'webhooks[1].admissionReviewVersions: Invalid value: []string{"v0"}: must include at least one of v1, v1beta1',
    'webhooks[1].name: Duplicate value: "hook.example.com"',
  ]);
  // Other rules hold whatever the old object was.
  assert.deepEqual(messages(validateWebhookConfigurationUpdate(config(hook({ timeoutSeconds: 40 })), legacy, false)), [
    'webhooks[0].timeoutSeconds: Invalid value: 40: the timeout value must be between 1 and 30 seconds',
  ]);
});
