import type { IncomingHttpHeaders } from 'node:http';
import type { UserInfo } from '../user-info.js';

/**
 * What an authenticator looks at: the request headers and the connection. Both request types of
 * the listener (`HttpRequest`) fit: `socket` is the TLS socket (HTTP/1) or Node's per-request proxy
 * to it (HTTP/2); `stream` is the HTTP/2 stream, whose session identifies the connection.
 */
export interface AuthenticationRequest {
  readonly headers: IncomingHttpHeaders;
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
 * `warnings` are for the client (`Warning` response header), whatever the outcome.
 */
export type AuthenticationResult =
  | { readonly kind: 'authenticated'; readonly user: UserInfo; readonly warnings?: readonly string[] }
  | { readonly kind: 'none'; readonly warnings?: readonly string[] }
  | { readonly kind: 'rejected'; readonly reason: string; readonly warnings?: readonly string[] };

/** One authentication method over a request. May be synchronous (certificates, static tokens) or not (webhooks). */
export type Authenticator = (request: AuthenticationRequest) => AuthenticationResult | Promise<AuthenticationResult>;

/**
 * Checks a bearer token (already taken out of the header): the user it names, or undefined when
 * this token source does not know it. Token sources (static file, service account JWTs, bootstrap
 * tokens) plug into {@link Authenticator}s through the bearer-token authenticator.
 */
export type TokenAuthenticator = (token: string) => UserInfo | undefined | Promise<UserInfo | undefined>;

/** The `none` result without warnings, shared to avoid allocating one per request. */
export const noCredentials: AuthenticationResult = Object.freeze({ kind: 'none' });
