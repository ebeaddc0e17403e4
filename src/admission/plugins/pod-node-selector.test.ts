import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { outcomeOf } from './test-admission.js';
import { loadPodNodeSelectorConfiguration, podNodeSelector, type PodNodeSelectorConfiguration } from './pod-node-selector.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;
const namespaceWith = (name: string, selector?: string): KubeObject =>
  ({ metadata: { name, ...(selector === undefined ? {} : { annotations: { 'scheduler.alpha.kubernetes.io/node-selector': selector } }) } });
const NAMESPACES = new Map([
  ['plain', namespaceWith('plain')],
  ['gpu', namespaceWith('gpu', 'accel=gpu')],
  ['empty', namespaceWith('empty', '')],
  ['broken', namespaceWith('broken', 'a=b=c')],
  ['badvalue', namespaceWith('badvalue', 'k=a b')],
]);

test('PodNodeSelector merges the namespace\'s node selector into a created pod\'s, and refuses conflicts', async () => {
  const config: PodNodeSelectorConfiguration = { clusterDefaultNodeSelector: 'env=prod', gpu: 'accel=gpu,zone=a' };
  const plugin = podNodeSelector(config, async (name) => NAMESPACES.get(name));
  const cases: Array<[string, string, Record<string, string> | undefined, string | undefined, Record<string, string> | undefined]> = [
    ['the cluster default', 'plain', undefined, undefined, { env: 'prod' }],
    ['the cluster default, with the pod\'s own', 'plain', { disk: 'ssd' }, undefined, { env: 'prod', disk: 'ssd' }],
    ['a conflict with the cluster default', 'plain', { env: 'dev' }, '403: pods "p" is forbidden: pod node label selector conflicts with its namespace node label selector', undefined],
    ['the annotation over the default', 'gpu', undefined, undefined, { accel: 'gpu' }],
    ['within the whitelist', 'gpu', { zone: 'a' }, undefined, { accel: 'gpu', zone: 'a' }],
    ['outside the whitelist', 'gpu', { zone: 'b' }, '403: pods "p" is forbidden: pod node label selector labels conflict with its namespace whitelist', undefined],
    ['an empty annotation: no selector, no default', 'empty', undefined, undefined, undefined],
    ['a missing namespace', 'gone', undefined, '500: Internal error occurred: namespace gone does not exist', undefined],
    ['a malformed annotation', 'broken', undefined, '500: invalid selector: [a b c]', undefined],
    ['an invalid value', 'badvalue', undefined, '500: [k]: Invalid value: "a b": a valid label must be an empty string or consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyValue\',  or \'my_value\',  or \'12345\', regex used for validation is \'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?\')', undefined],
  ];
  for (const [name, namespace, nodeSelector, expected, selected] of cases) {
    const pod: KubeObject = { metadata: { name: 'p' }, spec: { containers: [], ...(nodeSelector ? { nodeSelector } : {}) } };
    const a: AdmissionAttributes = { operation: 'CREATE', def: pods, namespace, name: 'p', subresource: '', dryRun: false, object: pod };
    assert.equal(await outcomeOf(plugin, a), expected, name);
    if (!expected) assert.deepEqual((pod['spec'] as { nodeSelector?: unknown }).nodeSelector, selected, name);
  }
  const update: AdmissionAttributes = { operation: 'UPDATE', def: pods, namespace: 'plain', name: 'p', subresource: '', dryRun: false, object: { metadata: { name: 'p' }, spec: {} } };
  assert.equal(await outcomeOf(plugin, update), 'skipped');
});

test('PodNodeSelector reads podNodeSelectorPluginConfig, ignoring what does not decode', () => {
  const cases: Array<[string, string | undefined, PodNodeSelectorConfiguration]> = [
    ['none', undefined, {}],
    ['YAML', 'podNodeSelectorPluginConfig:\n  clusterDefaultNodeSelector: env=prod\n  ns1: a=b\n', { clusterDefaultNodeSelector: 'env=prod', ns1: 'a=b' }],
    ['JSON, the key in another case', '{"PodNodeSelectorPluginConfig":{"ns1":"a=b"}}', { ns1: 'a=b' }],
    // YAML scalars become strings for a string target (sigs.k8s.io/yaml); a list does not decode.
    ['YAML scalars that are not strings', 'podNodeSelectorPluginConfig:\n  ns1: 5\n  ns2: a=b\n  ns3: true\n  ns4: 1.5\n  ns5: [a]\n', { ns1: '5', ns2: 'a=b', ns3: 'true', ns4: '1.5' }],
    // JSON (the document starts with `{`): encoding/json keeps only the entries that decode.
    ['JSON values that are not strings', ' {"podNodeSelectorPluginConfig":{"ns1":5,"ns2":"a=b","ns3":true}}', { ns2: 'a=b' }],
    ['not YAML', '{[', {}],
  ];
  for (const [name, data, expected] of cases) {
    assert.deepEqual(loadPodNodeSelectorConfiguration(data === undefined ? undefined : { data, origin: 'f' }), expected, name);
  }
});
