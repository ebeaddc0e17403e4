// The loopback tokens: random bearer tokens the server issues to its own in-process clients (the
// controllers), one per identity, known only to this process and valid until it exits (upstream's
// loopback client token, which kube-apiserver mints at start and authenticates before every other token).
import { randomBytes } from 'node:crypto';
import type { UserInfo } from '../user-info.js';
import type { TokenAuthenticator } from './authenticator.js';

export class LoopbackTokens {
  readonly #users = new Map<string, UserInfo>();

  /** A new token for `user`. */
  issue(user: UserInfo): string {
    const token = randomBytes(32).toString('base64url');
    this.#users.set(token, user);
    return token;
  }

  readonly authenticate: TokenAuthenticator = (token) => this.#users.get(token);
}
