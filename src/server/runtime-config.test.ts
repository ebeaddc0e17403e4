import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import { applyRuntimeConfig, parseRuntimeConfig } from './runtime-config.js';

const def = (group: string, version: string, resource: string): ResourceDefinition =>
  ({ group, version, resource, kind: resource, listKind: '', singular: '', namespaced: false, schema: {}, definitionName: '', verbs: [], strategy: {} }) as unknown as ResourceDefinition;

const DEFS = [
  def('', 'v1', 'namespaces'),
  def('storage.k8s.io', 'v1', 'csistoragecapacities'),
  def('storage.k8s.io', 'v1beta1', 'csistoragecapacities'),
  def('storage.k8s.io', 'v1', 'storageclasses'),
  def('flowcontrol.apiserver.k8s.io', 'v1beta2', 'flowschemas'),
  def('example.k8s.io', 'v1alpha1', 'things'),
];

const served = (flag: string[]): string[] => applyRuntimeConfig(DEFS, parseRuntimeConfig(flag)).map((d) => `${d.group}/${d.version}/${d.resource}`);

test('--runtime-config: defaults, broad switches, group/version and resource keys', () => {
  const cases: [string[], string[]][] = [
    [[], ['/v1/namespaces', 'storage.k8s.io/v1/csistoragecapacities', 'storage.k8s.io/v1beta1/csistoragecapacities', 'storage.k8s.io/v1/storageclasses', 'flowcontrol.apiserver.k8s.io/v1beta2/flowschemas']],
    [['api/beta=false'], ['/v1/namespaces', 'storage.k8s.io/v1/csistoragecapacities', 'storage.k8s.io/v1/storageclasses']],
    [['api/alpha=true'], ['/v1/namespaces', 'storage.k8s.io/v1/csistoragecapacities', 'storage.k8s.io/v1beta1/csistoragecapacities', 'storage.k8s.io/v1/storageclasses', 'flowcontrol.apiserver.k8s.io/v1beta2/flowschemas', 'example.k8s.io/v1alpha1/things']],
    [['storage.k8s.io/v1=false'], ['/v1/namespaces', 'storage.k8s.io/v1beta1/csistoragecapacities', 'flowcontrol.apiserver.k8s.io/v1beta2/flowschemas']],
    [['storage.k8s.io/v1=false,storage.k8s.io/v1/storageclasses'], ['/v1/namespaces', 'storage.k8s.io/v1beta1/csistoragecapacities', 'storage.k8s.io/v1/storageclasses', 'flowcontrol.apiserver.k8s.io/v1beta2/flowschemas']],
    [['api/all=false', 'flowcontrol.apiserver.k8s.io/v1beta2=true'], ['flowcontrol.apiserver.k8s.io/v1beta2/flowschemas']],
    [['unknown.group/v1=false'], served([])],
  ];
  for (const [flag, expected] of cases) assert.deepEqual(served(flag), expected, flag.join(' '));
});

test('--runtime-config: errors as upstream words them', () => {
  assert.throws(() => served(['api/all=yes']), /^RuntimeConfigError: invalid value api\/all=yes$/);
  assert.throws(() => served(['storage.k8s.io/v9=false']), /group version storage.k8s.io\/v9 that has not been registered/);
  assert.throws(() => served(['storage.k8s.io/v1=maybe']), /invalid value of storage.k8s.io\/v1: maybe, err: strconv.ParseBool/);
  assert.throws(() => served(['storage.k8s.io/v1/StorageClasses=false']), /resource is always lowercase plural/);
});
