import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldErrorMessage } from '../../../../errors/field-errors.js';
import type { Ingress, IngressSpec } from '../schemas.generated.js';
import { defaultIngress, prepareIngressForCreate } from './index.js';
import { validateIngressCreate, validateIngressStatusUpdate, validateIngressUpdate } from './validation.js';

const SUBDOMAIN_REGEX = `'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'`;
const WILDCARD_REGEX = `'\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'`;
const svc = (port: Record<string, unknown> = { number: 80 }) => ({ service: { name: 'web', port } });
const path = (extra: Record<string, unknown>) => ({ path: '/', pathType: 'Prefix', backend: svc(), ...extra });
const rule = (paths: Record<string, unknown>[], host?: string) => ({ ...(host !== undefined ? { host } : {}), http: { paths } });

const ingress = (spec: unknown, annotations?: Record<string, string>): Ingress => {
  const ing = { metadata: { name: 'web', namespace: 'default', resourceVersion: '1', ...(annotations ? { annotations } : {}) }, spec: structuredClone(spec) as IngressSpec };
  defaultIngress(ing);
  prepareIngressForCreate(ing);
  return ing;
};
const messages = (ing: Ingress): string[] => validateIngressCreate(ing).map(fieldErrorMessage);

describe('validateIngressCreate', () => {
  const cases: { name: string; spec: unknown; annotations?: Record<string, string>; errors: string[] }[] = [
    { name: 'a default backend only', spec: { defaultBackend: svc() }, errors: [] },
    { name: 'rules with every path type', spec: { rules: [rule([path({}), path({ pathType: 'Exact', path: '/a' }), path({ pathType: 'ImplementationSpecific', path: '' })], 'foo.com')] }, errors: [] },
    { name: 'neither rules nor default backend', spec: {}, errors: ['spec: Invalid value: []networking.IngressRule(nil): either `defaultBackend` or `rules` must be specified'] },
    { name: 'an empty rule list', spec: { rules: [] }, errors: ['spec: Invalid value: []networking.IngressRule{}: either `defaultBackend` or `rules` must be specified'] },
    { name: 'pathType missing', spec: { rules: [rule([{ path: '/', backend: {} }])] }, errors: ['spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified'] },
    { name: 'unknown pathType', spec: { rules: [rule([path({ pathType: 'Regex' })])] }, errors: ['spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"'] },
    { name: 'relative Exact path', spec: { rules: [rule([path({ pathType: 'Exact', path: 'foo' })])] }, errors: ['spec.rules[0].http.paths[0].path: Invalid value: "foo": must be an absolute path'] },
    { name: 'empty Prefix path', spec: { rules: [rule([path({ path: undefined })])] }, errors: ['spec.rules[0].http.paths[0].path: Invalid value: "": must be an absolute path'] },
    {
      name: 'Prefix path sequences and suffixes',
      spec: { rules: [rule([path({ path: '/a//b/..' })])] },
      errors: ['spec.rules[0].http.paths[0].path: Invalid value: "/a//b/..": must not contain \'//\'', 'spec.rules[0].http.paths[0].path: Invalid value: "/a//b/..": cannot end with \'/..\''],
    },
    { name: 'ImplementationSpecific allows what Prefix refuses', spec: { rules: [rule([path({ pathType: 'ImplementationSpecific', path: '/a//b/%2F' })])] }, errors: [] },
    { name: 'relative ImplementationSpecific path', spec: { rules: [rule([path({ pathType: 'ImplementationSpecific', path: 'a' })])] }, errors: ['spec.rules[0].http.paths[0].path: Invalid value: "a": must be an absolute path'] },
    { name: 'rule without paths', spec: { rules: [{ host: 'a.com', http: { paths: [] } }] }, errors: ['spec.rules[0].http.paths: Required value'] },
    { name: 'rule with a host only', spec: { rules: [{ host: 'a.com' }] }, errors: [] },
    { name: 'IP host', spec: { rules: [rule([path({})], '1.2.3.4')] }, errors: ['spec.rules[0].host: Invalid value: "1.2.3.4": must be a DNS name, not an IP address'] },
    {
      name: 'bad host',
      spec: { rules: [rule([path({})], 'Foo.com')] },
      errors: [`spec.rules[0].host: Invalid value: "Foo.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is ${SUBDOMAIN_REGEX})`],
    },
    { name: 'wildcard host', spec: { rules: [rule([path({})], '*.foo.com')] }, errors: [] },
    {
      name: 'bad wildcard host',
      spec: { rules: [rule([path({})], 'foo.*.com')] },
      errors: [
        `spec.rules[0].host: Invalid value: "foo.*.com": a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is ${WILDCARD_REGEX})`,
      ],
    },
    { name: 'both backends', spec: { defaultBackend: { ...svc(), resource: { kind: 'Bucket', name: 'b' } } }, errors: ['spec.defaultBackend: Invalid value: "": cannot set both resource and service backends'] },
    { name: 'no backend', spec: { defaultBackend: {} }, errors: ['spec.defaultBackend: Invalid value: "": resource or service backend is required'] },
    { name: 'resource backend', spec: { defaultBackend: { resource: { apiGroup: 'k8s.example.com', kind: 'Bucket', name: 'b' } } }, errors: [] },
    {
      name: 'resource backend without kind or name',
      spec: { defaultBackend: { resource: { apiGroup: 'Bad_Group', kind: '', name: 'a/b' } } },
      errors: [
        `spec.defaultBackend.resource.apiGroup: Invalid value: "Bad_Group": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is ${SUBDOMAIN_REGEX})`,
        'spec.defaultBackend.resource.kind: Required value: kind is required',
        "spec.defaultBackend.resource.name: Invalid value: \"a/b\": may not contain '/'",
      ],
    },
    { name: 'service port name and number', spec: { defaultBackend: svc({ name: 'http', number: 80 }) }, errors: ['spec.defaultBackend: Invalid value: "": cannot set both port name & port number'] },
    { name: 'service without a port', spec: { defaultBackend: { service: { name: 'web' } } }, errors: ['spec.defaultBackend: Required value: port name or number is required'] },
    { name: 'service port out of range', spec: { defaultBackend: svc({ number: 70000 }) }, errors: ['spec.defaultBackend.service.port.number: Invalid value: 70000: must be between 1 and 65535, inclusive'] },
    { name: 'service port name', spec: { defaultBackend: svc({ name: 'HTTP' }) }, errors: ['spec.defaultBackend.service.port.name: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)', 'spec.defaultBackend.service.port.name: Invalid value: "HTTP": must contain at least one letter (a-z)'] },
    { name: 'service name missing', spec: { defaultBackend: { service: { name: '', port: { number: 80 } } } }, errors: ['spec.defaultBackend.service.name: Required value'] },
    {
      name: 'service name not a DNS-1035 label',
      spec: { defaultBackend: { service: { name: '1web', port: { number: 80 } } } },
      errors: [
        `spec.defaultBackend.service.name: Invalid value: "1web": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
      ],
    },
    { name: 'TLS with a wildcard host', spec: { defaultBackend: svc(), tls: [{ hosts: ['*.foo.com', 'bar.com'], secretName: 'cert' }] }, errors: [] },
    {
      name: 'TLS with a bad secret name',
      spec: { defaultBackend: svc(), tls: [{ secretName: 'Cert' }] },
      errors: [`spec.tls[0].secretName: Invalid value: "Cert": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is ${SUBDOMAIN_REGEX})`],
    },
    {
      name: 'bad class name',
      spec: { defaultBackend: svc(), ingressClassName: 'Nginx' },
      errors: [`spec.ingressClassName: Invalid value: "Nginx": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is ${SUBDOMAIN_REGEX})`],
    },
    {
      name: 'class annotation beside the class field',
      spec: { defaultBackend: svc(), ingressClassName: 'nginx' },
      annotations: { 'kubernetes.io/ingress.class': 'nginx' },
      errors: ['annotations.kubernetes.io/ingress.class: Invalid value: "nginx": can not be set when the class field is also set'],
    },
    { name: 'class annotation alone', spec: { defaultBackend: svc() }, annotations: { 'kubernetes.io/ingress.class': 'nginx' }, errors: [] },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(messages(ingress(c.spec, c.annotations)), c.errors));
});

describe('validateIngressUpdate', () => {
  it('keeps allowing what the stored object already had, and nothing else', () => {
    const old = ingress({ defaultBackend: svc(), tls: [{ secretName: 'Cert' }], rules: [rule([path({ path: 'rel' })], '*.foo.com')] });
    const same = structuredClone(old);
    assert.deepEqual(validateIngressUpdate(same, old).map(fieldErrorMessage), []);
    const valid = ingress({ defaultBackend: svc() });
    const fresh = ingress({ defaultBackend: svc(), tls: [{ secretName: 'Cert' }] });
    assert.equal(validateIngressUpdate(fresh, valid).length, 1);
  });
  it('allows the class annotation beside the class field (a create rule only)', () => {
    const old = ingress({ defaultBackend: svc(), ingressClassName: 'nginx' });
    const next = ingress({ defaultBackend: svc(), ingressClassName: 'nginx' }, { 'kubernetes.io/ingress.class': 'other' });
    assert.deepEqual(validateIngressUpdate(next, old), []);
  });
});

describe('validateIngressStatusUpdate', () => {
  it('checks load balancer IPs and hostnames', () => {
    const old = ingress({ defaultBackend: svc() });
    const next = structuredClone(old);
    next.status = { loadBalancer: { ingress: [{ ip: '10.0.0.1' }, { ip: 'nope' }, { hostname: '10.0.0.2' }, { hostname: 'lb.example.com', ports: [{ port: 80, protocol: 'TCP' }] }] } };
    assert.deepEqual(validateIngressStatusUpdate(next, old).map(fieldErrorMessage), [
      'status.loadBalancer.ingress[1].ip: Invalid value: "nope": must be a valid IP address',
      'status.loadBalancer.ingress[2].hostname: Invalid value: "10.0.0.2": must be a DNS name, not an IP address',
    ]);
  });
});

describe('Ingress strategy', () => {
  it('resets status on create and fills the fields Go always writes', () => {
    const ing = ingress({ defaultBackend: { service: { name: 'web' } } });
    assert.deepEqual(ing.status, { loadBalancer: {} });
    assert.deepEqual(ing.spec?.defaultBackend?.service?.port, {});
    const bare: Ingress = { metadata: { name: 'x' } };
    defaultIngress(bare);
    assert.deepEqual(bare.spec, {});
  });
});
