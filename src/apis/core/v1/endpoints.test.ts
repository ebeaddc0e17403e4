import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import { formatEndpoints, validateEndpoints, type Endpoints } from './endpoints.js';

const eps = (subsets: Endpoints['subsets']): Endpoints => ({ metadata: { name: 'web', namespace: 'default' }, ...(subsets ? { subsets } : {}) });
const addresses = (n: number) => Array.from({ length: n }, (_, i) => ({ ip: `10.1.0.${i + 1}` }));

describe('formatEndpoints (the ENDPOINTS column)', () => {
  const cases: { name: string; eps: Endpoints; cell: string }[] = [
    { name: 'no subsets', eps: eps(undefined), cell: '<none>' },
    { name: 'one address and port', eps: eps([{ addresses: addresses(1), ports: [{ port: 80 }] }]), cell: '10.1.0.1:80' },
    { name: 'headless without ports', eps: eps([{ addresses: addresses(2) }]), cell: '10.1.0.1,10.1.0.2' },
    { name: 'more than three', eps: eps([{ addresses: addresses(3), ports: [{ port: 80, name: 'a' }, { port: 81, name: 'b' }] }]), cell: '10.1.0.1:80,10.1.0.2:80,10.1.0.3:80 + 3 more...' },
    { name: 'only not-ready addresses', eps: eps([{ notReadyAddresses: addresses(1), ports: [{ port: 80 }] }]), cell: '<none>' },
    { name: 'IPv6', eps: eps([{ addresses: [{ ip: 'fd00::1' }], ports: [{ port: 443 }] }]), cell: '[fd00::1]:443' },
  ];
  for (const c of cases) it(c.name, () => assert.equal(formatEndpoints(c.eps), c.cell));
});

describe('validateEndpoints', () => {
  const cases: { name: string; eps: Endpoints; errors: string[] }[] = [
    { name: 'valid', eps: eps([{ addresses: addresses(1), ports: [{ port: 80, protocol: 'TCP' }] }]), errors: [] },
    { name: 'a subset without addresses', eps: eps([{ ports: [{ port: 80, protocol: 'TCP' }] }]), errors: ['subsets[0]: Required value: must specify `addresses` or `notReadyAddresses`'] },
    {
      name: 'a bad IP',
      eps: eps([{ addresses: [{ ip: 'x' }] }]),
      errors: ['subsets[0].addresses[0].ip: Invalid value: "x": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)', 'subsets[0].addresses[0].ip: Invalid value: "x": must be a valid IP address'],
    },
    { name: 'link-local', eps: eps([{ addresses: [{ ip: '169.254.1.1' }] }]), errors: ['subsets[0].addresses[0].ip: Invalid value: "169.254.1.1": may not be in the link-local range (169.254.0.0/16)'] },
    {
      name: 'unnamed ports among several',
      eps: eps([{ addresses: addresses(1), ports: [{ port: 80, protocol: 'TCP' }, { port: 81, name: 'b', protocol: 'TCP' }] }]),
      errors: ['subsets[0].ports[0].name: Required value'],
    },
    { name: 'a missing protocol', eps: eps([{ addresses: addresses(1), ports: [{ port: 80 }] }]), errors: ['subsets[0].ports[0].protocol: Required value'] },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(validateEndpoints(c.eps).map(fieldErrorMessage), c.errors));
});
