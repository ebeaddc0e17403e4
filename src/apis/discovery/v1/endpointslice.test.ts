import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import { endpointSliceDefinition, validateEndpointSliceCreate, validateEndpointSliceUpdate, type EndpointSlice } from './endpointslice.js';

const slice = (over: Partial<EndpointSlice>): EndpointSlice => ({
  metadata: { name: 's', namespace: 'default', labels: { 'kubernetes.io/service-name': 'web' } },
  addressType: 'IPv4',
  endpoints: [{ addresses: ['10.1.0.1'] }],
  ports: [{ name: 'http', port: 80, protocol: 'TCP' }],
  ...over,
});
const messages = (s: EndpointSlice): string[] => validateEndpointSliceCreate(s).map(fieldErrorMessage);

describe('validateEndpointSliceCreate', () => {
  const cases: { name: string; slice: EndpointSlice; errors: string[] }[] = [
    { name: 'valid', slice: slice({}), errors: [] },
    { name: 'an unknown address type', slice: slice({ addressType: 'IP' }), errors: ['addressType: Unsupported value: "IP": supported values: "FQDN", "IPv4", "IPv6"'] },
    { name: 'an IPv6 address in an IPv4 slice', slice: slice({ endpoints: [{ addresses: ['fd00::1'] }] }), errors: ['endpoints[0].addresses[0]: Invalid value: "fd00::1": must be a valid IPv4 address'] },
    { name: 'an endpoint without addresses', slice: slice({ endpoints: [{ addresses: [] }] }), errors: ['endpoints[0].addresses: Required value: must contain at least 1 address'] },
    { name: 'an FQDN with one label', slice: slice({ addressType: 'FQDN', endpoints: [{ addresses: ['web'] }] }), errors: ['endpoints[0].addresses[0]: Invalid value: "web": should be a domain with at least two segments separated by dots'] },
    { name: 'too many endpoints', slice: slice({ endpoints: Array.from({ length: 1001 }, () => ({ addresses: ['10.1.0.1'] })) }), errors: ['endpoints: Too many: 1001: must have at most 1000 items'] },
    { name: 'duplicate port names', slice: slice({ ports: [{ name: 'a', port: 80, protocol: 'TCP' }, { name: 'a', port: 81, protocol: 'TCP' }] }), errors: ['ports[1].name: Duplicate value: "a"'] },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(messages(c.slice), c.errors));

  it('the address type is immutable', () => {
    const old = slice({});
    old.metadata.resourceVersion = '1';
    const changed = slice({ addressType: 'IPv6', endpoints: [{ addresses: ['fd00::1'] }] });
    changed.metadata.resourceVersion = '1';
    assert.deepEqual(validateEndpointSliceUpdate(changed, old).map(fieldErrorMessage), ['addressType: Invalid value: "IPv6": field is immutable']);
  });

  it('the table shows ports and endpoints, three at most', () => {
    const cells = endpointSliceDefinition.tableColumns!.map((c) => c.cell(slice({ endpoints: [{ addresses: ['10.1.0.1', '10.1.0.2'] }, { addresses: ['10.1.0.3', '10.1.0.4'] }] }), new Date()));
    assert.deepEqual(cells.slice(0, 4), ['s', 'IPv4', '80', '10.1.0.1,10.1.0.2,10.1.0.3 + 1 more...']);
    assert.equal(endpointSliceDefinition.tableColumns![2]!.cell(slice({ ports: [] }), new Date()), '<unset>');
  });
});
