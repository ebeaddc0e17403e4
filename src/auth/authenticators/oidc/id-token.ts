// The checks of an ID token that need no key (upstream's go-oidc IDTokenVerifier, in its order): the token
// is a compact JWS whose claims name exactly our issuer, list our client id in `aud`, are not expired (a
// missing `exp` is expired), are not used more than a minute before `nbf`, and whose `alg` is allowed.
// The signature is checked afterwards against the provider's keys (provider.ts), so that malformed or
// foreign tokens never cause a fetch of the keys.
import type { Claims } from './claims.js';
import { errorMessage } from '../../../errors/error-message.js';

/** What the token is checked against. */
export interface IdTokenExpectations {
  readonly issuerURL: string;
  readonly clientID: string;
  /** `--oidc-signing-algs`. */
  readonly signingAlgs: readonly string[];
  readonly now: Date;
}

/** A token that passed the checks without a key: its header and claims. */
export interface CheckedIdToken {
  readonly alg: string;
  readonly claims: Claims;
}

/** Leeway for `nbf`, as go-oidc allows clocks to differ. */
const NOT_BEFORE_LEEWAY_MS = 60_000;

/**
 * The issuer a JWT claims, read without verification, or undefined when `token` is no JWT: upstream's
 * authenticator leaves tokens of other issuers (and non-JWT tokens) to the other authenticators.
 */
export function unverifiedIssuer(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    const iss = isObject(claims) ? claims['iss'] : undefined;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks `token` against `expected` as go-oidc does before verifying the signature.
 * @throws Error with go-oidc's message.
 */
export function checkIdToken(token: string, expected: IdTokenExpectations): CheckedIdToken {
  const [header, claims] = decode(token);
  const iss = claims['iss'];
  if (iss !== expected.issuerURL) {
    throw new Error(`oidc: id token issued by a different provider, expected ${JSON.stringify(expected.issuerURL)} got ${JSON.stringify(iss ?? '')}`);
  }
  const aud = audienceOf(claims['aud']);
  if (!aud.includes(expected.clientID)) throw new Error(`oidc: expected audience ${JSON.stringify(expected.clientID)} got ${JSON.stringify(aud)}`);
  const expiry = numericDate(claims['exp'], 'exp');
  if (expiry < expected.now.getTime()) throw new Error(`oidc: token is expired (Token Expiry: ${timeText(expiry)})`);
  if (claims['nbf'] !== undefined) {
    const notBefore = numericDate(claims['nbf'], 'nbf');
    if (expected.now.getTime() + NOT_BEFORE_LEEWAY_MS < notBefore) {
      throw new Error(`oidc: current time ${expected.now.toISOString()} before the nbf (not before) time: ${new Date(notBefore).toISOString()}`);
    }
  }
  const alg = typeof header['alg'] === 'string' ? header['alg'] : '';
  if (!expected.signingAlgs.includes(alg)) {
    throw new Error(`oidc: id token signed with unsupported algorithm, expected ${JSON.stringify(expected.signingAlgs)} got ${JSON.stringify(alg)}`);
  }
  return { alg, claims };
}

function decode(token: string): [Record<string, unknown>, Record<string, unknown>] {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error(`oidc: malformed jwt, expected 3 parts got ${parts.length}`);
  const json = (part: string, what: string): Record<string, unknown> => {
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    } catch (error) {
      throw new Error(`oidc: malformed jwt ${what}: ${errorMessage(error)}`);
    }
    if (!isObject(value)) throw new Error(`oidc: malformed jwt ${what}: not a JSON object`);
    return value;
  };
  const header = json(parts[0]!, 'header');
  const claims = json(parts[1]!, 'payload');
  return [header, claims];
}

/** `aud` is a string or an array of strings (RFC 7519 §4.1.3). */
function audienceOf(aud: unknown): string[] {
  if (aud === undefined || aud === null) return [];
  if (typeof aud === 'string') return [aud];
  if (Array.isArray(aud) && aud.every((a): a is string => typeof a === 'string')) return aud;
  throw new Error('oidc: failed to unmarshal claims: invalid aud claim');
}

/** A NumericDate claim in milliseconds; a missing one is the zero time (so an expired token). */
function numericDate(value: unknown, name: string): number {
  if (value === undefined || value === null) return Number.NEGATIVE_INFINITY;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`oidc: failed to unmarshal claims: invalid ${name} claim`);
  return value * 1000;
}

/** A time for messages; the zero time (a missing `exp`) as Go prints it. */
const timeText = (ms: number): string => (Number.isFinite(ms) ? new Date(ms).toISOString() : '0001-01-01 00:00:00 +0000 UTC');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
