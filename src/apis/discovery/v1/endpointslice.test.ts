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
    { name: 'an IPv4-mapped address counts as IPv4 (Go net.IP.To4)', slice: slice({ endpoints: [{ addresses: ['::ffff:10.1.0.1'] }] }), errors: [] },
    { name: 'a loopback endpoint', slice: slice({ endpoints: [{ addresses: ['127.0.0.1'] }] }), errors: ['endpoints[0].addresses[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8)'] },
    { name: 'an empty protocol is unsupported', slice: slice({ ports: [{ name: 'a', port: 80, protocol: '' }] }), errors: ['ports[0].protocol: Unsupported value: "": supported values: "SCTP", "TCP", "UDP"'] },
    { name: 'no address type', slice: slice({ addressType: undefined }), errors: ['addressType: Required value'] },
    {
      name: 'hint zones: unique label values',
      slice: slice({ endpoints: [{ addresses: ['10.1.0.1'], hints: { forZones: [{ name: 'a' }, { name: 'a' }, { name: 'b c' }] } }] }),
      errors: [
        'endpoints[0].hints.forZones[1].name: Duplicate value: "a"',
        `endpoints[0].hints.forZones[2].name: Invalid value: "b c": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
      ],
    },
    {
      name: 'more than 8 hint zones: nothing else checked',
      slice: slice({ endpoints: [{ addresses: ['10.1.0.1'], hints: { forZones: Array.from({ length: 9 }, () => ({ name: 'a' })) } }] }),
      errors: ['endpoints[0].hints.forZones: Too many: 9: must have at most 8 items'],
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(messages(c.slice), c.errors));

  it('the address type is immutable', () => {
    const old = slice({});
    old.metadata.resourceVersion = '1';
    const changed = slice({ addressType: 'IPv6', endpoints: [{ addresses: ['fd00::1'] }] });
    changed.metadata.resourceVersion = '1';
    assert.deepEqual(validateEndpointSliceUpdate(changed, old).map(fieldErrorMessage), ['addressType: Invalid value: "IPv6": field is immutable']);
  });

  it('the address type is checked on update too', () => {
    const old = slice({ addressType: 'IP' });
    old.metadata.resourceVersion = '1';
    const next = structuredClone(old);
    assert.deepEqual(validateEndpointSliceUpdate(next, old).map(fieldErrorMessage), ['addressType: Unsupported value: "IP": supported values: "FQDN", "IPv4", "IPv6"']);
  });

  it('drops deprecatedTopology written through v1, as upstream dropTopologyOnV1', () => {
    const created = slice({ endpoints: [{ addresses: ['10.1.0.1'], deprecatedTopology: { 'kubernetes.io/hostname': 'n1' } }] });
    endpointSliceDefinition.strategy.prepareForCreate?.(created);
    assert.equal(created.endpoints?.[0]?.deprecatedTopology, undefined);
    const old = slice({ endpoints: [{ addresses: ['10.1.0.1'], deprecatedTopology: { a: 'b' } }] });
    const unchanged = structuredClone(old);
    endpointSliceDefinition.strategy.prepareForUpdate?.(unchanged, old);
    assert.deepEqual(unchanged.endpoints?.[0]?.deprecatedTopology, { a: 'b' });
    const changed = slice({ endpoints: [{ addresses: ['10.1.0.2'], deprecatedTopology: { a: 'b' } }] });
    endpointSliceDefinition.strategy.prepareForUpdate?.(changed, old);
    assert.equal(changed.endpoints?.[0]?.deprecatedTopology, undefined);
  });

  it('the generation counts label changes too', () => {
    const changed = endpointSliceDefinition.strategy.generationChanged!;
    const old = slice({});
    assert.equal(changed(structuredClone(old), old), false);
    const relabelled = slice({});
    relabelled.metadata.labels = { 'kubernetes.io/service-name': 'other' };
    assert.equal(changed(relabelled, old), true);
    const annotated = slice({});
    annotated.metadata.annotations = { a: 'b' };
    assert.equal(changed(annotated, old), false);
    assert.equal(changed(slice({ ports: [] }), old), true);
  });

  it('the table shows ports and endpoints, three at most', () => {
    const cells = endpointSliceDefinition.tableColumns!.map((c) => c.cell(slice({ endpoints: [{ addresses: ['10.1.0.1', '10.1.0.2'] }, { addresses: ['10.1.0.3', '10.1.0.4'] }] }), new Date()));
    assert.deepEqual(cells.slice(0, 4), ['s', 'IPv4', '80', '10.1.0.1,10.1.0.2,10.1.0.3 + 1 more...']);
    assert.equal(endpointSliceDefinition.tableColumns![2]!.cell(slice({ ports: [] }), new Date()), '<unset>');
  });
});
