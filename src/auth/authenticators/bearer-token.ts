import type { AudienceTokenAuthenticator, AuthenticationRequest, AuthenticationResult, Authenticator, TokenResponse } from './authenticator.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { noCredentials } from './authenticator.js';
import { firstDecision, type MaybePromise } from './maybe-async.js';
import { errorMessage } from '../../errors/error-message.js';

/** What an `Authorization` header holds, as far as bearer tokens are concerned. */
export type BearerCredential =
  | { readonly kind: 'absent' }
  | { readonly kind: 'empty'; readonly extraSpace: boolean }
  | { readonly kind: 'token'; readonly token: string };

/** Warning upstream sends when `Bearer  <token>` (two spaces) leaves an empty token. */
export const extraSpaceWarning =
  'the provided Authorization header contains extra space before the bearer token, and is ignored';

const absent: BearerCredential = Object.freeze({ kind: 'absent' });

/**
 * Reads a bearer token from an `Authorization` header value as upstream does: the value is
 * trimmed, split on single spaces (at most three parts); the scheme `bearer` is matched
 * case-insensitively; the token is the second part (anything after a further space is ignored).
 * An empty token (`Bearer  x`) is no credential at all, not an invalid one.
 */
export function parseBearerToken(authorization: string | undefined): BearerCredential {
  const value = authorization?.trim() ?? '';
  // upstream's strings.Split(auth, " ") read by index: the scheme ends at the first space, the token at
  // the next one (found here without splitting: this runs on every request).
  const first = value.indexOf(' ');
  if (first !== BEARER.length || !isBearer(value)) return absent;
  const second = value.indexOf(' ', first + 1);
  const token = second < 0 ? value.slice(first + 1) : value.slice(first + 1, second);
  if (token === '') return { kind: 'empty', extraSpace: second >= 0 };
  return { kind: 'token', token };
}

const BEARER = 'bearer';

/** Whether `value` starts with the scheme `bearer`, in any case (no lower-cased copy for the usual spelling). */
function isBearer(value: string): boolean {
  return value.startsWith('Bearer') || value.slice(0, BEARER.length).toLowerCase() === BEARER;
}

/**
 * Checks one token with several sources, first match wins; on success `clear(request)` removes the
 * credential from the request. See {@link tokenUnion}.
 */
export type TokenCheck = (
  token: string,
  audiences: readonly string[] | undefined,
  request: AuthenticationRequest,
  clear: (request: AuthenticationRequest) => void,
) => MaybePromise<AuthenticationResult>;

/**
 * The token sources as one (upstream's token union with bearertoken's default error): the first source
 * that knows the token decides (and the credential is cleared from the request); a
 * token no source accepts is `rejected` (401, not anonymous), with the sources' errors as reason, else
 * `invalid bearer token`.
 */
export function tokenUnion(sources: readonly AudienceTokenAuthenticator[]): TokenCheck {
  return (token, audiences, request, clear) => {
    let errors: string[] | undefined;
    const decide = (response: TokenResponse | undefined): AuthenticationResult | undefined => {
      if (response === undefined) return undefined;
      clear(request);
      const { user } = response;
      return response.audiences ? { kind: 'authenticated', user, audiences: response.audiences } : { kind: 'authenticated', user };
    };
    const fail = (error: unknown): undefined => {
      (errors ??= []).push(errorMessage(error));
      return undefined;
    };
    const attempt = (i: number): MaybePromise<AuthenticationResult | undefined> => {
      try {
        const response = sources[i]!(token, audiences);
        return response instanceof Promise ? response.then(decide, fail) : decide(response);
      } catch (error) {
        return fail(error);
      }
    };
    return firstDecision(sources.length, attempt, (): AuthenticationResult => ({ kind: 'rejected', reason: errors ? aggregateMessage(errors) : 'invalid bearer token' }));
  };
}

/**
 * Authenticates `Authorization: Bearer <token>` with the token sources (spec 2-access-control §Methods,
 * "Bearer token"; see {@link tokenUnion}). After success the header is removed from the request, as
 * upstream does, so that nothing further down (proxying, audit) can pick up the credential.
 */
export function bearerTokenAuthenticator(sources: readonly AudienceTokenAuthenticator[] | TokenCheck): Authenticator {
  const check = typeof sources === 'function' ? sources : tokenUnion(sources);
  return (request: AuthenticationRequest, audiences?: readonly string[]) => {
    const credential = parseBearerToken(request.headers.authorization);
    if (credential.kind === 'absent') return noCredentials;
    if (credential.kind === 'empty') {
      return credential.extraSpace ? { kind: 'none', warnings: [extraSpaceWarning] } : noCredentials;
    }
    return check(credential.token, audiences, request, removeAuthorization);
  };
}

/**
 * Upstream removes the header once it authenticated the request, so that it goes no further (proxied
 * requests). Cleared rather than deleted: deleting a property turns the headers object into a slow
 * dictionary for every later read of the request.
 */
function removeAuthorization(request: AuthenticationRequest): void {
  request.headers.authorization = undefined;
}
