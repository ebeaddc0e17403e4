import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { StatusError } from '../../errors/status-error.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { outcomeOf as outcome } from './test-admission.js';
import { namespaceAutoProvision } from './namespace-auto-provision.js';

const configmaps = { group: '', resource: 'configmaps', kind: 'ConfigMap', namespaced: true } as ResourceDefinition;
const namespaces = { group: '', resource: 'namespaces', kind: 'Namespace', namespaced: false } as ResourceDefinition;
const attrs = (extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes =>
  ({ operation: 'CREATE', def: configmaps, namespace: 'ns', name: 'c', subresource: '', object: { metadata: { name: 'c' } }, dryRun: false, ...extra });

test('NamespaceAutoProvision creates a missing namespace on a create in it', async () => {
  const existing = new Set(['ns']);
  const created: string[] = [];
  const plugin = namespaceAutoProvision(async (name) => (existing.has(name) ? { metadata: { name } } : undefined), async (name) => { created.push(name); });
  const raced = namespaceAutoProvision(async () => undefined, async (name) => { throw new StatusError(409, 'AlreadyExists', `namespaces "${name}" already exists`); });
  const refused = namespaceAutoProvision(async () => undefined, async () => { throw new StatusError(403, 'Forbidden', 'quota exceeded'); });
  const cases: Array<[string, AdmissionPlugin, Partial<AdmissionAttributes>, string | undefined, string[]]> = [
    ['an existing namespace', plugin, {}, undefined, []],
    ['a missing one', plugin, { namespace: 'new' }, undefined, ['new']],
    ['a dry run', plugin, { namespace: 'dry', dryRun: true }, 'skipped', []],
    ['an update', plugin, { namespace: 'upd', operation: 'UPDATE' }, 'skipped', []],
    ['a namespace', plugin, { def: namespaces, namespace: '', name: 'x' }, 'skipped', []],
    ['created meanwhile', raced, { namespace: 'new' }, undefined, []],
    ['a failing create', refused, { namespace: 'new' }, '403: configmaps "c" is forbidden: quota exceeded', []],
  ];
  for (const [name, p, extra, expected, creates] of cases) {
    created.length = 0;
    assert.equal(await outcome(p, attrs(extra)), expected, name);
    assert.deepEqual(created, creates, name);
  }
});
