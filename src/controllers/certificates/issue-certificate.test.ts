// Signing real requests: the issued certificate's subject, key, names, usages, validity and issuer, read
// back with @peculiar/x509 and checked against the CA with Node's (OpenSSL's) X509Certificate.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate as NodeCertificate, webcrypto } from 'node:crypto';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { generateCa } from '../../server/pki/generate.js';
import type { CertificateAndKey } from '../../server/pki/pki.js';
import { certificateValidity, issueCertificate, keyUsagesFromStrings, loadCertificateAuthority, parseCertificateRequest } from './issue-certificate.js';

x509.cryptoProvider.set(webcrypto);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000); // whole seconds, as certificates keep times

const at = (ms: number): Date => new Date(NOW.getTime() + ms);

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const RSA = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };

/** A PEM certificate request for `name` with `sans`, signed by a fresh key of `algorithm`. */
async function requestPem(name: x509.JsonName, sans: x509.JsonGeneralName[] = [], algorithm: typeof EC | typeof RSA = EC): Promise<string> {
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const extensions = sans.length > 0 ? [new x509.SubjectAlternativeNameExtension(sans)] : [];
  return (await x509.Pkcs10CertificateRequestGenerator.create({ name, keys, signingAlgorithm: algorithm, extensions })).toString('pem');
}

const serverAuth = x509.ExtendedKeyUsage.serverAuth as string;
const clientAuth = x509.ExtendedKeyUsage.clientAuth as string;
const { digitalSignature, keyEncipherment } = x509.KeyUsageFlags;

interface Case {
  name: string;
  subject: x509.JsonName;
  sans?: x509.JsonGeneralName[];
  rsa?: boolean;
  usages: string[];
  ttlMs: number;
  /** Which CA signs: the long-lived one, or one whose own notAfter is a day away. */
  ca?: 'expiring';
  want: { subject: string; sans?: x509.JsonGeneralName[]; sanCritical?: boolean; keyUsage?: number; extKeyUsages: string[]; notAfter: Date };
}

const cases: Case[] = [
  {
    name: 'kubelet serving: subject, DNS and IP names, server usages, a year less the backdate',
    subject: [{ CN: ['system:node:n1'] }, { O: ['system:nodes'] }],
    sans: [{ type: 'dns', value: 'n1.example' }, { type: 'ip', value: '10.0.0.1' }, { type: 'ip', value: 'fd00::1' }],
    usages: ['digital signature', 'key encipherment', 'server auth'], ttlMs: YEAR,
    want: { subject: 'O=system:nodes, CN=system:node:n1', sans: [{ type: 'dns', value: 'n1.example' }, { type: 'ip', value: '10.0.0.1' }, { type: 'ip', value: 'fd00::1' }], sanCritical: false, keyUsage: digitalSignature | keyEncipherment, extKeyUsages: [serverAuth], notAfter: new Date(NOW.getTime() + YEAR - 5 * MINUTE) },
  },
  {
    name: 'a client with an RSA key: no names, a short lifetime kept whole',
    subject: [{ O: ['team-a', 'team-b'] }, { CN: ['alice'] }], rsa: true,
    usages: ['client auth', 'digital signature'], ttlMs: HOUR,
    want: { subject: 'O=team-a+O=team-b, CN=alice', keyUsage: digitalSignature, extKeyUsages: [clientAuth], notAfter: new Date(NOW.getTime() + HOUR) },
  },
  {
    name: 'subject as Go re-encodes it: its order, the last CN, unknown attributes dropped; names in Go order',
    subject: [{ CN: ['first'] }, { E: ['x@example.com'] }, { CN: ['last'] }, { O: ['org'] }, { C: ['DE'] }],
    sans: [{ type: 'url', value: 'spiffe://cluster/x' }, { type: 'ip', value: '10.0.0.2' }, { type: 'email', value: 'x@example.com' }, { type: 'dns', value: 'x.example' }],
    usages: ['client auth', 'server auth', 'any', 'client auth'], ttlMs: 8 * HOUR,
    want: { subject: 'C=DE, O=org, CN=last', sans: [{ type: 'dns', value: 'x.example' }, { type: 'email', value: 'x@example.com' }, { type: 'ip', value: '10.0.0.2' }, { type: 'url', value: 'spiffe://cluster/x' }], sanCritical: false, extKeyUsages: ['2.5.29.37.0', serverAuth, clientAuth], notAfter: new Date(NOW.getTime() + 8 * HOUR - 5 * MINUTE) },
  },
  {
    name: 'an empty subject: the names extension is critical; no key usage bits, no key usage extension',
    subject: [], sans: [{ type: 'dns', value: 'only.example' }],
    usages: ['server auth'], ttlMs: YEAR,
    want: { subject: '', sans: [{ type: 'dns', value: 'only.example' }], sanCritical: true, extKeyUsages: [serverAuth], notAfter: new Date(NOW.getTime() + YEAR - 5 * MINUTE) },
  },
  {
    name: 'never past the CA\'s own notAfter',
    subject: [{ CN: ['bob'] }], usages: ['client auth'], ttlMs: YEAR, ca: 'expiring',
    want: { subject: 'CN=bob', extKeyUsages: [clientAuth], notAfter: new Date(NOW.getTime() + DAY) },
  },
];

let cas: Record<'lasting' | 'expiring', CertificateAndKey>;
before(async () => {
  // generateCa makes CAs of 3650 days: one made 3649 days ago ends a day from now.
  cas = { lasting: await generateCa(NOW), expiring: await generateCa(new Date(NOW.getTime() - 3649 * DAY)) };
});

for (const c of cases) {
  test(`issueCertificate: ${c.name}`, async () => {
    const caPem = cas[c.ca ?? 'lasting'];
    const pem = await requestPem(c.subject, c.sans, c.rsa ? RSA : EC);
    const parsed = await parseCertificateRequest(pem);
    const issued = await issueCertificate(await loadCertificateAuthority(caPem), parsed, { usages: c.usages, ttlMs: c.ttlMs, now: NOW });
    assert.match(issued, /^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----\n$/);

    const cert = new x509.X509Certificate(issued);
    assert.equal(cert.subject, c.want.subject);
    assert.deepEqual(Buffer.from(cert.publicKey.rawData), Buffer.from(parsed.request.publicKey.rawData), 'the request\'s public key');
    assert.equal(cert.notBefore.getTime(), NOW.getTime() - 5 * MINUTE, 'backdated 5 minutes');
    assert.equal(cert.notAfter.getTime(), c.want.notAfter.getTime());
    const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
    assert.deepEqual(san?.names.toJSON(), c.want.sans);
    assert.equal(san?.critical, c.want.sanCritical);
    const keyUsage = cert.getExtension(x509.KeyUsagesExtension);
    assert.equal(keyUsage?.usages, c.want.keyUsage);
    if (keyUsage) assert.equal(keyUsage.critical, true);
    assert.deepEqual([...cert.getExtension(x509.ExtendedKeyUsageExtension)?.usages ?? []], c.want.extKeyUsages);
    const constraints = cert.getExtension(x509.BasicConstraintsExtension);
    assert.equal(constraints?.ca, false);
    assert.equal(constraints?.critical, true);

    const nodeCert = new NodeCertificate(issued);
    const caCert = new NodeCertificate(caPem.cert);
    assert.equal(nodeCert.ca, false);
    assert.ok(nodeCert.checkIssued(caCert), 'issued by the CA (issuer name and key identifier)');
    assert.ok(nodeCert.verify(caCert.publicKey), 'signed with the CA key');
  });
}

test('issueCertificate: serial numbers are random and positive', async () => {
  const ca = await loadCertificateAuthority(cas.lasting);
  const parsed = await parseCertificateRequest(await requestPem([{ CN: ['s'] }]));
  const serials = await Promise.all([1, 2, 3].map(async () => new x509.X509Certificate(await issueCertificate(ca, parsed, { usages: ['client auth'], ttlMs: HOUR, now: NOW })).serialNumber));
  assert.equal(new Set(serials).size, 3);
  for (const serial of serials) assert.ok(serial.length >= 30 && parseInt(serial.slice(0, 2), 16) < 0x80, serial);
});

test('issueCertificate: an RSA CA signs with SHA-256 RSA', async () => {
  const keys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    name: [{ CN: ['rsa-ca'] }], keys, signingAlgorithm: RSA, notBefore: at(-HOUR), notAfter: at(YEAR),
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const key = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const ca = { cert: caCert.toString('pem'), key: `-----BEGIN PRIVATE KEY-----\n${key}\n-----END PRIVATE KEY-----\n` };
  const parsed = await parseCertificateRequest(await requestPem([{ CN: ['s'] }]));
  const issued = await issueCertificate(await loadCertificateAuthority(ca), parsed, { usages: ['client auth'], ttlMs: HOUR, now: NOW });
  const cert = new NodeCertificate(issued);
  assert.equal(cert.issuer, 'CN=rsa-ca');
  assert.ok(cert.verify(new NodeCertificate(ca.cert).publicKey));
  const algorithm = new x509.X509Certificate(issued).signatureAlgorithm as { name?: string; hash?: { name?: string } };
  assert.deepEqual([algorithm.name, algorithm.hash?.name], ['RSASSA-PKCS1-v1_5', 'SHA-256']);
  assert.equal(new x509.X509Certificate(issued).getExtension(x509.AuthorityKeyIdentifierExtension), null, 'no AKID from a CA without a key identifier, as Go');
});

test('issueCertificate: unrecognized usages are an error, as upstream keyUsagesFromStrings', async () => {
  const parsed = await parseCertificateRequest(await requestPem([{ CN: ['s'] }]));
  await assert.rejects(issueCertificate(await loadCertificateAuthority(cas.lasting), parsed, { usages: ['client auth', 'nonsense'], ttlMs: HOUR, now: NOW }), /unrecognized usage values: \["nonsense"\]/);
});

test('parseCertificateRequest: the first PEM block must be a CERTIFICATE REQUEST', async () => {
  const request = await requestPem([{ CN: ['x'] }], [{ type: 'dns', value: 'x' }]);
  assert.deepEqual((await parseCertificateRequest(`leading text\n${request}`)).names.dnsNames, ['x']);
  await assert.rejects(parseCertificateRequest('not PEM'), /PEM block type must be CERTIFICATE REQUEST/);
  await assert.rejects(parseCertificateRequest(cas.lasting.cert + request), /PEM block type must be CERTIFICATE REQUEST/);
});

const usageCases: { usages: string[]; keyUsage: number; extKeyUsages: string[] }[] = [
  { usages: [], keyUsage: 0, extKeyUsages: [] },
  { usages: ['signing', 'digital signature', 'content commitment'], keyUsage: 0b11, extKeyUsages: [] },
  { usages: ['key agreement', 'data encipherment', 'cert sign', 'crl sign', 'encipher only', 'decipher only'], keyUsage: 16 | 8 | 32 | 64 | 128 | 256, extKeyUsages: [] },
  { usages: ['client auth', 'server auth', 'any'], keyUsage: 0, extKeyUsages: ['2.5.29.37.0', serverAuth, clientAuth] },
  { usages: ['s/mime', 'email protection', 'netscape sgc', 'ocsp signing'], keyUsage: 0, extKeyUsages: ['1.3.6.1.5.5.7.3.4', '1.3.6.1.5.5.7.3.9', '2.16.840.1.113730.4.1'] },
];

for (const c of usageCases) {
  test(`keyUsagesFromStrings: ${JSON.stringify(c.usages)}`, () => {
    assert.deepEqual(keyUsagesFromStrings(c.usages), { keyUsage: c.keyUsage, extKeyUsages: c.extKeyUsages });
  });
}

test('keyUsagesFromStrings: every unrecognized value is named', () => {
  assert.throws(() => keyUsagesFromStrings(['foo', 'client auth', 'bar']), { message: 'unrecognized usage values: ["foo" "bar"]' });
});

const validityCases: { name: string; ttlMs: number; caNotAfter: Date; want: { notAfter: Date } | RegExp }[] = [
  { name: 'a long certificate ends a backdate early', ttlMs: YEAR, caNotAfter: at(10 * YEAR), want: { notAfter: at(YEAR - 5 * MINUTE) } },
  { name: 'exactly 8 hours is long', ttlMs: 8 * HOUR, caNotAfter: at(YEAR), want: { notAfter: at(8 * HOUR - 5 * MINUTE) } },
  { name: 'a short certificate keeps its lifetime', ttlMs: 10 * MINUTE, caNotAfter: at(YEAR), want: { notAfter: at(10 * MINUTE) } },
  { name: 'clamped to the CA', ttlMs: YEAR, caNotAfter: at(HOUR), want: { notAfter: at(HOUR) } },
  { name: 'a CA that just expired', ttlMs: YEAR, caNotAfter: at(-MINUTE), want: /^refusing to sign a certificate that expired in the past: NotAfter=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000 UTC$/ },
  { name: 'a CA that expired before the backdate', ttlMs: YEAR, caNotAfter: at(-HOUR), want: /^the signer has expired: NotAfter=/ },
];

for (const c of validityCases) {
  test(`certificateValidity: ${c.name}`, () => {
    if (c.want instanceof RegExp) {
      assert.throws(() => certificateValidity(NOW, c.ttlMs, c.caNotAfter), { message: c.want });
      return;
    }
    assert.deepEqual(certificateValidity(NOW, c.ttlMs, c.caNotAfter), { notBefore: at(-5 * MINUTE), notAfter: c.want.notAfter });
  });
}
