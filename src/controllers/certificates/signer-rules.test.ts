// The built-in signers' rules, case by case, with upstream's error texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signerVerdict, type RequestNames, type SignerVerdict } from './signer-rules.js';

const node: RequestNames = { organizations: ['system:nodes'], commonName: 'system:node:n1', dnsNames: [], ipAddresses: [], emailAddresses: [], uris: [] };
const servingNode: RequestNames = { ...node, dnsNames: ['n1.example'], ipAddresses: ['10.0.0.1'] };
const SERVING = ['digital signature', 'key encipherment', 'server auth'];
const CLIENT = ['key encipherment', 'digital signature', 'client auth'];
const refused = (error: string): SignerVerdict => ({ recognized: true, error });
const accepted: SignerVerdict = { recognized: true };

const cases: { name: string; signer: string; names: RequestNames; usages: string[]; want: SignerVerdict }[] = [
  // kubernetes.io/kubelet-serving (ValidateKubeletServingCSR)
  { name: 'serving: a node with DNS and IP names', signer: 'kubernetes.io/kubelet-serving', names: servingNode, usages: SERVING, want: accepted },
  { name: 'serving: without key encipherment (non-RSA keys)', signer: 'kubernetes.io/kubelet-serving', names: { ...node, ipAddresses: ['10.0.0.1'] }, usages: ['server auth', 'digital signature'], want: accepted },
  { name: 'serving: duplicate usages collapse', signer: 'kubernetes.io/kubelet-serving', names: servingNode, usages: [...SERVING, 'server auth'], want: accepted },
  { name: 'serving: another organization', signer: 'kubernetes.io/kubelet-serving', names: { ...servingNode, organizations: ['system:masters'] }, usages: SERVING, want: refused('subject organization is not system:nodes') },
  { name: 'serving: a second organization', signer: 'kubernetes.io/kubelet-serving', names: { ...servingNode, organizations: ['system:nodes', 'x'] }, usages: SERVING, want: refused('subject organization is not system:nodes') },
  { name: 'serving: no DNS or IP name', signer: 'kubernetes.io/kubelet-serving', names: node, usages: SERVING, want: refused('DNS or IP subjectAltName is required') },
  { name: 'serving: an email name', signer: 'kubernetes.io/kubelet-serving', names: { ...servingNode, emailAddresses: ['a@b'] }, usages: SERVING, want: refused('Email subjectAltNames are not allowed') },
  { name: 'serving: a URI name', signer: 'kubernetes.io/kubelet-serving', names: { ...servingNode, uris: ['spiffe://x'] }, usages: SERVING, want: refused('URI subjectAltNames are not allowed') },
  { name: 'serving: client auth', signer: 'kubernetes.io/kubelet-serving', names: servingNode, usages: [...SERVING, 'client auth'], want: refused('usages did not match [digital signature key encipherment server auth]') },
  { name: 'serving: usages before the common name', signer: 'kubernetes.io/kubelet-serving', names: { ...servingNode, commonName: 'n1' }, usages: ['server auth'], want: refused('usages did not match [digital signature key encipherment server auth]') },
  { name: 'serving: common name not a node', signer: 'kubernetes.io/kubelet-serving', names: { ...servingNode, commonName: 'n1' }, usages: SERVING, want: refused('subject common name does not begin with system:node:') },
  // kubernetes.io/kube-apiserver-client-kubelet (ValidateKubeletClientCSR)
  { name: 'kubelet client: a node', signer: 'kubernetes.io/kube-apiserver-client-kubelet', names: node, usages: CLIENT, want: accepted },
  { name: 'kubelet client: without key encipherment', signer: 'kubernetes.io/kube-apiserver-client-kubelet', names: node, usages: ['client auth', 'digital signature'], want: accepted },
  { name: 'kubelet client: no organization', signer: 'kubernetes.io/kube-apiserver-client-kubelet', names: { ...node, organizations: [] }, usages: CLIENT, want: refused('subject organization is not system:nodes') },
  { name: 'kubelet client: a DNS name', signer: 'kubernetes.io/kube-apiserver-client-kubelet', names: { ...node, dnsNames: ['n1'] }, usages: CLIENT, want: refused('DNS subjectAltNames are not allowed') },
  { name: 'kubelet client: an email name', signer: 'kubernetes.io/kube-apiserver-client-kubelet', names: { ...node, emailAddresses: ['a@b'] }, usages: CLIENT, want: refused('Email subjectAltNames are not allowed') },
  { name: 'kubelet client: an IP name', signer: 'kubernetes.io/kube-apiserver-client-kubelet', names: { ...node, ipAddresses: ['10.0.0.1'] }, usages: CLIENT, want: refused('IP subjectAltNames are not allowed') },
  { name: 'kubelet client: a URI name', signer: 'kubernetes.io/kube-apiserver-client-kubelet', names: { ...node, uris: ['spiffe://x'] }, usages: CLIENT, want: refused('URI subjectAltNames are not allowed') },
  { name: 'kubelet client: the common name before usages', signer: 'kubernetes.io/kube-apiserver-client-kubelet', names: { ...node, commonName: 'n1' }, usages: ['server auth'], want: refused('subject common name does not begin with system:node:') },
  { name: 'kubelet client: server auth', signer: 'kubernetes.io/kube-apiserver-client-kubelet', names: node, usages: [...CLIENT, 'server auth'], want: refused('usages did not match [client auth digital signature key encipherment]') },
  // kubernetes.io/kube-apiserver-client (validAPIServerClientUsages): any subject and names
  { name: 'apiserver client: client auth alone', signer: 'kubernetes.io/kube-apiserver-client', names: { ...servingNode, organizations: ['team'] }, usages: ['client auth'], want: accepted },
  { name: 'apiserver client: all three', signer: 'kubernetes.io/kube-apiserver-client', names: node, usages: CLIENT, want: accepted },
  { name: 'apiserver client: server auth', signer: 'kubernetes.io/kube-apiserver-client', names: node, usages: ['client auth', 'server auth'], want: refused('invalid usage for client certificate: server auth') },
  { name: 'apiserver client: no client auth', signer: 'kubernetes.io/kube-apiserver-client', names: node, usages: ['digital signature'], want: refused('missing required usage for client certificate: client auth') },
  { name: 'apiserver client: no usages', signer: 'kubernetes.io/kube-apiserver-client', names: node, usages: [], want: refused('missing required usage for client certificate: client auth') },
  // kubernetes.io/legacy-unknown: anything; other signers are not this controller's
  { name: 'legacy-unknown: anything', signer: 'kubernetes.io/legacy-unknown', names: { ...node, organizations: [], emailAddresses: ['a@b'] }, usages: ['server auth', 'code signing'], want: accepted },
  { name: 'another kubernetes.io signer', signer: 'kubernetes.io/other', names: node, usages: CLIENT, want: { recognized: false } },
  { name: 'a third-party signer', signer: 'example.com/signer', names: node, usages: CLIENT, want: { recognized: false } },
];

for (const c of cases) {
  test(`signerVerdict: ${c.name}`, () => {
    assert.deepEqual(signerVerdict(c.signer, c.names, c.usages), c.want);
  });
}
