// kubectl against kplane for networking.k8s.io/v1: Ingress (kubectl create ingress and its --rule
// forms, the status subresource, the table), IngressClass with DefaultIngressClass admission,
// NetworkPolicy, invalid objects answered 422 with upstream's causes, and the removed beta versions.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { decodeProtobufObject, encodeProtobufObject } from '../../src/schema/protobuf/index.js';
import { IngressSchema, NetworkPolicySchema } from '../../src/apis/networking/v1/schemas.generated.js';

const PROTOBUF = 'application/vnd.kubernetes.protobuf';

const CLASS_AND_POLICY = `
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx
  annotations:
    ingressclass.kubernetes.io/is-default-class: "true"
spec:
  controller: k8s.io/ingress-nginx
  parameters:
    apiGroup: k8s.example.com
    kind: IngressParameters
    name: external-lb
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: db
  namespace: default
spec:
  podSelector:
    matchLabels: {role: db}
  ingress:
  - from:
    - ipBlock: {cidr: 172.17.0.0/16, except: [172.17.1.0/24]}
    - podSelector:
        matchLabels: {role: frontend}
    ports:
    - port: 6379
  egress:
  - to:
    - ipBlock: {cidr: 10.0.0.0/24}
    ports:
    - {port: 5978, endPort: 6000, protocol: UDP}
`;

/** The rows of a `kubectl get` table, split on runs of two or more spaces. */
const rows = (out: string): string[][] => out.trim().split('\n').map((line) => line.trim().split(/ {2,}/));

describe('kubectl against kplane: networking.k8s.io/v1', () => {
  let c: TestCluster;
  let raw: RawClient;
  before(async () => {
    c = await startCluster();
    raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
  });
  after(() => c.stop());

  const json = async (args: string[]): Promise<Record<string, unknown>> => JSON.parse(await c.kubectl([...args, '-o', 'json'])) as Record<string, unknown>;

  test('kubectl create ingress builds rules, TLS, class and default backend as kubectl does', async () => {
    assert.equal((await c.kubectl(['create', 'ingress', 'simple', '--rule=foo.com/bar=svc1:8080,tls=my-cert'])).trim(), 'ingress.networking.k8s.io/simple created');
    await c.kubectl(['create', 'ingress', 'catch-all', '--class=otheringress', '--rule=/path=svc:port']);
    await c.kubectl(['create', 'ingress', 'multi', '--class=default', '--rule=foo.com/=svc:https,tls', '--rule=foo.com/path/subpath*=othersvc:8080', '--rule=bar.com/admin*=svc2:http']);
    await c.kubectl(['create', 'ingress', 'with-default', '--default-backend=defaultsvc:http', '--rule=foo.com/*=svc:8080,tls=secret1']);

    const simple = await json(['get', 'ingress', 'simple']);
    assert.deepEqual(simple['spec'], {
      rules: [{ host: 'foo.com', http: { paths: [{ path: '/bar', pathType: 'Exact', backend: { service: { name: 'svc1', port: { number: 8080 } } } }] } }],
      tls: [{ hosts: ['foo.com'], secretName: 'my-cert' }],
    });
    assert.deepEqual(simple['status'], { loadBalancer: {} });
    assert.equal((simple['metadata'] as { generation: number }).generation, 1);

    const multi = (await json(['get', 'ingress', 'multi']))['spec'] as { ingressClassName: string; rules: { http: { paths: { path: string; pathType: string }[] } }[] };
    assert.equal(multi.ingressClassName, 'default');
    assert.deepEqual(multi.rules.flatMap((r) => r.http.paths.map((p) => `${p.path} ${p.pathType}`)), ['/ Exact', '/path/subpath Prefix', '/admin Prefix']);
    const withDefault = (await json(['get', 'ingress', 'with-default']))['spec'] as { defaultBackend: unknown };
    assert.deepEqual(withDefault.defaultBackend, { service: { name: 'defaultsvc', port: { name: 'http' } } });
  });

  test('kubectl get ing prints NAME CLASS HOSTS ADDRESS PORTS AGE, also with -o wide', async () => {
    for (const extra of [[], ['-o', 'wide']]) {
      const table = rows(await c.kubectl(['get', 'ing', ...extra]));
      assert.deepEqual(table[0], ['NAME', 'CLASS', 'HOSTS', 'ADDRESS', 'PORTS', 'AGE']);
      const byName = new Map(table.slice(1).map((r) => [r[0], r.slice(1, -1)]));
      assert.deepEqual(byName.get('simple'), ['<none>', 'foo.com', '80, 443']);
      assert.deepEqual(byName.get('catch-all'), ['otheringress', '*', '80']);
      assert.deepEqual(byName.get('multi'), ['default', 'foo.com,bar.com', '80, 443']);
    }
  });

  test('the status subresource sets the load balancer address; the main resource cannot', async () => {
    const patch = JSON.stringify({ status: { loadBalancer: { ingress: [{ ip: '192.0.2.10' }, { hostname: 'lb.example.com' }] } } });
    await c.kubectl(['patch', 'ingress', 'simple', '--subresource=status', '--type=merge', '-p', patch]);
    await c.kubectl(['patch', 'ingress', 'catch-all', '--type=merge', '-p', patch]);
    const table = rows(await c.kubectl(['get', 'ing', 'simple', 'catch-all']));
    assert.deepEqual(table.slice(1).map((r) => r.slice(0, -1)), [
      ['simple', '<none>', 'foo.com', '192.0.2.10,lb.example.com', '80, 443'],
      ['catch-all', 'otheringress', '*', '80'],
    ]);
    const bad = await c.kubectlResult(['patch', 'ingress', 'simple', '--subresource=status', '--type=merge', '-p', JSON.stringify({ status: { loadBalancer: { ingress: [{ ip: 'nope' }] } } })]);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /status\.loadBalancer\.ingress\[0\]\.ip: Invalid value: "nope": must be a valid IP address/);
  });

  test('create -f an IngressClass and a NetworkPolicy; get ingressclass,netpol', async () => {
    const out = await c.kubectl(['create', '-f', '-'], { input: CLASS_AND_POLICY });
    assert.match(out, /^ingressclass.networking.k8s.io\/nginx created$/m);
    assert.match(out, /^networkpolicy.networking.k8s.io\/db created$/m);
    const lines = (await c.kubectl(['get', 'ingressclass,netpol'])).trim().split('\n\n').map(rows);
    assert.deepEqual(lines[0]?.[0], ['NAME', 'CONTROLLER', 'PARAMETERS', 'AGE']);
    assert.deepEqual(lines[0]?.[1]?.slice(0, 3), ['ingressclass.networking.k8s.io/nginx', 'k8s.io/ingress-nginx', 'IngressParameters.k8s.example.com/external-lb']);
    assert.deepEqual(lines[1]?.[0], ['NAME', 'POD-SELECTOR', 'AGE']);
    assert.deepEqual(lines[1]?.[1]?.slice(0, 2), ['networkpolicy.networking.k8s.io/db', 'role=db']);

    const policy = await json(['get', 'netpol', 'db']);
    const spec = policy['spec'] as { policyTypes: string[]; ingress: { ports: { protocol: string }[] }[] };
    assert.deepEqual(spec.policyTypes, ['Ingress', 'Egress']);
    assert.equal(spec.ingress[0]?.ports[0]?.protocol, 'TCP');
    assert.deepEqual(policy['status'], {});
    const parameters = ((await json(['get', 'ingressclass', 'nginx']))['spec'] as { parameters: { scope: string } }).parameters;
    assert.equal(parameters.scope, 'Cluster');
  });

  test('DefaultIngressClass admission names the default class, and refuses when two are default', async () => {
    await c.kubectl(['create', 'ingress', 'defaulted', '--rule=x.com/=svc:80']);
    assert.equal(await c.kubectl(['get', 'ing', 'defaulted', '-o', 'jsonpath={.spec.ingressClassName}']), 'nginx');
    await c.kubectl(['create', 'ingress', 'annotated', '--rule=x.com/=svc:80', '--annotation=kubernetes.io/ingress.class=legacy']);
    assert.equal(await c.kubectl(['get', 'ing', 'annotated', '-o', 'jsonpath={.spec.ingressClassName}']), '');

    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: 'second', annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } }, spec: { controller: 'example.com/second' } }) });
    const refused = await c.kubectlResult(['create', 'ingress', 'refused', '--rule=x.com/=svc:80']);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /ingresses.networking.k8s.io "refused" is forbidden: Internal error occurred: 2 default IngressClasses were found, only 1 allowed/);
    await c.kubectl(['delete', 'ingressclass', 'second']);
  });

  test('invalid objects are answered 422 with upstream causes', async () => {
    const ingress = { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'bad' }, spec: { ingressClassName: 'nginx', rules: [{ host: '1.2.3.4', http: { paths: [{ path: 'rel', pathType: 'Exact', backend: { service: { name: 's', port: { name: 'http', number: 80 } } } }, { path: '/', backend: {} }] } }] } };
    const res = await raw.request('POST', '/apis/networking.k8s.io/v1/namespaces/default/ingresses', { body: JSON.stringify(ingress) });
    assert.equal(res.status, 422);
    const status = res.json() as { reason: string; details: { causes: { reason: string; field: string; message: string }[] } };
    assert.equal(status.reason, 'Invalid');
    assert.deepEqual(status.details.causes, [
      { reason: 'FieldValueInvalid', message: 'Invalid value: "1.2.3.4": must be a DNS name, not an IP address', field: 'spec.rules[0].host' },
      { reason: 'FieldValueInvalid', message: 'Invalid value: "rel": must be an absolute path', field: 'spec.rules[0].http.paths[0].path' },
      { reason: 'FieldValueInvalid', message: 'Invalid value: "": cannot set both port name & port number', field: 'spec.rules[0].http.paths[0].backend' },
      { reason: 'FieldValueRequired', message: 'Required value: pathType must be specified', field: 'spec.rules[0].http.paths[1].pathType' },
    ]);

    const policy = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'bad' }, spec: { podSelector: {}, ingress: [{ from: [{}], ports: [{ port: 'http', endPort: 90 }] }] } };
    const result = await c.kubectlResult(['create', '-f', '-'], { input: JSON.stringify(policy) });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /The NetworkPolicy "bad" is invalid: \n\* spec.ingress\[0\].ports\[0\].endPort: Invalid value: 90: may not be specified when `port` is non-numeric\n\* spec.ingress\[0\].from\[0\]: Required value: must specify a peer/);

    const klass = { apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: 'bad' }, spec: { controller: 'nginx' } };
    const invalidClass = await c.kubectlResult(['create', '-f', '-'], { input: JSON.stringify(klass) });
    assert.match(invalidClass.stderr, /The IngressClass "bad" is invalid: spec.controller: Invalid value: "nginx": must be a domain-prefixed path \(such as "acme.io\/foo"\)/);
    const immutable = await c.kubectlResult(['patch', 'ingressclass', 'nginx', '--type=merge', '-p', '{"spec":{"controller":"example.com/other"}}']);
    assert.match(immutable.stderr, /spec.controller: Invalid value: "example.com\/other": field is immutable/);
  });

  test('the generation follows the spec; networkpolicies have no status subresource in 1.25', async () => {
    await c.kubectl(['label', 'netpol', 'db', 'team=data']);
    assert.equal(await c.kubectl(['get', 'netpol', 'db', '-o', 'jsonpath={.metadata.generation}']), '1');
    await c.kubectl(['patch', 'netpol', 'db', '--type=merge', '-p', '{"spec":{"policyTypes":["Ingress"]}}']);
    assert.equal(await c.kubectl(['get', 'netpol', 'db', '-o', 'jsonpath={.metadata.generation}']), '2');
    const res = await raw.request('GET', '/apis/networking.k8s.io/v1/namespaces/default/networkpolicies/db/status');
    assert.equal(res.status, 404);
    const resources = (await raw.request('GET', '/apis/networking.k8s.io/v1')).json() as { resources: { name: string; shortNames?: string[] }[] };
    assert.deepEqual(resources.resources.map((r) => [r.name, r.shortNames ?? []]).sort(), [
      ['ingressclasses', []],
      ['ingresses', ['ing']],
      ['ingresses/status', []],
      ['networkpolicies', ['netpol']],
    ]);
  });

  test('protobuf: objects read and written as kubectl-compatible protobuf decode to their JSON', async () => {
    for (const [schema, path] of [
      [IngressSchema, '/apis/networking.k8s.io/v1/namespaces/default/ingresses/multi'],
      [NetworkPolicySchema, '/apis/networking.k8s.io/v1/namespaces/default/networkpolicies/db'],
    ] as const) {
      const pb = await raw.request('GET', path, { accept: PROTOBUF });
      assert.equal(pb.headers['content-type'], PROTOBUF);
      assert.deepEqual(decodeProtobufObject(schema, pb.bytes).object, (await raw.request('GET', path)).json(), path);
    }
    const ingress = { metadata: { name: 'from-protobuf' }, spec: { rules: [{ host: 'pb.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } }] } };
    const body = Buffer.from(encodeProtobufObject(IngressSchema, 'networking.k8s.io/v1', 'Ingress', ingress));
    const created = await raw.request('POST', '/apis/networking.k8s.io/v1/namespaces/default/ingresses', { body, contentType: PROTOBUF });
    assert.equal(created.status, 201, created.body);
    const rules = ((created.json() as { spec: { rules: unknown } }).spec.rules);
    assert.deepEqual(rules, ingress.spec.rules);
  });

  test('removed networking versions answer 404 on every path with the body 1.25 gives', async () => {
    // extensions is no served group any more: Go's plain-text 404. networking.k8s.io is: a Status.
    for (const path of ['/apis/extensions/v1beta1', '/apis/extensions/v1beta1/namespaces/default/ingresses', '/apis/extensions/v1beta1/namespaces/default/networkpolicies/db']) {
      const res = await raw.request('GET', path);
      assert.deepEqual([res.status, res.headers['content-type'], res.body], [404, 'text/plain; charset=utf-8', '404 page not found\n'], path);
    }
    for (const path of ['/apis/networking.k8s.io/v1beta1', '/apis/networking.k8s.io/v1beta1/ingressclasses/nginx', '/apis/networking.k8s.io/v1beta1/namespaces/default/ingresses/simple']) {
      const res = await raw.request('GET', path);
      assert.equal(res.status, 404, path);
      assert.deepEqual(res.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', code: 404, details: {} }, path);
    }
  });
});
