import type { IncomingHttpHeaders } from 'node:http';
import type { UserInfo } from '../user-info.js';
import type { MaybePromise } from './maybe-async.js';

/**
 * What an authenticator looks at: the request headers and the connection. Both request types of
 * the listener (`HttpRequest`) fit: `socket` is the TLS socket (HTTP/1) or Node's per-request proxy
 * to it (HTTP/2); `stream` is the HTTP/2 stream, whose session identifies the connection.
 */
export interface AuthenticationRequest {
  readonly headers: IncomingHttpHeaders;
  /** Header names and values as received, one entry per header line (Node joins repeated ones in `headers`). */
  readonly rawHeaders?: readonly string[];
  readonly socket: unknown;
  readonly stream?: unknown;
}

/**
 * Outcome of one authentication method:
 * - `authenticated`: the credentials are valid and name `user`;
 * - `none`: the request carries no credentials this method understands (another method, or
 *   anonymous access, may still apply);
 * - `rejected`: credentials of this method were presented and are invalid. Upstream answers 401
 *   then, rather than falling back to anonymous (§Authentication, anonymous rules). `reason` is for
 *   logs only; it never contains the credential.
 * `warnings` are for the client (`Warning` response header), whatever the outcome. `audiences` of a
 * success are those the credential was found valid for, when the caller asked for audiences.
 */
export type AuthenticationResult =
  | { readonly kind: 'authenticated'; readonly user: UserInfo; readonly audiences?: readonly string[]; readonly warnings?: readonly string[] }
  | { readonly kind: 'none'; readonly warnings?: readonly string[] }
  | { readonly kind: 'rejected'; readonly reason: string; readonly warnings?: readonly string[] };

/**
 * One authentication method over a request. May be synchronous (certificates, static tokens) or not
 * (webhooks). `audiences`, when given, are those the credential must be valid for (upstream's
 * audience-limited context: `--api-audiences` for API requests, a TokenReview's `spec.audiences`).
 */
export type Authenticator = (request: AuthenticationRequest, audiences?: readonly string[]) => MaybePromise<AuthenticationResult>;

/**
 * Checks a bearer token (already taken out of the header) without regard to audiences: the user it
 * names, or undefined when this token source does not know it; throws (or rejects) when it cannot
 * tell (the message becomes the 401's log reason). Static tokens, bootstrap tokens and OIDC are such
 * sources; the assembly makes them audience-aware with `audienceAgnostic` (upstream
 * WrapAudienceAgnosticToken).
 */
export type TokenAuthenticator = (token: string) => MaybePromise<UserInfo | undefined>;

/** A token source's success: the user, and the audiences the token was found valid for. */
export interface TokenResponse {
  readonly user: UserInfo;
  readonly audiences?: readonly string[];
}

/**
 * A token source that checks audiences itself (service-account JWTs, the token webhook): with
 * `audiences` given it answers only for a token valid for at least one of them, and says which.
 * Same contract as {@link TokenAuthenticator} otherwise.
 */
export type AudienceTokenAuthenticator = (token: string, audiences: readonly string[] | undefined) => MaybePromise<TokenResponse | undefined>;

/** The `none` result without warnings, shared to avoid allocating one per request. */
export const noCredentials: AuthenticationResult = Object.freeze({ kind: 'none' });
