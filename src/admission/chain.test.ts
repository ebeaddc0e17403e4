import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import { admissionChain } from './chain.js';
import type { AdmissionAttributes, AdmissionPlugin } from './types.js';

test('CONNECT reaches only the plugins that take it (upstream Handles(Connect)); the other operations reach all', async () => {
  const called: string[] = [];
  const plugin = (name: string, connect: boolean): AdmissionPlugin => ({ name, ...(connect ? { connect } : {}), admit: () => void called.push(`admit ${name}`), validate: () => void called.push(`validate ${name}`) });
  const chain = admissionChain([plugin('Quota', false), plugin('Webhook', true)]);
  const attributes = (operation: AdmissionAttributes['operation']): AdmissionAttributes =>
    ({ operation, def: { group: '', resource: 'pods' } as ResourceDefinition, namespace: 'ns', name: 'p', subresource: operation === 'CONNECT' ? 'exec' : '', dryRun: false });
  for (const operation of ['CONNECT', 'CREATE'] as const) {
    await chain.mutate(attributes(operation));
    await chain.validate(attributes(operation));
  }
  assert.deepEqual(called, ['admit Webhook', 'validate Webhook', 'admit Quota', 'admit Webhook', 'validate Quota', 'validate Webhook']);
});
