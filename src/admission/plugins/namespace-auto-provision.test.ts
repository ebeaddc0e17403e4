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
  const refusing = (error: Error) => namespaceAutoProvision(async () => undefined, async () => { throw error; });
  // A webhook's denial: a 403 whose reason is not one apimachinery knows (here none).
  const webhookDenial = new StatusError(403, 'Forbidden', 'admission webhook "deny.example.com" denied the request: no');
  delete webhookDenial.status.reason;
  const failingLookup = namespaceAutoProvision(async () => { throw new Error('etcd down'); }, async (name) => { created.push(name); });
  const cases: Array<[string, AdmissionPlugin, Partial<AdmissionAttributes>, string | undefined, string[]]> = [
    ['an existing namespace', plugin, {}, undefined, []],
    ['a missing one', plugin, { namespace: 'new' }, undefined, ['new']],
    ['a dry run', plugin, { namespace: 'dry', dryRun: true }, 'skipped', []],
    ['an update', plugin, { namespace: 'upd', operation: 'UPDATE' }, 'skipped', []],
    ['a namespace', plugin, { def: namespaces, namespace: '', name: 'x' }, 'skipped', []],
    ['created meanwhile', raced, { namespace: 'new' }, undefined, []],
    // admission.NewForbidden does not wrap a Forbidden: the namespace's own refusal is answered as it is.
    ['a create refused with 403', refusing(new StatusError(403, 'Forbidden', 'namespaces "new" is forbidden: admission control is denying all modifications')), { namespace: 'new' },
      '403: namespaces "new" is forbidden: admission control is denying all modifications', []],
    ['a create denied by a webhook', refusing(webhookDenial), { namespace: 'new' }, '403: admission webhook "deny.example.com" denied the request: no', []],
    ['a create failing otherwise', refusing(new StatusError(422, 'Invalid', 'Namespace "Bad" is invalid: metadata.name: Invalid value: "Bad"')), { namespace: 'new' },
      '403: configmaps "c" is forbidden: Namespace "Bad" is invalid: metadata.name: Invalid value: "Bad"', []],
    ['a failing lookup', failingLookup, { namespace: 'new' }, '403: configmaps "c" is forbidden: etcd down', []],
  ];
  for (const [name, p, extra, expected, creates] of cases) {
    created.length = 0;
    assert.equal(await outcome(p, attrs(extra)), expected, name);
    assert.deepEqual(created, creates, name);
  }
});
