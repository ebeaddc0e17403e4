import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Service } from './helpers.js';
import { externalIPCell, formatLabels, portsCell } from './table.js';

const svc = (spec: Service['spec'], status?: Service['status']): Service => ({ metadata: { name: 'a' }, spec, ...(status ? { status } : {}) });

describe('service table cells', () => {
  const cases: { name: string; svc: Service; external: string; ports: string }[] = [
    { name: 'ClusterIP', svc: svc({ type: 'ClusterIP', ports: [{ port: 80, protocol: 'TCP' }] }), external: '<none>', ports: '80/TCP' },
    { name: 'NodePort', svc: svc({ type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }, { port: 53, protocol: 'UDP', nodePort: 30053 }] }), external: '<none>', ports: '80:30080/TCP,53:30053/UDP' },
    { name: 'ExternalName', svc: svc({ type: 'ExternalName', externalName: 'example.com' }), external: 'example.com', ports: '<none>' },
    { name: 'LoadBalancer pending', svc: svc({ type: 'LoadBalancer', ports: [{ port: 80, protocol: 'TCP', nodePort: 31000 }] }), external: '<pending>', ports: '80:31000/TCP' },
    { name: 'LoadBalancer with ingress and external IPs', svc: svc({ type: 'LoadBalancer', externalIPs: ['1.2.3.4'] }, { loadBalancer: { ingress: [{ ip: '5.6.7.8' }] } }), external: '5.6.7.8,1.2.3.4', ports: '<none>' },
    { name: 'ClusterIP with external IPs', svc: svc({ type: 'ClusterIP', externalIPs: ['1.2.3.4', '1.2.3.5'] }), external: '1.2.3.4,1.2.3.5', ports: '<none>' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.equal(externalIPCell(c.svc), c.external);
      assert.equal(portsCell(c.svc), c.ports);
    });
  }
  it('formats selectors as kubectl does', () => {
    assert.equal(formatLabels(undefined), '<none>');
    assert.equal(formatLabels({ b: '2', a: '1' }), 'a=1,b=2');
  });
});
