// The claims of service account tokens (upstream pkg/serviceaccount claims.go and legacy.go, and
// k8s.io/apiserver's serviceaccount util): bound tokens carry a `kubernetes.io` private claim with the
// namespace, the account, the pod or secret they are bound to and `warnafter`; legacy secret tokens carry
// four flat `kubernetes.io/serviceaccount/...` claims and no expiry or audience.
import { isDNS1123Label, isDNS1123Subdomain } from '../../apis/meta/v1/validation.js';
import type { UserInfo } from '../user-info.js';

/** Issuer of the tokens the token controller puts into secrets (upstream LegacyIssuer). */
export const LEGACY_ISSUER = 'kubernetes/serviceaccount';
/** Expiration of the projected token admission injects; its tokens are extended (upstream WarnOnlyBoundTokenExpirationSeconds). */
export const WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS = 60 * 60 + 7;
/** How long such an extended token lives: one year (upstream ExpirationExtensionSeconds). */
export const EXPIRATION_EXTENSION_SECONDS = 24 * 365 * 60 * 60;

const USER_PREFIX = 'system:serviceaccount:';
/** Group of every service account. */
export const ALL_SERVICE_ACCOUNTS_GROUP = 'system:serviceaccounts';
/** Extra keys of pod-bound tokens. */
export const POD_NAME_EXTRA = 'authentication.kubernetes.io/pod-name';
export const POD_UID_EXTRA = 'authentication.kubernetes.io/pod-uid';

/** A name and uid, as the claims refer to objects. */
export interface ObjectRef {
  readonly name: string;
  readonly uid: string;
}

/** The `kubernetes.io` private claim of bound tokens. */
export interface KubernetesClaim {
  namespace?: string;
  serviceaccount?: { name?: string; uid?: string };
  pod?: { name?: string; uid?: string };
  secret?: { name?: string; uid?: string };
  warnafter?: number;
}

/** A token's payload as the authenticator reads it (unverified fields are checked before use). */
export interface TokenPayload {
  iss?: unknown;
  sub?: unknown;
  aud?: unknown;
  exp?: unknown;
  nbf?: unknown;
  iat?: unknown;
  'kubernetes.io'?: unknown;
  [legacy: string]: unknown;
}

/** The legacy private claims (upstream legacyPrivateClaims). */
export const LEGACY_CLAIMS = {
  serviceAccountName: 'kubernetes.io/serviceaccount/service-account.name',
  serviceAccountUID: 'kubernetes.io/serviceaccount/service-account.uid',
  secretName: 'kubernetes.io/serviceaccount/secret.name',
  namespace: 'kubernetes.io/serviceaccount/namespace',
} as const;

/** What a valid token says about its account (upstream ServiceAccountInfo). */
export interface ServiceAccountInfo {
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly podName?: string;
  readonly podUID?: string;
}

/** upstream MakeUsername: `system:serviceaccount:<namespace>:<name>`. */
export const makeUsername = (namespace: string, name: string): string => `${USER_PREFIX}${namespace}:${name}`;

/**
 * upstream SplitUsername: namespace and name of a service account user name, or undefined; both must be
 * valid names (a namespace is a DNS-1123 label, an account a DNS-1123 subdomain).
 */
export function splitUsername(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(USER_PREFIX)) return undefined;
  const parts = username.slice(USER_PREFIX.length).split(':');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  if (isDNS1123Label(parts[0]).length > 0 || isDNS1123Subdomain(parts[1]).length > 0) return undefined;
  return { namespace: parts[0], name: parts[1] };
}

/** upstream ServiceAccountInfo.UserInfo: the user, its two groups, and the pod extras of pod-bound tokens. */
export function serviceAccountUser(info: ServiceAccountInfo): UserInfo {
  const user = { name: makeUsername(info.namespace, info.name), uid: info.uid, groups: [ALL_SERVICE_ACCOUNTS_GROUP, `${ALL_SERVICE_ACCOUNTS_GROUP}:${info.namespace}`] };
  if (!info.podName || !info.podUID) return user;
  return { ...user, extra: { [POD_NAME_EXTRA]: [info.podName], [POD_UID_EXTRA]: [info.podUID] } };
}

/** What a bound token is issued for (upstream Claims' arguments). */
export interface BoundTokenRequest {
  readonly serviceAccount: { readonly namespace: string } & ObjectRef;
  readonly pod?: ObjectRef;
  readonly secret?: ObjectRef;
  readonly expirationSeconds: number;
  /** Seconds after issue from which the token is stale (0: none). */
  readonly warnAfterSeconds: number;
  readonly audiences: readonly string[];
}

const refOf = (ref: ObjectRef): { name?: string; uid?: string } => ({ ...(ref.name ? { name: ref.name } : {}), ...(ref.uid ? { uid: ref.uid } : {}) });

/** upstream Claims: the payload of a bound token issued at `nowSeconds` (the issuer is added by the generator). */
export function boundClaims(request: BoundTokenRequest, nowSeconds: number): Record<string, unknown> {
  const { serviceAccount: sa } = request;
  const kubernetes: KubernetesClaim = { ...(sa.namespace ? { namespace: sa.namespace } : {}), serviceaccount: refOf(sa) };
  if (request.pod) kubernetes.pod = refOf(request.pod);
  else if (request.secret) kubernetes.secret = refOf(request.secret);
  if (request.warnAfterSeconds !== 0) kubernetes.warnafter = nowSeconds + request.warnAfterSeconds;
  return {
    sub: makeUsername(sa.namespace, sa.name),
    ...(request.audiences.length ? { aud: [...request.audiences] } : {}),
    iat: nowSeconds,
    nbf: nowSeconds,
    exp: nowSeconds + request.expirationSeconds,
    'kubernetes.io': kubernetes,
  };
}

/** upstream LegacyClaims: the payload of a token the token controller puts into a secret. */
export function legacyClaims(sa: { readonly namespace: string } & ObjectRef, secretName: string): Record<string, unknown> {
  return {
    sub: makeUsername(sa.namespace, sa.name),
    [LEGACY_CLAIMS.namespace]: sa.namespace,
    [LEGACY_CLAIMS.serviceAccountName]: sa.name,
    [LEGACY_CLAIMS.serviceAccountUID]: sa.uid,
    [LEGACY_CLAIMS.secretName]: secretName,
  };
}

/**
 * JSON as Go writes a map: keys sorted at every level. go-jose merges a token's claims into a map before
 * encoding, so upstream's payloads come out this way.
 */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
}
