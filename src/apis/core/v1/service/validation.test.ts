import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldErrorMessage } from '../../../../errors/field-errors.js';
import { defaultService } from './defaults.js';
import type { Service } from './helpers.js';
import { prepareServiceForCreate } from './strategy.js';
import { validateService, validateServiceUpdate } from './validation.js';

const base = (spec: Service['spec'], annotations?: Record<string, string>): Service => {
  const svc: Service = { metadata: { name: 'web', namespace: 'default', ...(annotations ? { annotations } : {}) }, spec: structuredClone(spec) };
  defaultService(svc);
  prepareServiceForCreate(svc);
  return svc;
};
const messages = (svc: Service): string[] => validateService(svc).map(fieldErrorMessage);

describe('validateService', () => {
  const cases: { name: string; spec: Service['spec']; annotations?: Record<string, string>; errors: string[] }[] = [
    { name: 'a plain ClusterIP service', spec: { ports: [{ port: 80 }], selector: { app: 'web' } }, errors: [] },
    { name: 'no ports', spec: {}, errors: ['spec.ports: Required value'] },
    { name: 'headless without ports', spec: { clusterIP: 'None' }, errors: [] },
    { name: 'ExternalName needs a name', spec: { type: 'ExternalName' }, errors: ['spec.externalName: Required value'] },
    {
      name: 'ExternalName with a bad name',
      spec: { type: 'ExternalName', externalName: 'Foo_Bar' },
      errors: [
        `spec.externalName: Invalid value: "Foo_Bar": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      ],
    },
    { name: 'unnamed ports among several', spec: { ports: [{ port: 80 }, { port: 81, name: 'b' }] }, errors: ['spec.ports[0].name: Required value'] },
    { name: 'duplicate port names', spec: { ports: [{ port: 80, name: 'a' }, { port: 81, name: 'a' }] }, errors: ['spec.ports[1].name: Duplicate value: "a"'] },
    { name: 'port out of range', spec: { ports: [{ port: 70000, targetPort: 80 }] }, errors: ['spec.ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive'] },
    { name: 'bad protocol', spec: { ports: [{ port: 80, protocol: 'ICMP' }] }, errors: ['spec.ports[0].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"'] },
    { name: 'nodePort on ClusterIP', spec: { ports: [{ port: 80, nodePort: 30000 }] }, errors: ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"] },
    { name: 'headless NodePort', spec: { type: 'NodePort', clusterIP: 'None', ports: [{ port: 80 }] }, errors: ['spec.clusterIPs[0]: Invalid value: "None": may not be set to \'None\' for NodePort services'] },
    { name: 'bad cluster IP', spec: { clusterIP: '10.0.0.300', ports: [{ port: 80 }] }, errors: ['spec.clusterIPs[0]: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'] },
    {
      name: 'affinity timeout',
      spec: { ports: [{ port: 80 }], sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 90000 } } },
      errors: ['spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 90000: must be greater than 0 and less than 86400'],
    },
    {
      name: 'source ranges on a ClusterIP service',
      spec: { ports: [{ port: 80 }], loadBalancerSourceRanges: ['10.0.0.0/8', 'nope'] },
      errors: [
        "spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'",
        'spec.LoadBalancerSourceRanges: Invalid value: "[10.0.0.0/8 nope]": must be a list of IP ranges. For example, 10.240.0.0/24,10.250.0.0/24 ',
      ],
    },
    { name: 'loopback external IP', spec: { ports: [{ port: 80 }], externalIPs: ['127.0.0.1'] }, errors: ['spec.externalIPs[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8)'] },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(messages(base(c.spec, c.annotations)), c.errors));
  }

  it('a selector value must be a label value', () => {
    const [error] = messages(base({ ports: [{ port: 80 }], selector: { app: 'a b' } }));
    assert.match(error ?? '', /^spec\.selector: Invalid value: "a b": a valid label must be/);
  });

  it('the cluster IP may not change', () => {
    const old = base({ ports: [{ port: 80 }], clusterIP: '10.0.0.5' });
    const svc = base({ ports: [{ port: 80 }], clusterIP: '10.0.0.6' });
    old.metadata.resourceVersion = svc.metadata.resourceVersion = '1';
    assert.deepEqual(validateServiceUpdate(svc, old).map(fieldErrorMessage), ['spec.clusterIPs[0]: Invalid value: []string{"10.0.0.6"}: may not change once set']);
  });
});
