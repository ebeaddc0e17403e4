// @peculiar/x509, loaded at its first use (the cluster PKI's generation, the csrsigning controller's first
// signature): it costs ~150 ms to load, and a start on an existing directory never needs it. Every signer of
// certificates goes through here, with the CA key imported and serials drawn alike.
import { createPrivateKey, randomBytes, webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';

export type X509Module = typeof X509;

let x509Module: Promise<X509Module> | undefined;

/** The library, imported once; its dependency injection needs the Reflect polyfill first. */
export function loadX509(): Promise<X509Module> {
  x509Module ??= (async (): Promise<X509Module> => {
    await import('reflect-metadata');
    const x509 = await import('@peculiar/x509');
    x509.cryptoProvider.set(webcrypto);
    return x509;
  })();
  return x509Module;
}

/** A CA key ready to sign, with the signature algorithm that goes with it (as Go's x509 picks it). */
export interface SigningKey {
  readonly key: webcrypto.CryptoKey;
  readonly algorithm: { readonly name: string; readonly hash: string };
}

const CURVES: Readonly<Record<string, { name: string; hash: string }>> = {
  prime256v1: { name: 'P-256', hash: 'SHA-256' },
  secp384r1: { name: 'P-384', hash: 'SHA-384' },
  secp521r1: { name: 'P-521', hash: 'SHA-512' },
};

/**
 * Imports a CA key for signing. Any PEM form Node reads is accepted (PKCS#8, SEC1, PKCS#1), so an operator may
 * drop in an existing EC or RSA CA instead of the generated one.
 */
export async function importSigningKey(pem: string): Promise<SigningKey> {
  const keyObject = createPrivateKey(pem);
  const der = keyObject.export({ type: 'pkcs8', format: 'der' });
  if (keyObject.asymmetricKeyType === 'rsa') {
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    return { key: await webcrypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']), algorithm };
  }
  if (keyObject.asymmetricKeyType === 'ec') {
    const curve = CURVES[keyObject.asymmetricKeyDetails?.namedCurve ?? ''];
    if (!curve) throw new Error(`unsupported CA key curve ${keyObject.asymmetricKeyDetails?.namedCurve ?? 'unknown'} (want P-256, P-384 or P-521)`);
    const key = await webcrypto.subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve: curve.name }, false, ['sign']);
    return { key, algorithm: { name: 'ECDSA', hash: curve.hash } };
  }
  throw new Error(`unsupported CA key type ${keyObject.asymmetricKeyType ?? 'unknown'} (want EC or RSA)`);
}

/** A positive 128-bit serial (RFC 5280 §4.1.2.2: positive, at most 20 octets, unpredictable). */
export function randomSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = Math.max((bytes[0] ?? 0) & 0x7f, 1); // high bit clear: positive; non-zero: minimal DER
  return bytes.toString('hex');
}
