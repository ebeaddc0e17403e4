import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatIP, parseIP, ServiceIPRange } from './ip-range.js';
import { PortRange } from './port-range.js';

describe('ServiceIPRange', () => {
  const cases = [
    { cidr: '10.0.0.0/24', size: 254, offset: 16, first: '10.0.0.1', last: '10.0.0.254' },
    { cidr: '10.0.0.0/29', size: 6, offset: 0, first: '10.0.0.1', last: '10.0.0.6' },
    { cidr: '10.96.0.0/12', size: 1048574, offset: 256, first: '10.96.0.1', last: '10.111.255.254' },
    { cidr: 'fd00::/120', size: 255, offset: 16, first: 'fd00::1', last: 'fd00::ff' },
    { cidr: 'fd00::/64', size: 65535, offset: 256, first: 'fd00::1', last: 'fd00::ffff' },
  ];
  for (const c of cases) {
    it(`${c.cidr}: ${c.size} addresses, static band ${c.offset}`, () => {
      const r = ServiceIPRange.parse(c.cidr);
      assert.equal(r.size, c.size);
      assert.equal(r.offset, c.offset);
      assert.equal(r.ipAt(0), c.first);
      assert.equal(r.ipAt(c.size - 1), c.last);
      assert.equal(r.offsetOf(c.first), 0);
      assert.equal(r.offsetOf(c.last), c.size - 1);
    });
  }

  it('never hands out the network or broadcast address, nor addresses outside', () => {
    const r = ServiceIPRange.parse('10.0.0.0/24');
    for (const ip of ['10.0.0.0', '10.0.0.255', '10.0.1.1', 'fd00::1', 'x']) assert.equal(r.offsetOf(ip), undefined, ip);
  });

  it('masks host bits as Go does and refuses bad CIDRs', () => {
    assert.equal(ServiceIPRange.parse('10.0.0.7/24').cidr, '10.0.0.0/24');
    assert.throws(() => ServiceIPRange.parse('10.0.0.0'), /invalid CIDR/);
    assert.throws(() => ServiceIPRange.parse('10.0.0.0/33'), /invalid CIDR/);
  });

  it('formats IPv6 as Go does (RFC 5952)', () => {
    for (const ip of ['fd00::1', '2001:db8::ff00:42:8329', '::1', '::', '2001:db8:0:1:1:1:1:1', '1::1:0:0:0']) assert.equal(formatIP('IPv6', parseIP(ip)!.value), ip);
  });
});

describe('PortRange', () => {
  it('parses base-max, base+size and a single port', () => {
    assert.equal(PortRange.parse('30000-32767').size, 2768);
    assert.equal(PortRange.parse('30000+99').spec, '30000-30099');
    assert.equal(PortRange.parse('8080').spec, '8080-8080');
    assert.throws(() => PortRange.parse('a-b'));
    assert.throws(() => PortRange.parse('3-1'));
  });
});
