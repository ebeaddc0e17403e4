// Signing a CertificateSigningRequest with the cluster signing CA (upstream
// pkg/controller/certificates/authority: CertificateAuthority.Sign under PermissiveSigningPolicy): the
// request's public key, subject and subjectAltNames; the key usages spec.usages names; never a CA;
// a random serial; backdated as upstream; bounded by the CA's own notAfter.
import type * as X509 from '@peculiar/x509';
import { importSigningKey, loadX509, randomSerialNumber, type SigningKey } from '../../auth/x509.js';
import type { RequestNames } from './signer-rules.js';

/** A parsed request: what the signer rules read, and the request itself. */
export interface ParsedRequest {
  readonly names: RequestNames;
  readonly request: X509.Pkcs10CertificateRequest;
}

const PEM_BLOCK = /-----BEGIN ([^-\r\n]+)-----\r?\n([\s\S]*?)-----END \1-----/;

/** upstream capihelper.ParseCSR: the first PEM block of `pem`, which must be a CERTIFICATE REQUEST. */
export async function parseCertificateRequest(pem: string): Promise<ParsedRequest> {
  const block = PEM_BLOCK.exec(pem);
  if (!block || block[1] !== 'CERTIFICATE REQUEST') throw new Error('PEM block type must be CERTIFICATE REQUEST');
  const x509 = await loadX509();
  const request = new x509.Pkcs10CertificateRequest(Buffer.from(block[2] ?? '', 'base64'));
  const san = request.getExtension('2.5.29.17');
  const sans = san ? new x509.SubjectAlternativeNameExtension(san.rawData).names.toJSON() : [];
  const of = (type: X509.JsonGeneralName['type']): string[] => sans.filter((name) => name.type === type).map((name) => name.value);
  return {
    request,
    names: {
      organizations: request.subjectName.getField('O'),
      commonName: request.subjectName.getField('CN').at(-1) ?? '', // Go keeps the last CN
      dnsNames: of('dns'), ipAddresses: of('ip'), emailAddresses: of('email'), uris: of('url'),
    },
  };
}

/** upstream keyUsageDict: usage strings to KeyUsage bits (RFC 5280 §4.2.1.3, as KeyUsageFlags). */
const KEY_USAGES: Readonly<Record<string, number>> = {
  signing: 1, 'digital signature': 1, 'content commitment': 2, 'key encipherment': 4, 'key agreement': 16,
  'data encipherment': 8, 'cert sign': 32, 'crl sign': 64, 'encipher only': 128, 'decipher only': 256,
};

/** upstream extKeyUsageDict, in Go's ExtKeyUsage order (upstream sorts by it). */
const EXT_KEY_USAGES: readonly (readonly [usage: string, oid: string])[] = [
  ['any', '2.5.29.37.0'], ['server auth', '1.3.6.1.5.5.7.3.1'], ['client auth', '1.3.6.1.5.5.7.3.2'],
  ['code signing', '1.3.6.1.5.5.7.3.3'], ['email protection', '1.3.6.1.5.5.7.3.4'], ['s/mime', '1.3.6.1.5.5.7.3.4'],
  ['ipsec end system', '1.3.6.1.5.5.7.3.5'], ['ipsec tunnel', '1.3.6.1.5.5.7.3.6'], ['ipsec user', '1.3.6.1.5.5.7.3.7'],
  ['timestamping', '1.3.6.1.5.5.7.3.8'], ['ocsp signing', '1.3.6.1.5.5.7.3.9'],
  ['microsoft sgc', '1.3.6.1.4.1.311.10.3.3'], ['netscape sgc', '2.16.840.1.113730.4.1'],
];

/** upstream keyUsagesFromStrings: the KeyUsage bits and the distinct extended key usage OIDs of `usages`. */
export function keyUsagesFromStrings(usages: readonly string[]): { keyUsage: number; extKeyUsages: string[] } {
  const known = new Set(EXT_KEY_USAGES.map(([usage]) => usage));
  const unrecognized = usages.filter((usage) => KEY_USAGES[usage] === undefined && !known.has(usage));
  if (unrecognized.length > 0) throw new Error(`unrecognized usage values: [${unrecognized.map((usage) => JSON.stringify(usage)).join(' ')}]`);
  const keyUsage = usages.reduce((bits, usage) => bits | (KEY_USAGES[usage] ?? 0), 0);
  const extKeyUsages = [...new Set(EXT_KEY_USAGES.filter(([usage]) => usages.includes(usage)).map(([, oid]) => oid))];
  return { keyUsage, extKeyUsages };
}

/** upstream's policy: 5 minutes back, and a certificate shorter than 8 hours keeps its whole lifetime. */
const BACKDATE_MS = 5 * 60 * 1000;
const SHORT_MS = 8 * 60 * 60 * 1000;

/** Go's `%v` of a UTC time.Time, as upstream's errors print the CA's notAfter. */
const goTime = (date: Date): string => `${date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '')} +0000 UTC`;

/** upstream PermissiveSigningPolicy.apply (its times): the validity of a certificate of `ttlMs` issued at `now`. */
export function certificateValidity(now: Date, ttlMs: number, caNotAfter: Date): { notBefore: Date; notAfter: Date } {
  const notBefore = new Date(now.getTime() - BACKDATE_MS);
  // A long-lived certificate's end is backdated too, so its lifetime is the requested one.
  let notAfter = new Date(now.getTime() + (ttlMs < SHORT_MS ? ttlMs : ttlMs - BACKDATE_MS));
  if (notAfter >= caNotAfter) notAfter = caNotAfter;
  if (notBefore >= caNotAfter) throw new Error(`the signer has expired: NotAfter=${goTime(caNotAfter)}`);
  if (now >= caNotAfter) throw new Error(`refusing to sign a certificate that expired in the past: NotAfter=${goTime(caNotAfter)}`);
  return { notBefore, notAfter };
}

/** The CA a signer signs with. */
export interface CertificateAuthority extends SigningKey {
  readonly cert: X509.X509Certificate;
}

/** Reads the CA (PEM certificate, PEM key): the signature algorithm follows the key, as Go's x509 picks it. */
export async function loadCertificateAuthority(ca: { cert: string; key: string }): Promise<CertificateAuthority> {
  const x509 = await loadX509();
  return { cert: new x509.X509Certificate(ca.cert), ...(await importSigningKey(ca.key)) };
}

/** What a signer decides besides the request: its usages, the lifetime and the time of signing. */
export interface SigningPolicy {
  readonly usages: readonly string[];
  readonly ttlMs: number;
  readonly now: Date;
}

// The subject attributes Go's pkix.Name keeps, in the order ToRDNSequence writes them; the others are dropped.
const SUBJECT_ORDER: readonly (readonly [oid: string, last: boolean])[] = [
  ['2.5.4.6', false], ['2.5.4.8', false], ['2.5.4.7', false], ['2.5.4.9', false], ['2.5.4.17', false],
  ['2.5.4.10', false], ['2.5.4.11', false], ['2.5.4.3', true], ['2.5.4.5', true],
];

/** The request's subject as Go re-encodes it (upstream copies cr.Subject, not its raw bytes). */
function subjectOf(name: X509.Name): X509.JsonName {
  return SUBJECT_ORDER.flatMap(([oid, last]) => {
    const values = name.getField(oid);
    const kept = last ? values.slice(-1) : values;
    return kept.length > 0 ? [{ [oid]: kept }] : [];
  });
}

/** upstream CertificateAuthority.Sign: the certificate (PEM) for `parsed`, signed by `ca`. */
export async function issueCertificate(ca: CertificateAuthority, parsed: ParsedRequest, policy: SigningPolicy): Promise<string> {
  const x509 = await loadX509();
  if (!(await parsed.request.verify())) throw new Error('unable to verify certificate request signature: signature verification failed');
  const { keyUsage, extKeyUsages } = keyUsagesFromStrings(policy.usages);
  const { notBefore, notAfter } = certificateValidity(policy.now, policy.ttlMs, ca.cert.notAfter);
  const subject = subjectOf(parsed.request.subjectName);
  const { dnsNames, emailAddresses, ipAddresses, uris } = parsed.names;
  // Go's order of names: DNS, email, IP, URI; the extension is critical when the subject is empty (RFC 5280 §4.2.1.6).
  const sans: X509.JsonGeneralName[] = [
    ...dnsNames.map((value) => ({ type: 'dns' as const, value })), ...emailAddresses.map((value) => ({ type: 'email' as const, value })),
    ...ipAddresses.map((value) => ({ type: 'ip' as const, value })), ...uris.map((value) => ({ type: 'url' as const, value })),
  ];
  const caKeyId = ca.cert.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerialNumber(),
    subject,
    issuer: ca.cert.subjectName,
    notBefore,
    notAfter,
    publicKey: parsed.request.publicKey,
    signingKey: ca.key,
    signingAlgorithm: ca.algorithm,
    extensions: [
      ...(keyUsage !== 0 ? [new x509.KeyUsagesExtension(keyUsage, true)] : []),
      ...(extKeyUsages.length > 0 ? [new x509.ExtendedKeyUsageExtension(extKeyUsages)] : []),
      new x509.BasicConstraintsExtension(false, undefined, true),
      ...(caKeyId ? [new x509.AuthorityKeyIdentifierExtension(caKeyId)] : []),
      ...(sans.length > 0 ? [new x509.SubjectAlternativeNameExtension(sans, subject.length === 0)] : []),
    ],
  });
  return `${cert.toString('pem')}\n`; // as Go's pem.EncodeToMemory, which ends with a newline
}

