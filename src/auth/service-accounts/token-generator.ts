// Signing service account tokens (upstream JWTTokenGenerator): a compact JWS whose header names the algorithm
// and key ID and whose payload is the claims plus the issuer, keys sorted as go-jose writes them.
import { sortedJson } from './claims.js';
import { loadJose } from '../jose.js';
import type { SigningKey } from './keys.js';

/** Issues tokens as one issuer with one key. */
export interface TokenGenerator {
  readonly issuer: string;
  /** Signs `claims` (bound or legacy) with `iss` set to this generator's issuer. */
  generate(claims: Readonly<Record<string, unknown>>): Promise<string>;
}

/** A generator for `issuer` (the first `--service-account-issuer`, or the legacy issuer for secret tokens). */
export function tokenGenerator(issuer: string, key: SigningKey): TokenGenerator {
  const encoder = new TextEncoder();
  return {
    issuer,
    generate: async (claims) =>
      new (await loadJose()).CompactSign(encoder.encode(sortedJson({ ...claims, iss: issuer })))
        .setProtectedHeader({ alg: key.algorithm, kid: key.keyId })
        .sign(key.privateKey),
  };
}
