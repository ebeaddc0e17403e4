import { createHmac, randomBytes } from 'node:crypto';
import type { AudienceTokenAuthenticator, TokenResponse } from './authenticator.js';
import type { MaybePromise } from './maybe-async.js';

export interface TokenCacheOptions {
  /** How long a success is remembered; 0 not at all. */
  readonly successTtlMs: number;
  /** How long a failure (token not accepted, without error) is remembered; 0 not at all. */
  readonly failureTtlMs: number;
  /** Most entries kept (the oldest go first); default 4096. */
  readonly maxEntries?: number;
  /** Clock, for tests. */
  readonly now?: () => number;
}

interface Entry {
  readonly response: TokenResponse | undefined;
  readonly expires: number;
}

/**
 * Remembers a token source's answers (upstream token cache, as around the token webhook): by a keyed
 * hash of the wanted audiences and the token, never the token itself; successes and failures for their
 * TTLs, errors not at all. A hit answers synchronously; concurrent lookups of one token share one call.
 */
export function cachedTokenAuthenticator(source: AudienceTokenAuthenticator, options: TokenCacheOptions): AudienceTokenAuthenticator {
  const key = randomBytes(32);
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<TokenResponse | undefined>>();
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 4096;

  const remember = (hash: string, response: TokenResponse | undefined): TokenResponse | undefined => {
    const ttl = response ? options.successTtlMs : options.failureTtlMs;
    if (ttl > 0) {
      entries.delete(hash);
      entries.set(hash, { response, expires: now() + ttl });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    return response;
  };

  return (token, audiences): MaybePromise<TokenResponse | undefined> => {
    const hash = createHmac('sha256', key).update(JSON.stringify(audiences ?? null)).update('\0').update(token).digest('base64');
    const hit = entries.get(hash);
    if (hit && hit.expires > now()) return hit.response;
    if (hit) entries.delete(hash);
    const inFlight = pending.get(hash);
    if (inFlight) return inFlight;
    const call = Promise.resolve(source(token, audiences))
      .then((response) => remember(hash, response))
      .finally(() => pending.delete(hash));
    pending.set(hash, call);
    return call;
  };
}
