import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Ingress } from '../schemas.generated.js';
import { formatHosts, ingressColumns, loadBalancerAddresses } from './table.js';

describe('Ingress table', () => {
  it('has upstream printIngress columns', () => {
    assert.deepEqual(ingressColumns.map((c) => [c.definition.name, c.definition.priority]), [['Name', 0], ['Class', 0], ['Hosts', 0], ['Address', 0], ['Ports', 0], ['Age', 0]]);
  });
  it('formats hosts as upstream formatHosts', () => {
    const cases: [string[], string][] = [
      [[], '*'],
      [[''], '*'],
      [['a.com', '', 'b.com'], 'a.com,b.com'],
      [['a.com', 'b.com', 'c.com'], 'a.com,b.com,c.com'],
      [['a.com', 'b.com', 'c.com', 'd.com', 'e.com'], 'a.com,b.com,c.com + 2 more...'],
      [['a.com', 'b.com', 'c.com', ''], 'a.com,b.com,c.com + 1 more...'],
    ];
    for (const [hosts, text] of cases) assert.equal(formatHosts(hosts.map((host) => (host ? { host } : {}))), text, hosts.join('|'));
  });
  it('lists load balancer IPs, else hostnames, sorted and unique', () => {
    const ing: Ingress = { metadata: {}, status: { loadBalancer: { ingress: [{ ip: '10.0.0.2' }, { hostname: 'lb.example.com' }, { ip: '10.0.0.1', hostname: 'x' }, { ip: '10.0.0.2' }, {}] } } };
    assert.equal(loadBalancerAddresses(ing), '10.0.0.1,10.0.0.2,lb.example.com');
  });
  it('shows the class, `<none>` without one, and the TLS ports', () => {
    const cell = (name: string, ing: Ingress) => ingressColumns.find((c) => c.definition.name === name)?.cell(ing, new Date());
    assert.equal(cell('Class', { metadata: {}, spec: {} }), '<none>');
    assert.equal(cell('Class', { metadata: {}, spec: { ingressClassName: 'nginx' } }), 'nginx');
    assert.equal(cell('Ports', { metadata: {}, spec: {} }), '80');
    assert.equal(cell('Ports', { metadata: {}, spec: { tls: [{}] } }), '80, 443');
  });
});
