import { test } from 'node:test';
import assert from 'node:assert/strict';
import { externalAddressOf } from './external-address.js';

test('the secure port is joined on unless the host names a port (net.SplitHostPort)', () => {
  const cases: Array<[string, string]> = [
    ['api.example.com', 'api.example.com:6443'],
    ['api.example.com:443', 'api.example.com:443'],
    ['192.0.2.1', '192.0.2.1:6443'],
    ['2001:db8::1', '[2001:db8::1]:6443'],
    ['[2001:db8::1]:8443', '[2001:db8::1]:8443'],
    ['api.example.com:', 'api.example.com:'],
  ];
  for (const [host, expected] of cases) assert.equal(externalAddressOf(host, 6443), expected, host);
});
