// Bootstrap token Secrets (spec 2-access-control §Bootstrap token Secret; upstream k8s.io/cluster-bootstrap):
// Secrets of type `bootstrap.kubernetes.io/token` named `bootstrap-token-<id>` in kube-system, whose data
// keys say the token's id and secret, when it expires and what it may be used for. The authenticator, the
// bootstrap signer and the token cleaner read them through these rules.
import { timingSafeEqual } from 'node:crypto';

export const BOOTSTRAP_TOKEN_SECRET_TYPE = 'bootstrap.kubernetes.io/token';
/** The namespace token Secrets live in. */
export const BOOTSTRAP_TOKEN_NAMESPACE = 'kube-system';
export const BOOTSTRAP_TOKEN_SECRET_PREFIX = 'bootstrap-token-';
/** User name prefix and group of an authenticated bootstrap token. */
export const BOOTSTRAP_USER_PREFIX = 'system:bootstrap:';
export const BOOTSTRAP_DEFAULT_GROUP = 'system:bootstrappers';

/** Data keys of a token Secret. */
export const TokenKeys = {
  id: 'token-id',
  secret: 'token-secret',
  expiration: 'expiration',
  description: 'description',
  extraGroups: 'auth-extra-groups',
  usageAuthentication: 'usage-bootstrap-authentication',
  usageSigning: 'usage-bootstrap-signing',
} as const;

/** What the rules read of a Secret (as stored: `data` values base64). */
export interface TokenSecret {
  readonly metadata: { readonly name?: string; readonly namespace?: string; readonly deletionTimestamp?: string; readonly uid?: string };
  readonly type?: string;
  readonly data?: Readonly<Record<string, string>>;
}

const TOKEN_PATTERN = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
const SECRET_NAME_PATTERN = /^bootstrap-token-([a-z0-9]{6})$/;
const GROUP_PATTERN = /^system:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]$/;
/** RFC 3339 as Go's time.Parse reads it (fractional seconds optional, `Z` or a numeric offset). */
const RFC3339_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** `<id>.<secret>` split, or undefined when the token is not of that form. */
export function parseToken(token: string): { id: string; secret: string } | undefined {
  const match = TOKEN_PATTERN.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : undefined;
}

/** The token id a Secret's name carries, or undefined for another name. */
export const tokenIdOfSecretName = (name: string): string | undefined => SECRET_NAME_PATTERN.exec(name)?.[1];

/** The string value of a data key; '' when absent. */
export function secretData(secret: TokenSecret, key: string): string {
  const value = secret.data?.[key];
  return value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
}

/**
 * Time left before the token expires: Infinity without `expiration`; 0 (expired) when it passed or cannot
 * be parsed, as upstream treats an unparseable expiration.
 */
export function timeToExpiry(secret: TokenSecret, now: Date): number {
  const expiration = secretData(secret, TokenKeys.expiration);
  if (expiration === '') return Number.POSITIVE_INFINITY;
  const at = RFC3339_PATTERN.test(expiration) ? Date.parse(expiration) : Number.NaN;
  if (Number.isNaN(at)) return 0;
  return Math.max(0, at - now.getTime());
}

export const hasExpired = (secret: TokenSecret, now: Date): boolean => timeToExpiry(secret, now) <= 0;

/**
 * The groups of a token: `system:bootstrappers` and the `auth-extra-groups`, sorted without repeats.
 * @throws Error naming a group that does not match upstream's bootstrap group pattern.
 */
export function tokenGroups(secret: TokenSecret): string[] {
  const groups = new Set([BOOTSTRAP_DEFAULT_GROUP]);
  const extra = secretData(secret, TokenKeys.extraGroups);
  if (extra !== '') {
    for (const group of extra.split(',')) {
      if (!GROUP_PATTERN.test(group)) throw new Error(`bootstrap group ${JSON.stringify(group)} is invalid (must match \\Asystem:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]\\z)`);
      groups.add(group);
    }
  }
  return [...groups].sort();
}

/** Whether `a` and `b` are equal, in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The token a Secret lends to signing (upstream validateSecretForSigning), or undefined: the name must
 * carry the id in `token-id`, `token-secret` must be set, the token unexpired and `usage-bootstrap-signing`
 * exactly `true`.
 */
export function signingToken(secret: TokenSecret, now: Date): { id: string; secret: string } | undefined {
  const nameId = tokenIdOfSecretName(secret.metadata.name ?? '');
  const id = secretData(secret, TokenKeys.id);
  const tokenSecret = secretData(secret, TokenKeys.secret);
  if (nameId === undefined || id === '' || id !== nameId || tokenSecret === '') return undefined;
  if (hasExpired(secret, now) || secretData(secret, TokenKeys.usageSigning) !== 'true') return undefined;
  return { id, secret: tokenSecret };
}
