import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import { defaultIngressClass, ingressClassDefinition, validateIngressClass, validateIngressClassUpdate, type IngressClass } from './ingressclass.js';

const SUBDOMAIN_REGEX = `'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'`;
const ingressClass = (spec: unknown): IngressClass => {
  const ic = { metadata: { name: 'nginx', resourceVersion: '1' }, spec: structuredClone(spec) as IngressClass['spec'] };
  defaultIngressClass(ic);
  return ic;
};
const messages = (spec: unknown): string[] => validateIngressClass(ingressClass(spec)).map(fieldErrorMessage);

describe('validateIngressClass', () => {
  const params = (extra: Record<string, unknown>) => ({ controller: 'example.com/ingress', parameters: { kind: 'Params', name: 'p', ...extra } });
  const cases: { name: string; spec: unknown; errors: string[] }[] = [
    { name: 'a controller', spec: { controller: 'k8s.io/ingress-nginx' }, errors: [] },
    { name: 'no controller', spec: {}, errors: ['spec.controller: Required value'] },
    { name: 'controller without a path', spec: { controller: 'example.com' }, errors: ['spec.controller: Invalid value: "example.com": must be a domain-prefixed path (such as "acme.io/foo")'] },
    {
      name: 'controller with a bad domain',
      spec: { controller: 'Example.com/foo' },
      errors: [`spec.controller: Invalid value: "Example.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is ${SUBDOMAIN_REGEX})`],
    },
    { name: 'controller with a bad path', spec: { controller: 'example.com/a b' }, errors: ["spec.controller: Invalid value: \"a b\": must be a valid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')"] },
    { name: 'controller too long', spec: { controller: `example.com/${'a'.repeat(240)}` }, errors: ['spec.controller: Too long: must have at most 250 bytes'] },
    { name: 'parameters default to cluster scope', spec: params({}), errors: [] },
    { name: 'namespaced parameters', spec: params({ scope: 'Namespace', namespace: 'ingress' }), errors: [] },
    { name: 'namespaced parameters without a namespace', spec: params({ scope: 'Namespace' }), errors: ["spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'"] },
    { name: 'cluster parameters with a namespace', spec: params({ scope: 'Cluster', namespace: 'x' }), errors: ["spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'"] },
    { name: 'unknown scope', spec: params({ scope: 'Global' }), errors: ['spec.parameters.scope: Unsupported value: "Global": supported values: "Cluster", "Namespace"'] },
    {
      name: 'parameters without kind and name',
      spec: { controller: 'example.com/ingress', parameters: { kind: '', name: '' } },
      errors: ['spec.parameters.kind: Required value: kind is required', 'spec.parameters.name: Required value: name is required'],
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(messages(c.spec), c.errors));

  it('defaults the parameters scope to Cluster', () => {
    assert.equal(ingressClass({ controller: 'a.io/b', parameters: { kind: 'K', name: 'n' } }).spec?.parameters?.scope, 'Cluster');
  });
});

describe('validateIngressClassUpdate', () => {
  it('keeps the controller fixed', () => {
    const old = ingressClass({ controller: 'example.com/a' });
    assert.deepEqual(validateIngressClassUpdate(ingressClass({ controller: 'example.com/b' }), old).map(fieldErrorMessage), ['spec.controller: Invalid value: "example.com/b": field is immutable']);
    assert.deepEqual(validateIngressClassUpdate(ingressClass({ controller: 'example.com/a', parameters: { kind: 'K', name: 'n' } }), old), []);
  });
});

describe('IngressClass table', () => {
  it('prints NAME CONTROLLER PARAMETERS AGE', () => {
    const cols = ingressClassDefinition.tableColumns ?? [];
    assert.deepEqual(cols.map((c) => c.definition.name), ['Name', 'Controller', 'Parameters', 'Age']);
    const cell = (spec: unknown) => cols[2]?.cell(ingressClass(spec), new Date());
    assert.equal(cell({ controller: 'a.io/b' }), '<none>');
    assert.equal(cell({ controller: 'a.io/b', parameters: { kind: 'Params', name: 'p' } }), 'Params/p');
    assert.equal(cell({ controller: 'a.io/b', parameters: { apiGroup: 'k8s.example.com', kind: 'Params', name: 'p' } }), 'Params.k8s.example.com/p');
  });
});
