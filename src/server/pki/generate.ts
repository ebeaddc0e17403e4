import { webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';
import { importSigningKey, loadX509, randomSerialNumber, type X509Module } from '../../auth/x509.js';
import { adminSubject, caCommonName, type CertificateAndKey } from './pki.js';
import type { ServingNames } from './serving-names.js';

type CryptoKeyT = webcrypto.CryptoKey;

const dayMs = 24 * 60 * 60 * 1000;
/** Validity periods as kubeadm uses them: 10 years for the CA, 1 year for leaf certificates. */
const caValidityMs = 3650 * dayMs;
const leafValidityMs = 365 * dayMs;
/** Backdating tolerates clocks of clients that run slightly behind. */
const backdateMs = 5 * 60 * 1000;

/** P-256 ECDSA: fast to generate, and accepted by Node's TLS and Go's crypto/tls (kubectl). */
const keyAlgorithm = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** Generates a self-signed CA (CN `kplane-ca`, 10 years) with a fresh P-256 key. */
export async function generateCa(now: Date, commonName: string = caCommonName): Promise<CertificateAndKey> {
  const x509 = await loadX509();
  const keys = await newKeyPair();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerialNumber(),
    name: [{ CN: [commonName] }],
    notBefore: new Date(now.getTime() - backdateMs),
    notAfter: new Date(now.getTime() + caValidityMs),
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert: cert.toString('pem'), key: await privateKeyPem(keys.privateKey) };
}

/** Generates a serving certificate (CN `kube-apiserver`, serverAuth) for `names`, signed by `ca`. */
export async function generateServingCertificate(
  ca: CertificateAndKey,
  names: ServingNames,
  now: Date,
): Promise<CertificateAndKey> {
  const x509 = await loadX509();
  const sans: X509.JsonGeneralName[] = [
    ...names.dnsNames.map((value) => ({ type: 'dns' as const, value })),
    ...names.ipAddresses.map((value) => ({ type: 'ip' as const, value })),
  ];
  return issueLeaf(x509, ca, now, [{ CN: ['kube-apiserver'] }], [
    new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
    new x509.SubjectAlternativeNameExtension(sans),
  ]);
}

/** Generates the admin client certificate (CN `kubernetes-admin`, O `system:masters`), signed by `ca`. */
export async function generateAdminCertificate(ca: CertificateAndKey, now: Date): Promise<CertificateAndKey> {
  const x509 = await loadX509();
  return issueLeaf(
    x509,
    ca,
    now,
    // Go and OpenSSL print O before CN; the order is conventional, not significant.
    [{ O: [...adminSubject.organizations] }, { CN: [adminSubject.commonName] }],
    [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth])],
  );
}

/**
 * Generates a client certificate (clientAuth) for `commonName` in `organizations`, signed by `ca`:
 * what `--client-ca-file` and `--requestheader-client-ca-file` authorities hand out.
 */
export async function generateClientCertificate(ca: CertificateAndKey, subject: { commonName: string; organizations?: readonly string[] }, now: Date): Promise<CertificateAndKey> {
  const x509 = await loadX509();
  const organizations = subject.organizations ?? [];
  const name: X509.JsonName = [...(organizations.length > 0 ? [{ O: [...organizations] }] : []), { CN: [subject.commonName] }];
  return issueLeaf(x509, ca, now, name, [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth])]);
}

async function issueLeaf(
  x509: X509Module,
  ca: CertificateAndKey,
  now: Date,
  subject: X509.JsonName,
  extensions: X509.Extension[],
): Promise<CertificateAndKey> {
  const caCert = new x509.X509Certificate(ca.cert);
  const signer = await importSigningKey(ca.key);
  const keys = await newKeyPair();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerialNumber(),
    subject,
    issuer: caCert.subjectName,
    notBefore: new Date(now.getTime() - backdateMs),
    notAfter: new Date(now.getTime() + leafValidityMs),
    publicKey: keys.publicKey,
    signingKey: signer.key,
    signingAlgorithm: signer.algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      ...extensions,
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await authorityKeyIdentifier(x509, caCert),
    ],
  });
  return { cert: cert.toString('pem'), key: await privateKeyPem(keys.privateKey) };
}

/** Copies the CA's own key identifier, so verifiers (OpenSSL checks AKID) find the issuer. */
async function authorityKeyIdentifier(x509: X509Module, caCert: X509.X509Certificate): Promise<X509.Extension> {
  const ski = caCert.getExtension(x509.SubjectKeyIdentifierExtension);
  if (ski) return new x509.AuthorityKeyIdentifierExtension(ski.keyId);
  return x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey);
}

async function newKeyPair(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(keyAlgorithm, true, ['sign', 'verify']);
}

async function privateKeyPem(key: CryptoKeyT): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN PRIVATE KEY-----\n${lines.join('\n')}\n-----END PRIVATE KEY-----\n`;
}

