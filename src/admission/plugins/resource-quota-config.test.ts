// ResourceQuota's admission configuration as upstream's LoadConfiguration and ValidateConfiguration read it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PluginConfigSource } from '../config/index.js';
import { loadResourceQuotaConfiguration } from './resource-quota-config.js';

const source = (data: string): PluginConfigSource => ({ data, origin: 'quota.yaml' });
const V1 = 'apiVersion: apiserver.config.k8s.io/v1\nkind: ResourceQuotaConfiguration\n';
const PREFIX = 'couldn\'t init admission plugin "ResourceQuota": ';

test('the registered kinds decode alike; none given limits nothing', () => {
  const body = [
    'limitedResources:',
    '- resource: pods',
    '  matchScopes:',
    '  - scopeName: PriorityClass',
    '    operator: In',
    '    values: [cluster-services]',
    '- apiGroup: ""',
    '  resource: persistentvolumeclaims',
    '  matchContains: [.storageclass.storage.k8s.io/requests.storage]',
    '  unknownField: ignored',
    '',
  ].join('\n');
  const expected = {
    limitedResources: [
      { apiGroup: '', resource: 'pods', matchContains: [], matchScopes: [{ scopeName: 'PriorityClass', operator: 'In', values: ['cluster-services'] }] },
      { apiGroup: '', resource: 'persistentvolumeclaims', matchContains: ['.storageclass.storage.k8s.io/requests.storage'], matchScopes: [] },
    ],
  };
  for (const head of [V1, 'apiVersion: resourcequota.admission.k8s.io/v1beta1\nkind: Configuration\n', 'apiVersion: resourcequota.admission.k8s.io/v1alpha1\nkind: Configuration\n']) {
    assert.deepEqual(loadResourceQuotaConfiguration(source(head + body)), expected, head);
  }
  assert.deepEqual(loadResourceQuotaConfiguration(undefined), { limitedResources: [] });
  assert.deepEqual(loadResourceQuotaConfiguration(source(V1)), { limitedResources: [] });
  assert.deepEqual(loadResourceQuotaConfiguration(source('{"apiVersion":"apiserver.config.k8s.io/v1","kind":"ResourceQuotaConfiguration","limitedResources":null}')), { limitedResources: [] });
});

test('refusals in upstream words, with the plugin init prefix', () => {
  const scheme = '"k8s.io/apiserver/pkg/admission/plugin/resourcequota/config.go:32"';
  const cases: Array<[string, string, string]> = [
    ['a resource is required', `${V1}limitedResources:\n- apiGroup: apps\n`, 'limitedResources[0].resource: Required value'],
    ['each missing one named', `${V1}limitedResources:\n- matchContains: [a]\n- resource: pods\n- {}\n`,
      '[limitedResources[0].resource: Required value, limitedResources[2].resource: Required value]'],
    ['the v1 kind in the legacy group', 'apiVersion: resourcequota.admission.k8s.io/v1\nkind: ResourceQuotaConfiguration\n',
      `no kind "ResourceQuotaConfiguration" is registered for version "resourcequota.admission.k8s.io/v1" in scheme ${scheme}`],
    ['the legacy kind in the v1 group', 'apiVersion: apiserver.config.k8s.io/v1\nkind: Configuration\n',
      `no kind "Configuration" is registered for version "apiserver.config.k8s.io/v1" in scheme ${scheme}`],
    ['limitedResources not a list', `${V1}limitedResources: pods\n`,
      'json: cannot unmarshal string into Go struct field Configuration.limitedResources of type []v1.LimitedResource'],
    ['an entry not an object', 'apiVersion: resourcequota.admission.k8s.io/v1beta1\nkind: Configuration\nlimitedResources: [pods]\n',
      'json: cannot unmarshal string into Go struct field Configuration.limitedResources of type v1beta1.LimitedResource'],
    ['a field of the wrong type', `${V1}limitedResources:\n- resource: 5\n`,
      'json: cannot unmarshal number into Go struct field LimitedResource.limitedResources.resource of type string'],
    ['matchContains of the wrong type', `${V1}limitedResources:\n- resource: pods\n  matchContains: cpu\n`,
      'json: cannot unmarshal string into Go struct field LimitedResource.limitedResources.matchContains of type []string'],
    ['a scope of the wrong type', `${V1}limitedResources:\n- resource: pods\n  matchScopes:\n  - operator: [In]\n`,
      'json: cannot unmarshal array into Go struct field ScopedResourceSelectorRequirement.limitedResources.matchScopes.operator of type v1.ScopeSelectorOperator'],
  ];
  for (const [name, text, message] of cases) assert.throws(() => loadResourceQuotaConfiguration(source(text)), { message: PREFIX + message }, name);
});
