// The PEM contents of a CertificateSigningRequest as upstream validation checks them (pkg/apis/certificates
// ParseCSR and validation.validateCSR / validateCertificate, 1.25): `spec.request` is a PEM CERTIFICATE REQUEST
// whose signature verifies, `status.certificate` one or more PEM CERTIFICATE blocks without headers.
// Validation runs synchronously, so the request's DER is sliced here and its signature verified with node:crypto
// (synchronous); Node has no PKCS#10 parser, and @peculiar/x509's verification is asynchronous WebCrypto.
import { X509Certificate, createPublicKey, verify } from 'node:crypto';
import { errorMessage } from '../../../../errors/error-message.js';

interface PemBlock {
  type: string;
  headers: boolean;
  der: Buffer;
}

const BLOCK = /-----BEGIN ([^-\r\n]*)-----\r?\n([\s\S]*?)-----END \1-----/g;

/** pem.Decode repeated: every well-formed block, in order. */
function pemBlocks(text: string): PemBlock[] {
  return [...text.matchAll(BLOCK)].map(([, type = '', body = '']) => ({
    type,
    headers: /^[^\s:]+:/m.test(body),
    der: Buffer.from(body.replace(/^[^\s:]+:.*$/gm, '').replace(/\s+/g, ''), 'base64'),
  }));
}

/** A DER element: its tag, where its contents start, and where it ends. */
interface Element {
  tag: number;
  start: number;
  end: number;
  raw: Buffer;
}

/** The DER element at `at` (asn1: syntax errors as Go words them when it runs out). */
function element(der: Buffer, at: number): Element {
  if (at + 2 > der.length) throw new Error('asn1: syntax error: data truncated');
  const tag = der[at]!;
  let length = der[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || start + count > der.length) throw new Error('asn1: syntax error: data truncated');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + der[start + i]!;
    start += count;
  }
  const end = start + length;
  if (end > der.length) throw new Error('asn1: syntax error: data truncated');
  return { tag, start, end, raw: der.subarray(at, end) };
}

/** The elements inside a constructed element. */
function children(der: Buffer, parent: Element): Element[] {
  const out: Element[] = [];
  for (let at = parent.start; at < parent.end; ) {
    const child = element(der, at);
    out.push(child);
    at = child.end;
  }
  return out;
}

/** Signature algorithms by OID: node:crypto's digest name (null: none, Ed25519) and upstream's failure text. */
const ALGORITHMS: Readonly<Record<string, { digest: string | null; failure: string }>> = {
  '2a864886f70d01010b': { digest: 'sha256', failure: 'crypto/rsa: verification error' },
  '2a864886f70d01010c': { digest: 'sha384', failure: 'crypto/rsa: verification error' },
  '2a864886f70d01010d': { digest: 'sha512', failure: 'crypto/rsa: verification error' },
  '2a864886f70d010105': { digest: 'sha1', failure: 'crypto/rsa: verification error' },
  '2a8648ce3d040302': { digest: 'sha256', failure: 'x509: ECDSA verification failure' },
  '2a8648ce3d040303': { digest: 'sha384', failure: 'x509: ECDSA verification failure' },
  '2a8648ce3d040304': { digest: 'sha512', failure: 'x509: ECDSA verification failure' },
  '2b6570': { digest: null, failure: 'x509: Ed25519 verification failure' },
};

/** ParseCSR then CheckSignature: undefined for a valid request, else the error's text. */
export function certificateRequestError(request: Buffer): string | undefined {
  const block = pemBlocks(request.toString('latin1'))[0];
  if (!block || block.type !== 'CERTIFICATE REQUEST') return 'PEM block type must be CERTIFICATE REQUEST';
  try {
    const der = block.der;
    const [info, algorithm, signature] = children(der, element(der, 0));
    if (!info || !algorithm || !signature || signature.tag !== 0x03) return 'asn1: structure error: tags don\'t match';
    const [version, , spki] = children(der, info);
    if (!version || !spki) return 'asn1: structure error: tags don\'t match';
    const oid = children(der, algorithm)[0];
    const known = oid && ALGORITHMS[der.subarray(oid.start, oid.end).toString('hex')];
    if (!known) return 'x509: cannot verify signature: algorithm unimplemented';
    const publicKey = createPublicKey({ key: spki.raw, format: 'der', type: 'spki' });
    // A BIT STRING's first content byte counts its unused bits (0 for signatures).
    const signatureBytes = der.subarray(signature.start + 1, signature.end);
    return verify(known.digest, info.raw, publicKey, signatureBytes) ? undefined : known.failure;
  } catch (error) {
    return error instanceof Error && error.message.startsWith('asn1:') ? error.message : 'asn1: structure error: tags don\'t match';
  }
}

/** The subject's organizations (O) of a request, or an error's text when it does not parse. */
export function certificateRequestOrganizations(request: Buffer): string[] | string {
  const block = pemBlocks(request.toString('latin1'))[0];
  if (!block || block.type !== 'CERTIFICATE REQUEST') return 'PEM block type must be CERTIFICATE REQUEST';
  try {
    const der = block.der;
    const [info] = children(der, element(der, 0));
    const subject = info && children(der, info)[1];
    if (!subject) return 'asn1: structure error: tags don\'t match';
    const organizations: string[] = [];
    for (const rdn of children(der, subject)) {
      for (const attribute of children(der, rdn)) {
        const [type, value] = children(der, attribute);
        if (type && value && der.subarray(type.start, type.end).toString('hex') === '55040a') organizations.push(der.subarray(value.start, value.end).toString('utf8'));
      }
    }
    return organizations;
  } catch (error) {
    return errorMessage(error);
  }
}

/** validateCertificate: undefined when empty or valid, else upstream's error text. */
export function certificateError(certificate: Buffer): string | undefined {
  if (certificate.length === 0) return undefined;
  const blocks = pemBlocks(certificate.toString('latin1'));
  if (blocks.length === 0) return 'must contain at least one CERTIFICATE PEM block';
  for (const block of blocks) {
    if (block.type !== 'CERTIFICATE') return `only CERTIFICATE PEM blocks are allowed, found ${JSON.stringify(block.type)}`;
    if (block.headers) return 'no PEM block headers are permitted';
    try {
      new X509Certificate(block.der);
    } catch {
      return 'x509: malformed certificate';
    }
  }
  return undefined;
}
