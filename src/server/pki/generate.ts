import { createPrivateKey, randomBytes, webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';
import { adminSubject, caCommonName, type CertificateAndKey } from './pki.js';
import type { ServingNames } from './serving-names.js';

type X509Module = typeof X509;
type CryptoKeyT = webcrypto.CryptoKey;

const dayMs = 24 * 60 * 60 * 1000;
/** Validity periods as kubeadm uses them: 10 years for the CA, 1 year for leaf certificates. */
const caValidityMs = 3650 * dayMs;
const leafValidityMs = 365 * dayMs;
/** Backdating tolerates clocks of clients that run slightly behind. */
const backdateMs = 5 * 60 * 1000;

/** P-256 ECDSA: fast to generate, and accepted by Node's TLS and Go's crypto/tls (kubectl). */
const keyAlgorithm = { name: 'ECDSA', namedCurve: 'P-256' } as const;

let x509Module: Promise<X509Module> | undefined;

/**
 * Loads @peculiar/x509 on first use only: it costs ~150 ms to load, and a start on an existing
 * directory never needs it. The library's dependency injection needs the Reflect polyfill first.
 */
function loadX509(): Promise<X509Module> {
  x509Module ??= (async (): Promise<X509Module> => {
    await import('reflect-metadata');
    const x509 = await import('@peculiar/x509');
    x509.cryptoProvider.set(webcrypto);
    return x509;
  })();
  return x509Module;
}

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

interface SigningKey {
  readonly key: CryptoKeyT;
  readonly algorithm: { readonly name: string; readonly hash: string };
}

/**
 * Imports the CA key for signing. Any PEM form Node reads is accepted (PKCS#8, SEC1, PKCS#1), so an
 * operator may drop in an existing EC or RSA CA instead of the generated one.
 */
async function importSigningKey(pem: string): Promise<SigningKey> {
  const keyObject = createPrivateKey(pem);
  const der = keyObject.export({ type: 'pkcs8', format: 'der' });
  if (keyObject.asymmetricKeyType === 'rsa') {
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    return { key: await webcrypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']), algorithm };
  }
  if (keyObject.asymmetricKeyType === 'ec') {
    const namedCurve = webCryptoCurve(keyObject.asymmetricKeyDetails?.namedCurve);
    const hash = namedCurve === 'P-384' ? 'SHA-384' : namedCurve === 'P-521' ? 'SHA-512' : 'SHA-256';
    const key = await webcrypto.subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve }, false, ['sign']);
    return { key, algorithm: { name: 'ECDSA', hash } };
  }
  throw new Error(`unsupported CA key type ${keyObject.asymmetricKeyType ?? 'unknown'} (want EC or RSA)`);
}

function webCryptoCurve(opensslName: string | undefined): string {
  switch (opensslName) {
    case 'prime256v1':
      return 'P-256';
    case 'secp384r1':
      return 'P-384';
    case 'secp521r1':
      return 'P-521';
    default:
      throw new Error(`unsupported CA key curve ${opensslName ?? 'unknown'} (want P-256, P-384 or P-521)`);
  }
}

async function privateKeyPem(key: CryptoKeyT): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN PRIVATE KEY-----\n${lines.join('\n')}\n-----END PRIVATE KEY-----\n`;
}

/** A positive 128-bit serial (RFC 5280 §4.1.2.2: positive, at most 20 octets, unpredictable). */
function randomSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = Math.max((bytes[0] ?? 0) & 0x7f, 1); // high bit clear: positive; non-zero: minimal DER
  return bytes.toString('hex');
}
