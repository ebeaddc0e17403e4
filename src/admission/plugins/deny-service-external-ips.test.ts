import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { refusalOf } from './test-admission.js';
import { denyServiceExternalIPs } from './deny-service-external-ips.js';

const services = { group: '', resource: 'services' } as ResourceDefinition;
const service = (externalIPs?: string[]): KubeObject => ({ metadata: { name: 's' }, spec: { ports: [{ port: 80 }], ...(externalIPs ? { externalIPs } : {}) } });
const REFUSED = 'services "s" is forbidden: Use of external IPs is denied by admission control';

test('DenyServiceExternalIPs refuses new external IPs and allows their removal', async () => {
  const cases: Array<[string, Partial<AdmissionAttributes>, string | undefined]> = [
    ['a create without', { object: service() }, undefined],
    ['a create with an empty list', { object: service([]) }, undefined],
    ['a create with', { object: service(['1.2.3.4']) }, REFUSED],
    ['an update keeping them', { operation: 'UPDATE', object: service(['1.2.3.4']), oldObject: service(['1.2.3.4', '5.6.7.8']) }, undefined],
    ['an update removing them', { operation: 'UPDATE', object: service(), oldObject: service(['1.2.3.4']) }, undefined],
    ['an update adding one', { operation: 'UPDATE', object: service(['1.2.3.4', '9.9.9.9']), oldObject: service(['1.2.3.4']) }, REFUSED],
    ['an update to a service without', { operation: 'UPDATE', object: service(['1.2.3.4']), oldObject: service() }, REFUSED],
  ];
  const plugin = denyServiceExternalIPs();
  for (const [name, extra, expected] of cases) {
    const a: AdmissionAttributes = { operation: 'CREATE', def: services, namespace: 'default', name: 's', subresource: '', dryRun: false, ...extra };
    assert.equal(plugin.handles!(a), true, name);
    assert.equal(await refusalOf(plugin, a), expected, name);
  }
  assert.equal(plugin.handles!({ operation: 'UPDATE', def: services, namespace: 'default', name: 's', subresource: 'status', dryRun: false }), false);
});
