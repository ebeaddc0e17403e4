// CertificateSigningRequests (2-access-control "CertificateSigningRequest") through kubectl: the requester is
// recorded from the request, `kubectl certificate approve` needs `approve` on the signer (CertificateApproval),
// the kube-apiserver-client signer refuses system:masters (CertificateSubjectRestriction), and the table shows
// the request's state.
import 'reflect-metadata';
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { request as httpsRequest } from 'node:https';
import YAML from 'yaml';
import { eventually, useCluster } from './support/cluster.js';

const env = useCluster();
x509.cryptoProvider.set(webcrypto);
const requests = new Map<string, string>();
let janeKey = '';

before(async () => {
  for (const [name, subject] of [
    ['dev', 'CN=jane, O=dev'], ['masters', 'CN=mallory, O=system:masters'], ['n1', 'CN=system:node:n1, O=system:nodes'], ['n2', 'CN=system:node:n2, O=system:nodes'],
  ] as const) {
    const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: subject, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } });
    requests.set(name, Buffer.from(csr.toString('pem')).toString('base64'));
    if (name === 'dev') {
      const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64').replace(/(.{64})/g, '$1\n');
      janeKey = `-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----\n`;
    }
  }
});

const manifest = (name: string, request: string, signerName = 'kubernetes.io/kube-apiserver-client') => JSON.stringify({
  apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name },
  spec: { request, signerName, expirationSeconds: 86400, usages: ['client auth'] },
});

test('a CSR records who made it; its table shows signer, requestor, duration and condition', async () => {
  await env.cluster.kubectl(['create', 'clusterrole', 'csr-creator', '--verb=create,get,list', '--resource=certificatesigningrequests']);
  await env.cluster.kubectl(['create', 'clusterrolebinding', 'jane-csr', '--clusterrole=csr-creator', '--user=jane']);
  await env.cluster.kubectl(['create', '-f', '-', '--as=jane', '--as-group=system:authenticated'], { input: manifest('jane-client', requests.get('dev')!) });
  const csr = JSON.parse(await env.cluster.kubectl(['get', 'csr', 'jane-client', '-o', 'json'])) as { spec: { username: string; groups: string[] }; status: unknown };
  assert.equal(csr.spec.username, 'jane');
  assert.deepEqual(csr.spec.groups, ['system:authenticated']);
  assert.match(await env.cluster.kubectl(['get', 'csr', 'jane-client']), /^NAME +AGE +SIGNERNAME +REQUESTOR +REQUESTEDDURATION +CONDITION\njane-client +\S+ +kubernetes\.io\/kube-apiserver-client +jane +24h +Pending\n$/);
});

test('approving needs approve on the signer (CertificateApproval); an admin approves', async () => {
  await env.cluster.kubectl(['create', 'clusterrole', 'csr-approval-writer', '--verb=get,update,patch', '--resource=certificatesigningrequests,certificatesigningrequests/approval']);
  await env.cluster.kubectl(['create', 'clusterrolebinding', 'bob-approval', '--clusterrole=csr-approval-writer', '--user=bob']);
  const refused = await env.cluster.kubectlResult(['certificate', 'approve', 'jane-client', '--as=bob']);
  assert.match(refused.stderr, /certificatesigningrequests\.certificates\.k8s\.io "jane-client" is forbidden: user not permitted to approve requests with signerName "kubernetes\.io\/kube-apiserver-client"/);
  assert.match(await env.cluster.kubectl(['certificate', 'approve', 'jane-client']), /approved/);
  const status = (JSON.parse(await env.cluster.kubectl(['get', 'csr', 'jane-client', '-o', 'json'])) as { status: { conditions: Array<{ type: string; reason: string; lastTransitionTime: string }> } }).status;
  assert.equal(status.conditions[0]?.type, 'Approved');
  assert.equal(status.conditions[0]?.reason, 'KubectlApprove');
  assert.ok(status.conditions[0]?.lastTransitionTime);
});

test('the csrsigning controller issues the approved certificate, which then authenticates its subject', async () => {
  const issued = await eventually(async () => {
    const csr = JSON.parse(await env.cluster.kubectl(['get', 'csr', 'jane-client', '-o', 'json'])) as { status: { certificate?: string } };
    return csr.status.certificate;
  }, 'the certificate');
  const pem = Buffer.from(issued, 'base64').toString();
  const certificate = new x509.X509Certificate(pem);
  // Go's pkix.Name order: the organization before the common name.
  assert.equal(certificate.subject, 'O=dev, CN=jane');
  assert.ok(certificate.notAfter.getTime() - certificate.notBefore.getTime() <= 86_400_000 + 5 * 60_000);
  assert.match(await env.cluster.kubectl(['get', 'csr', 'jane-client']), /Approved,Issued/);
  const config = YAML.parse(env.cluster.server.kubeconfig) as { clusters: { cluster: { server: string; 'certificate-authority-data': string } }[] };
  const base = new URL(config.clusters[0]!.cluster.server);
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpsRequest({ host: base.hostname, port: base.port, path: '/api/v1/namespaces/default/secrets', cert: pem, key: janeKey, ca: Buffer.from(config.clusters[0]!.cluster['certificate-authority-data'], 'base64'), agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
  assert.equal(answer.status, 403);
  assert.match(answer.body, /User \\"jane\\" cannot list resource \\"secrets\\"/);
});

test('the kube-apiserver-client signer refuses system:masters (CertificateSubjectRestriction); v1 refuses the legacy signer', async () => {
  const masters = await env.cluster.kubectlResult(['create', '-f', '-'], { input: manifest('masters', requests.get('masters')!) });
  assert.match(masters.stderr, /is forbidden: use of kubernetes\.io\/kube-apiserver-client signer with system:masters group is not allowed/);
  const legacy = await env.cluster.kubectlResult(['create', '-f', '-'], { input: manifest('legacy', requests.get('dev')!, 'kubernetes.io/legacy-unknown') });
  assert.match(legacy.stderr, /spec\.signerName: Invalid value: "kubernetes\.io\/legacy-unknown": the legacy signerName is not allowed via this API version/);
});

const KUBELET_CLIENT_USAGES = ['digital signature', 'key encipherment', 'client auth'];
const kubeletClient = (name: string, request: string) => JSON.stringify({
  apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name },
  spec: { request, signerName: 'kubernetes.io/kube-apiserver-client-kubelet', usages: KUBELET_CLIENT_USAGES },
});

interface Csr { status: { conditions?: Array<{ type: string; reason?: string; message?: string }>; certificate?: string } }
const getCsr = async (name: string): Promise<Csr> => JSON.parse(await env.cluster.kubectl(['get', 'csr', name, '-o', 'json'])) as Csr;

test('csrapproving approves kubelet client requests whose requester may create nodeclient or selfnodeclient; others stay pending', async () => {
  // kubeadm's bindings: bootstrappers may request and have node client certificates approved, nodes may renew their own.
  await env.cluster.kubectl(['create', 'clusterrolebinding', 'bootstrappers-request', '--clusterrole=system:node-bootstrapper', '--group=system:bootstrappers', '--group=system:nodes', '--user=carol']);
  await env.cluster.kubectl(['create', 'clusterrolebinding', 'bootstrappers-approve', '--clusterrole=system:certificates.k8s.io:certificatesigningrequests:nodeclient', '--group=system:bootstrappers']);
  await env.cluster.kubectl(['create', 'clusterrolebinding', 'nodes-renew', '--clusterrole=system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', '--group=system:nodes']);
  await env.cluster.kubectl(['create', '-f', '-', '--as=carol'], { input: kubeletClient('carol-n1', requests.get('n1')!) });
  await env.cluster.kubectl(['create', '-f', '-', '--as=system:bootstrap:abcdef', '--as-group=system:bootstrappers'], { input: kubeletClient('bootstrap-n1', requests.get('n1')!) });
  await env.cluster.kubectl(['create', '-f', '-', '--as=system:node:n2', '--as-group=system:nodes'], { input: kubeletClient('renew-n2', requests.get('n2')!) });
  const bootstrap = await eventually(async () => ((await getCsr('bootstrap-n1')).status.certificate ? getCsr('bootstrap-n1') : undefined), 'the bootstrap request issued');
  assert.deepEqual(bootstrap.status.conditions?.map(({ type, reason, message }) => ({ type, reason, message })),
    [{ type: 'Approved', reason: 'AutoApproved', message: 'Auto approving kubelet client certificate after SubjectAccessReview.' }]);
  const renewal = await eventually(async () => ((await getCsr('renew-n2')).status.conditions ? getCsr('renew-n2') : undefined), 'the renewal approved');
  assert.equal(renewal.status.conditions?.[0]?.message, 'Auto approving self kubelet client certificate after SubjectAccessReview.');
  // carol may request but not have node client certificates approved.
  assert.equal((await getCsr('carol-n1')).status.conditions, undefined);
  assert.match(await env.cluster.kubectl(['get', 'csr', 'carol-n1', 'bootstrap-n1']), /carol-n1 .* Pending\n.*bootstrap-n1 .* Approved,Issued\n/s);
});

test('csrcleaner deletes a request denied more than an hour ago and keeps a fresh one', async () => {
  for (const name of ['denied-long-ago', 'denied-now']) {
    await env.cluster.kubectl(['create', '-f', '-'], { input: manifest(name, requests.get('dev')!) });
  }
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const deny = async (name: string, lastUpdateTime?: string) => {
    const csr = JSON.parse(await env.cluster.kubectl(['get', 'csr', name, '-o', 'json'])) as Record<string, unknown>;
    csr['status'] = { conditions: [{ type: 'Denied', status: 'True', reason: 'Test', message: 'no', ...(lastUpdateTime ? { lastUpdateTime } : {}) }] };
    await env.cluster.kubectl(['replace', '--raw', `/apis/certificates.k8s.io/v1/certificatesigningrequests/${name}/approval`, '-f', '-'], { input: JSON.stringify(csr) });
  };
  await deny('denied-now');
  await deny('denied-long-ago', twoHoursAgo);
  await eventually(async () => ((await env.cluster.kubectlResult(['get', 'csr', 'denied-long-ago'])).code !== 0 ? true : undefined), 'the old denied request deleted');
  assert.match(await env.cluster.kubectl(['get', 'csr', 'denied-now']), /Denied/);
});
