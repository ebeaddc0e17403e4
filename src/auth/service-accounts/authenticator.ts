// The service account token authenticator (upstream JWTTokenAuthenticator with the legacy and bound
// validators, behind the token cache): a JWT whose issuer is ours is verified against the service account
// keys, its audiences against the API audiences, then its claims by validate.ts.
//
// Decision: a verified token is cached by the SHA-256 of the token until it expires, with the revisions of
// the objects its validation looked up. A hit costs a hash, a map read and one synchronous watch-cache read
// per looked-up object: when every revision is unchanged the answer stands, otherwise the claims are checked
// again against the new objects. So deleting or replacing the account, pod or secret revokes a cached token
// at once, where upstream's 10-second success cache would keep it working until the entry ages out.
import { createHash } from 'node:crypto';
import type { UserInfo } from '../user-info.js';
import { LEGACY_ISSUER, serviceAccountUser, type TokenPayload } from './claims.js';
import { loadJose } from '../jose.js';
import type { VerificationKey } from './keys.js';
import { LEEWAY_SECONDS, validateBound, validateLegacy, type Observation, type ServiceAccountTokenGetter, type Validated } from './validate.js';
import { errorMessage } from '../../errors/error-message.js';

/** Options of {@link serviceAccountTokenAuthenticator}. */
export interface ServiceAccountAuthenticatorOptions {
  /** `--service-account-issuer` values: bound tokens of these issuers are accepted. */
  readonly issuers: readonly string[];
  /** `--service-account-key-file` keys. */
  readonly keys: readonly VerificationKey[];
  /** `--api-audiences`: a token must be for one of them (legacy tokens, without audiences, are for all). */
  readonly apiAudiences: readonly string[];
  /** `--service-account-lookup`: legacy tokens are checked against their secret and account. */
  readonly lookup: boolean;
  readonly getter: ServiceAccountTokenGetter;
  /** Clock in milliseconds, for tests. */
  readonly now?: () => number;
  /** Most tokens kept verified; default 4096. */
  readonly cacheSize?: number;
}

/** What a token's audiences must meet, and the result. */
export interface AudienceAuthentication {
  readonly user: UserInfo;
  /** The intersection of the token's audiences and the requested ones. */
  readonly audiences: readonly string[];
}

/**
 * The authenticator: `authenticate` for requests (API audiences, cached; synchronous on a cache hit),
 * `authenticateForApi` the same with the audiences matched, `authenticateFor` for other audiences (not cached).
 */
export interface ServiceAccountTokenAuthenticator {
  authenticate(token: string): UserInfo | undefined | Promise<UserInfo | undefined>;
  authenticateForApi(token: string): AudienceAuthentication | undefined | Promise<AudienceAuthentication | undefined>;
  authenticateFor(token: string, audiences: readonly string[]): Promise<AudienceAuthentication | undefined>;
}

interface CacheEntry {
  readonly user: UserInfo;
  readonly payload: TokenPayload;
  readonly legacy: boolean;
  /** Past this (ms) the token has expired, leeway included. */
  readonly expiresAt: number;
  observed: readonly Observation[];
  /** The token's audiences among the API audiences (what a review of it reports). */
  readonly audiences: readonly string[];
}

/** Go's %q of a []string: `["a" "b"]`. */
const quotedList = (values: readonly string[]): string => `[${values.map((v) => JSON.stringify(v)).join(' ')}]`;

/** The payload of a compact JWS, unverified, or undefined when the token is no JWS (upstream hasCorrectIssuer). */
function peekPayload(token: string): TokenPayload | undefined {
  if (token.trimStart().startsWith('{')) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]*$/.test(parts[1] ?? '')) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as TokenPayload) : undefined;
  } catch {
    return undefined;
  }
}

function tokenAudiences(payload: TokenPayload): string[] {
  const aud = payload.aud;
  if (typeof aud === 'string') return aud === '' ? [] : [aud];
  return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
}

/** Builds the authenticator (see the file comment for the cache). */
export function serviceAccountTokenAuthenticator(options: ServiceAccountAuthenticatorOptions): ServiceAccountTokenAuthenticator {
  const issuers = new Set(options.issuers);
  const now = options.now ?? Date.now;
  const cacheSize = options.cacheSize ?? 4096;
  const cache = new Map<string, CacheEntry>();

  const validate = (payload: TokenPayload, legacy: boolean, token: string): Validated =>
    legacy ? validateLegacy(payload, token, options.lookup ? options.getter : undefined) : validateBound(payload, options.getter, Math.floor(now() / 1000));

  /** Upstream's audience check: the intersection of the token's and the requested audiences. */
  const checkAudiences = (payload: TokenPayload, requested: readonly string[]): string[] => {
    let audiences = tokenAudiences(payload);
    if (audiences.length === 0) audiences = [...options.apiAudiences];
    const matched = audiences.filter((a) => requested.includes(a));
    if (matched.length === 0 && options.apiAudiences.length !== 0) throw new Error(`token audiences ${quotedList(audiences)} is invalid for the target audiences ${quotedList(requested)}`);
    return matched;
  };

  /** Signature, issuer and audiences; the payload and whether it is a legacy token, or undefined when not ours. */
  const verify = async (token: string, requested: readonly string[]): Promise<{ payload: TokenPayload; legacy: boolean; audiences: string[] } | undefined> => {
    const peeked = peekPayload(token);
    const issuer = peeked?.iss;
    if (typeof issuer !== 'string' || (issuer !== LEGACY_ISSUER && !issuers.has(issuer))) return undefined;
    const payload = await verifiedPayload(token, options.keys);
    if (payload.iss !== issuer) throw new Error(`token issuer ${JSON.stringify(payload.iss)} is invalid`);
    return { payload, legacy: issuer === LEGACY_ISSUER, audiences: checkAudiences(payload, requested) };
  };

  const remember = (key: string, entry: CacheEntry): void => {
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(key, entry);
  };

  const miss = async (key: string, token: string): Promise<CacheEntry | undefined> => {
    const verified = await verify(token, options.apiAudiences);
    if (!verified) return undefined;
    const { payload, legacy } = verified;
    const { info, observed } = validate(payload, legacy, token);
    const user = serviceAccountUser(info);
    const exp = typeof payload.exp === 'number' ? (payload.exp + LEEWAY_SECONDS) * 1000 : Infinity;
    const entry = { user, payload, legacy, expiresAt: exp, observed, audiences: verified.audiences };
    remember(key, entry);
    return entry;
  };

  /** A cached token: still valid when unexpired and every object it depends on is unchanged or still fits. */
  const hit = (key: string, entry: CacheEntry, token: string): CacheEntry | undefined => {
    if (now() > entry.expiresAt) {
      cache.delete(key);
      return undefined;
    }
    if (entry.observed.every((o) => options.getter(o.kind, o.namespace, o.name)?.revision === o.revision)) return entry;
    try {
      entry.observed = validate(entry.payload, entry.legacy, token).observed;
      return entry;
    } catch (error) {
      cache.delete(key);
      throw error;
    }
  };

  /** The token's cache entry for the API audiences: synchronous on a hit. */
  const forApi = (token: string): CacheEntry | undefined | Promise<CacheEntry | undefined> => {
    const key = createHash('sha256').update(token).digest('base64');
    const entry = cache.get(key);
    return (entry ? hit(key, entry, token) : undefined) ?? miss(key, token);
  };

  return {
    authenticate(token) {
      const entry = forApi(token);
      return entry instanceof Promise ? entry.then((e) => e?.user) : entry?.user;
    },
    authenticateForApi(token) {
      const entry = forApi(token);
      return entry instanceof Promise ? entry.then((e) => e && { user: e.user, audiences: e.audiences }) : entry && { user: entry.user, audiences: entry.audiences };
    },
    async authenticateFor(token, audiences) {
      const verified = await verify(token, audiences);
      if (!verified) return undefined;
      return { user: serviceAccountUser(validate(verified.payload, verified.legacy, token).info), audiences: verified.audiences };
    },
  };
}

/** The payload once one of the keys verifies the signature (the token's `kid` first; upstream tries every key). */
async function verifiedPayload(token: string, keys: readonly VerificationKey[]): Promise<TokenPayload> {
  if (keys.length === 0) throw new Error('invalid signature, no keys found');
  const { compactVerify } = await loadJose();
  const errors: string[] = [];
  for (const key of keys) {
    try {
      const { payload } = await compactVerify(token, key.key, { algorithms: [key.algorithm] });
      return JSON.parse(new TextDecoder().decode(payload)) as TokenPayload;
    } catch (error) {
      errors.push(errorMessage(error));
    }
  }
  throw new Error(errors.length === 1 ? (errors[0] ?? '') : `[${errors.join(', ')}]`);
}
