import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { outcomeOf as outcome } from './test-admission.js';
import { namespaceExists } from './namespace-exists.js';

const configmaps = { group: '', resource: 'configmaps', kind: 'ConfigMap', namespaced: true } as ResourceDefinition;
const namespaces = { group: '', resource: 'namespaces', kind: 'Namespace', namespaced: false } as ResourceDefinition;
const nodes = { group: '', resource: 'nodes', kind: 'Node', namespaced: false } as ResourceDefinition;
const attrs = (extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes =>
  ({ operation: 'CREATE', def: configmaps, namespace: 'ns', name: 'c', subresource: '', object: { metadata: { name: 'c' } }, dryRun: false, ...extra });

test('NamespaceExists refuses writes in a missing namespace with its 404', async () => {
  const existing = new Map<string, KubeObject>([['ns', { metadata: { name: 'ns' } }]]);
  const plugin = namespaceExists(async (name) => existing.get(name));
  const failing = namespaceExists(async () => { throw new Error('etcd down'); });
  const cases: Array<[string, AdmissionPlugin, Partial<AdmissionAttributes>, string | undefined]> = [
    ['an existing namespace', plugin, {}, undefined],
    ['a missing one', plugin, { namespace: 'gone' }, '404: namespaces "gone" not found'],
    ['an update in a missing one', plugin, { namespace: 'gone', operation: 'UPDATE' }, '404: namespaces "gone" not found'],
    ['a delete in a missing one', plugin, { namespace: 'gone', operation: 'DELETE' }, '404: namespaces "gone" not found'],
    ['a namespace', plugin, { def: namespaces, namespace: '', name: 'gone' }, 'skipped'],
    ['a cluster-scoped kind', plugin, { def: nodes, namespace: '' }, 'skipped'],
    ['a failing read', failing, {}, '500: Internal error occurred: etcd down'],
  ];
  for (const [name, p, extra, expected] of cases) assert.equal(await outcome(p, attrs(extra)), expected, name);
});
