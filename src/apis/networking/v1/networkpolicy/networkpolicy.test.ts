import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldErrorMessage } from '../../../../errors/field-errors.js';
import { defaultNetworkPolicy, formatLabelSelector, prepareNetworkPolicyForUpdate, validateNetworkPolicy, validateNetworkPolicyUpdate, type NetworkPolicy } from './index.js';

const policy = (spec: unknown): NetworkPolicy => {
  const np = { metadata: { name: 'np', namespace: 'default', resourceVersion: '1' }, spec: structuredClone(spec) as NetworkPolicy['spec'] };
  defaultNetworkPolicy(np);
  return np;
};
const messages = (spec: unknown): string[] => validateNetworkPolicy(policy(spec)).map(fieldErrorMessage);
const ingressPorts = (...ports: unknown[]) => ({ podSelector: {}, ingress: [{ ports }] });
const ingressFrom = (...from: unknown[]) => ({ podSelector: {}, ingress: [{ from }] });

describe('validateNetworkPolicy', () => {
  const cases: { name: string; spec: unknown; errors: string[] }[] = [
    { name: 'an empty policy', spec: { podSelector: {} }, errors: [] },
    { name: 'a port range', spec: ingressPorts({ port: 80, endPort: 90 }), errors: [] },
    { name: 'a named port', spec: ingressPorts({ port: 'http', protocol: 'UDP' }), errors: [] },
    { name: 'unknown protocol', spec: ingressPorts({ protocol: 'ICMP' }), errors: ['spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"'] },
    { name: 'port out of range', spec: ingressPorts({ port: 0 }), errors: ['spec.ingress[0].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive'] },
    { name: 'endPort below port (1.25 shows the port)', spec: ingressPorts({ port: 90, endPort: 80 }), errors: ['spec.ingress[0].ports[0].endPort: Invalid value: 90: must be greater than or equal to `port`'] },
    { name: 'endPort out of range', spec: ingressPorts({ port: 90, endPort: 70000 }), errors: ['spec.ingress[0].ports[0].endPort: Invalid value: 70000: must be between 1 and 65535, inclusive'] },
    { name: 'endPort with a named port', spec: ingressPorts({ port: 'http', endPort: 90 }), errors: ['spec.ingress[0].ports[0].endPort: Invalid value: 90: may not be specified when `port` is non-numeric'] },
    { name: 'endPort without a port', spec: ingressPorts({ endPort: 90 }), errors: ['spec.ingress[0].ports[0].endPort: Invalid value: 90: may not be specified when `port` is not specified'] },
    { name: 'bad port name', spec: ingressPorts({ port: 'a--b' }), errors: ['spec.ingress[0].ports[0].port: Invalid value: "a--b": must not contain consecutive hyphens'] },
    { name: 'an empty peer', spec: ingressFrom({}), errors: ['spec.ingress[0].from[0]: Required value: must specify a peer'] },
    { name: 'pod and namespace selectors together', spec: ingressFrom({ podSelector: {}, namespaceSelector: {} }), errors: [] },
    { name: 'ipBlock beside a selector', spec: ingressFrom({ podSelector: {}, ipBlock: { cidr: '10.0.0.0/8' } }), errors: ['spec.ingress[0].from[0]: Forbidden: may not specify both ipBlock and another peer'] },
    { name: 'ipBlock without cidr', spec: ingressFrom({ ipBlock: { cidr: '' } }), errors: ['spec.ingress[0].from[0].ipBlock.cidr: Required value'] },
    { name: 'bad cidr', spec: ingressFrom({ ipBlock: { cidr: '10.0.0.0' } }), errors: ['spec.ingress[0].from[0].ipBlock.cidr: Invalid value: "10.0.0.0": not a valid CIDR'] },
    { name: 'except inside the cidr', spec: ingressFrom({ ipBlock: { cidr: '10.0.0.0/8', except: ['10.1.0.0/16', '10.2.3.4/32'] } }), errors: [] },
    { name: 'IPv6 except', spec: ingressFrom({ ipBlock: { cidr: 'fd00::/8', except: ['fd00:1::/32'] } }), errors: [] },
    {
      name: 'except outside the cidr, or as large',
      spec: { podSelector: {}, egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8', except: ['11.0.0.0/16', '10.0.0.0/8', '10.0.0.0/4'] } }] }] },
      errors: [
        'spec.egress[0].to[0].ipBlock.except[0]: Invalid value: "11.0.0.0/16": must be a strict subset of `cidr`',
        'spec.egress[0].to[0].ipBlock.except[1]: Invalid value: "10.0.0.0/8": must be a strict subset of `cidr`',
        'spec.egress[0].to[0].ipBlock.except[2]: Invalid value: "10.0.0.0/4": must be a strict subset of `cidr`',
      ],
    },
    {
      name: 'a bad except stops the checks',
      spec: ingressFrom({ ipBlock: { cidr: '10.0.0.0/8', except: ['11.0.0.0/16', 'nope', '12.0.0.0/16'] } }),
      errors: ['spec.ingress[0].from[0].ipBlock.except[0]: Invalid value: "11.0.0.0/16": must be a strict subset of `cidr`', 'spec.ingress[0].from[0].ipBlock.except[1]: Invalid value: "nope": not a valid CIDR'],
    },
    { name: 'bad selector', spec: { podSelector: { matchExpressions: [{ key: 'a', operator: 'In' }] } }, errors: ["spec.podSelector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"] },
    { name: 'unknown policy type', spec: { podSelector: {}, policyTypes: ['Ingress', 'Both'] }, errors: ['spec.policyTypes[1]: Unsupported value: "Both": supported values: "Ingress", "Egress"'] },
    { name: 'three policy types', spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress', 'Egress'] }, errors: ['spec.policyTypes: Invalid value: []networking.PolicyType{"Ingress", "Egress", "Egress"}: may not specify more than two policyTypes'] },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(messages(c.spec), c.errors));
});

describe('NetworkPolicy defaults and strategy', () => {
  it('defaults policy types, protocols and the fields Go always writes', () => {
    assert.deepEqual(policy({}).spec, { podSelector: {}, policyTypes: ['Ingress'] });
    const np = policy({ podSelector: {}, egress: [{ ports: [{ port: 53 }] }] });
    assert.deepEqual(np.spec?.policyTypes, ['Ingress', 'Egress']);
    assert.equal(np.spec?.egress?.[0]?.ports?.[0]?.protocol, 'TCP');
    assert.deepEqual(np.status, {});
    assert.deepEqual(policy({ podSelector: {}, policyTypes: ['Egress'] }).spec?.policyTypes, ['Egress']);
  });
  it('keeps stored conditions on update, as 1.25 with the NetworkPolicyStatus gate off', () => {
    const old = policy({});
    old.status = { conditions: [{ type: 'Ready', status: 'True', reason: 'R', message: '', lastTransitionTime: '2024-01-01T00:00:00Z' }] };
    const next = policy({});
    prepareNetworkPolicyForUpdate(next, old);
    assert.deepEqual(next.status, old.status);
    const plain = policy({});
    const sent = policy({});
    sent.status = { conditions: [] };
    prepareNetworkPolicyForUpdate(sent, plain);
    assert.deepEqual(sent.status, { conditions: [] });
  });
  it('lists a spec error twice on update, as upstream', () => {
    const old = policy({});
    const next = policy({ podSelector: {}, policyTypes: ['Both'] });
    assert.deepEqual(validateNetworkPolicyUpdate(next, old).map(fieldErrorMessage), [
      'spec.policyTypes[0]: Unsupported value: "Both": supported values: "Ingress", "Egress"',
      'spec.policyTypes[0]: Unsupported value: "Both": supported values: "Ingress", "Egress"',
    ]);
  });
  it('formats the pod selector as metav1.FormatLabelSelector', () => {
    assert.equal(formatLabelSelector({}), '<none>');
    assert.equal(formatLabelSelector({ matchLabels: { role: 'db', app: 'x' } }), 'app=x,role=db');
    assert.equal(formatLabelSelector({ matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }, { key: 'env', operator: 'DoesNotExist' }] }), '!env,tier in (a,b)');
    assert.equal(formatLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }), '<error>');
  });
});
