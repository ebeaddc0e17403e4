import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { DetailedPeerCertificate } from 'node:tls';
import { errorMessage } from '../../errors/error-message.js';

/**
 * A set of trusted certificate authorities (upstream's x509 verify options' roots): the PEM bundle
 * handed to TLS, and the SHA-256 fingerprints an authenticator checks a verified chain against.
 */
export interface CaPool {
  readonly pem: string;
  readonly fingerprints: ReadonlySet<string>;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The pool of every certificate in `pem` (one or more concatenated PEM blocks; other blocks and
 * text around them are ignored, as Go's AppendCertsFromPEM does).
 * @throws Error when there is no certificate, or one that does not parse.
 */
export function caPool(...pems: string[]): CaPool {
  const blocks = pems.flatMap(pemCertificates);
  if (blocks.length === 0) throw new Error('data does not contain any valid RSA or ECDSA certificates');
  const fingerprints = new Set(blocks.map((block) => new X509Certificate(block).fingerprint256));
  return { pem: `${blocks.join('\n')}\n`, fingerprints };
}

/** The PEM certificate blocks of a text, in order. */
export function pemCertificates(text: string): string[] {
  return text.match(PEM_CERTIFICATE) ?? [];
}

/**
 * Reads a CA bundle named by a flag, once at start-up.
 * @throws Error naming the flag and the file when it cannot be read or holds no certificate.
 */
export async function loadCaFile(path: string, flag: string): Promise<CaPool> {
  try {
    return caPool(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`--${flag}: unable to load CA bundle "${path}": ${errorMessage(error)}`, { cause: error });
  }
}

/**
 * Whether a chain TLS has verified leads to one of the pool's authorities: some certificate of the
 * chain (the issuers Node filled in from the trust store included) is in the pool. The listener
 * trusts every configured pool at once; this tells which of them vouches for the client.
 */
export function chainTrustedBy(leaf: DetailedPeerCertificate, pool: CaPool): boolean {
  const seen = new Set<DetailedPeerCertificate>();
  for (let cert: DetailedPeerCertificate | undefined = leaf; cert && !seen.has(cert); cert = cert.issuerCertificate) {
    seen.add(cert);
    if (cert !== leaf && pool.fingerprints.has(cert.fingerprint256)) return true;
  }
  return false;
}
