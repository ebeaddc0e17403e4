import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { refusalOf } from './test-admission.js';
import { alwaysAdmit } from './always-admit.js';
import { alwaysDeny } from './always-deny.js';

const configmaps = { group: '', resource: 'configmaps' } as ResourceDefinition;
const deployments = { group: 'apps', resource: 'deployments' } as ResourceDefinition;

test('AlwaysDeny refuses every write with upstream\'s 403; AlwaysAdmit handles none', async () => {
  const cases: Array<[string, Partial<AdmissionAttributes>, string]> = [
    ['a create', {}, 'configmaps "c" is forbidden: admission control is denying all modifications'],
    ['an update', { operation: 'UPDATE' }, 'configmaps "c" is forbidden: admission control is denying all modifications'],
    ['a delete', { operation: 'DELETE', object: undefined }, 'configmaps "c" is forbidden: admission control is denying all modifications'],
    ['a create by generateName', { name: '', object: { metadata: { generateName: 'c-' } } }, 'configmaps "c-" is forbidden: admission control is denying all modifications'],
    ['another group', { def: deployments }, 'deployments.apps "c" is forbidden: admission control is denying all modifications'],
  ];
  for (const [name, extra, expected] of cases) {
    const a: AdmissionAttributes = { operation: 'CREATE', def: configmaps, namespace: 'default', name: 'c', subresource: '', object: { metadata: { name: 'c' } }, dryRun: false, ...extra };
    assert.equal(alwaysDeny().handles!(a), true, name);
    assert.equal(await refusalOf(alwaysDeny(), a), expected, name);
    assert.equal(alwaysAdmit().handles!(a), false, name);
  }
});
