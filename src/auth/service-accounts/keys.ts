// Service account signing and verification keys (upstream keyutil and pkg/serviceaccount/jwt.go): PEM files of
// RSA or ECDSA keys, public or private, certificates tolerated; the JOSE algorithm a key signs with; and the key
// ID upstream derives from the public key (base64url of the SHA-256 of its PKIX DER).
import { createHash, createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';

/** The JOSE algorithms service account tokens are signed with (RS256 only for RSA, as upstream). */
export type SigningAlgorithm = 'RS256' | 'ES256' | 'ES384' | 'ES512';

/** A verification key with upstream's key ID and algorithm. */
export interface VerificationKey {
  readonly key: KeyObject;
  readonly keyId: string;
  readonly algorithm: SigningAlgorithm;
}

/** The key tokens are signed with. */
export interface SigningKey extends VerificationKey {
  readonly privateKey: KeyObject;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

/** upstream algorithmFromPublicKey: RS256 for RSA, ES256/384/512 by curve; undefined for other keys. */
export function algorithmOf(key: KeyObject): SigningAlgorithm | undefined {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType !== 'ec') return undefined;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  return curve === 'prime256v1' ? 'ES256' : curve === 'secp384r1' ? 'ES384' : curve === 'secp521r1' ? 'ES512' : undefined;
}

/** upstream keyIDFromPublicKey: base64url (no padding) of the SHA-256 of the PKIX DER public key. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('base64url');
}

function verificationKey(key: KeyObject): VerificationKey | undefined {
  const algorithm = algorithmOf(key);
  return algorithm ? { key, keyId: keyIdOf(key), algorithm } : undefined;
}

/** The public key of one PEM block, or undefined for blocks that hold no RSA or ECDSA key. */
function publicKeyOfBlock(kind: string, pem: string): KeyObject | undefined {
  try {
    if (kind === 'CERTIFICATE') return new X509Certificate(pem).publicKey;
    return createPublicKey(pem);
  } catch {
    return undefined;
  }
}

/**
 * upstream keyutil.ParsePublicKeysPEM: every RSA or ECDSA key of the PEM data (private keys give their public
 * half); other blocks are tolerated.
 * @throws Error `data does not contain any valid RSA or ECDSA public keys` when there is none.
 */
export function parsePublicKeysPem(pem: string): VerificationKey[] {
  const keys: VerificationKey[] = [];
  for (const match of pem.matchAll(PEM_BLOCK)) {
    const key = publicKeyOfBlock(match[1] ?? '', match[0]);
    const verification = key && verificationKey(key);
    if (verification) keys.push(verification);
  }
  if (keys.length === 0) throw new Error('data does not contain any valid RSA or ECDSA public keys');
  return keys;
}

/**
 * upstream keyutil.ParsePrivateKeyPEM and JWTTokenGenerator: the first RSA or ECDSA (P-256, P-384, P-521) private
 * key of the PEM data.
 */
export function parseSigningKeyPem(pem: string): SigningKey {
  for (const match of pem.matchAll(PEM_BLOCK)) {
    if (!/PRIVATE KEY$/.test(match[1] ?? '')) continue;
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey(match[0]);
    } catch {
      continue;
    }
    const publicKey = createPublicKey(privateKey);
    const verification = verificationKey(publicKey);
    if (!verification) {
      throw new Error(privateKey.asymmetricKeyType === 'ec' ? 'unknown private key curve, must be 256, 384, or 521' : `unknown private key type ${privateKey.asymmetricKeyType ?? ''}, must be RSA or ECDSA`);
    }
    return { ...verification, privateKey };
  }
  throw new Error('data does not contain a valid RSA or ECDSA private key');
}
