// Bootstrap tokens as bearer tokens (`--enable-bootstrap-token-auth`; upstream
// plugin/pkg/auth/authenticator/token/bootstrap): `<id>.<secret>` names the Secret `bootstrap-token-<id>` in
// kube-system, which must be of the bootstrap token type, not being deleted, hold this id and secret, be
// unexpired and marked for authentication. The user is `system:bootstrap:<id>` in `system:bootstrappers`
// and the Secret's extra groups. A token that fails any rule is left unauthenticated (401), its reason
// kept out of the response as upstream only logs it.
import type { UserInfo } from '../user-info.js';
import type { TokenAuthenticator } from '../authenticators/authenticator.js';
import {
  BOOTSTRAP_TOKEN_SECRET_PREFIX,
  BOOTSTRAP_TOKEN_SECRET_TYPE,
  BOOTSTRAP_USER_PREFIX,
  constantTimeEqual,
  hasExpired,
  parseToken,
  secretData,
  tokenGroups,
  TokenKeys,
  type TokenSecret,
} from './secret.js';

/** Reads a token Secret of kube-system by name; undefined when there is none. */
export type TokenSecretGetter = (name: string) => Promise<TokenSecret | undefined>;

/** The bootstrap token source (plug into `bearerTokenAuthenticator`). */
export function bootstrapTokenAuthenticator(getSecret: TokenSecretGetter, now: () => Date = () => new Date()): TokenAuthenticator {
  return (token) => {
    const parsed = parseToken(token);
    // Tokens of another form belong to other authenticators.
    if (!parsed) return undefined;
    return getSecret(BOOTSTRAP_TOKEN_SECRET_PREFIX + parsed.id).then((secret) => (secret ? userOfTokenSecret(secret, parsed, now()) : undefined));
  };
}

/** The user a Secret grants to the token `<id>.<secret>`, or undefined when a rule fails (upstream AuthenticateToken). */
export function userOfTokenSecret(secret: TokenSecret, token: { id: string; secret: string }, now: Date): UserInfo | undefined {
  if (secret.metadata.deletionTimestamp) return undefined;
  if (secret.type !== BOOTSTRAP_TOKEN_SECRET_TYPE || secret.data === undefined) return undefined;
  if (!constantTimeEqual(secretData(secret, TokenKeys.secret), token.secret)) return undefined;
  if (secretData(secret, TokenKeys.id) !== token.id) return undefined;
  if (hasExpired(secret, now)) return undefined;
  if (secretData(secret, TokenKeys.usageAuthentication) !== 'true') return undefined;
  let groups: string[];
  try {
    groups = tokenGroups(secret);
  } catch {
    return undefined;
  }
  return { name: BOOTSTRAP_USER_PREFIX + token.id, groups };
}
