// From an ID token's verified claims to the request's user (spec 2-access-control §Methods, "OpenID Connect";
// upstream plugin/pkg/auth/authenticator/token/oidc): the username claim with its prefix, the groups claim
// (a string or an array of strings) with its prefix, and the required claims. Errors carry upstream's texts;
// they reach the log, never the client (which gets 401).
import type { UserInfo } from '../../user-info.js';

/** The verified claims of an ID token (its JSON payload). */
export type Claims = Readonly<Record<string, unknown>>;

/** How claims become a user: the `--oidc-*` flags after defaulting (see {@link usernamePrefixOf}). */
export interface ClaimMapping {
  readonly usernameClaim: string;
  /** Already defaulted: `<issuer>#`, the flag's value, or '' for `-`. */
  readonly usernamePrefix: string;
  readonly groupsClaim?: string;
  readonly groupsPrefix?: string;
  /** `--oidc-required-claim`: each claim must be present with exactly this string value. */
  readonly requiredClaims?: Readonly<Record<string, string>>;
}

/** The value of `--oidc-username-prefix` that disables prefixing. */
const NO_USERNAME_PREFIX = '-';

/**
 * The username prefix upstream derives from the flags: unset and a claim other than `email` gives
 * `<issuer url>#` (so that `sub` values of different issuers cannot clash); `-` gives none.
 */
export function usernamePrefixOf(issuerURL: string, usernameClaim: string, flag: string | undefined): string {
  if ((flag ?? '') === '' && usernameClaim !== 'email') return `${issuerURL}#`;
  if (flag === NO_USERNAME_PREFIX) return '';
  return flag ?? '';
}

/**
 * The user named by `claims`, as upstream's AuthenticateToken maps them after verification.
 * @throws Error with upstream's message when a claim is missing, of the wrong type, or does not match.
 */
export function userOfClaims(claims: Claims, mapping: ClaimMapping): UserInfo {
  const username = stringClaim(claims, mapping.usernameClaim, `oidc: parse username claims ${JSON.stringify(mapping.usernameClaim)}`);
  if (mapping.usernameClaim === 'email' && hasClaim(claims, 'email_verified')) {
    // A present email_verified must be true (OpenID Connect Core, standard claims).
    // encoding/json leaves a Go value untouched for a JSON null: null reads as false here, '' below.
    const verified = claims['email_verified'] ?? false;
    if (typeof verified !== 'boolean') throw new Error(`oidc: parse 'email_verified' claim: ${typeError(verified, 'bool')}`);
    if (!verified) throw new Error('oidc: email not verified');
  }
  const groups = groupsOf(claims, mapping.groupsClaim);
  const prefix = mapping.groupsPrefix ?? '';
  const user: UserInfo = { name: mapping.usernamePrefix + username, groups: prefix === '' ? groups : groups.map((g) => prefix + g) };
  checkRequiredClaims(claims, mapping.requiredClaims ?? {});
  return user;
}

/** The groups claim: absent gives none; some providers give a single string (a role) instead of an array. */
function groupsOf(claims: Claims, groupsClaim: string | undefined): string[] {
  if (!groupsClaim || !hasClaim(claims, groupsClaim)) return [];
  const value = claims[groupsClaim];
  if (typeof value === 'string') return [value];
  if (value === null) return [];
  if (Array.isArray(value) && value.every((g): g is string => typeof g === 'string')) return value;
  throw new Error(`oidc: parse groups claim ${JSON.stringify(groupsClaim)}: ${typeError(value, '[]string')}`);
}

function checkRequiredClaims(claims: Claims, required: Readonly<Record<string, string>>): void {
  for (const [claim, want] of Object.entries(required)) {
    if (!hasClaim(claims, claim)) throw new Error(`oidc: required claim ${claim} not present in ID token`);
    // Only string values can be required.
    const got = stringClaim(claims, claim, `oidc: parse claim ${claim}`);
    if (got !== want) throw new Error(`oidc: required claim ${claim} value does not match. Got = ${got}, want = ${want}`);
  }
}

function stringClaim(claims: Claims, name: string, context: string): string {
  if (!hasClaim(claims, name)) throw new Error(`${context}: claim not present`);
  const value = claims[name] ?? '';
  if (typeof value !== 'string') throw new Error(`${context}: ${typeError(value, 'string')}`);
  return value;
}

const hasClaim = (claims: Claims, name: string): boolean => Object.prototype.hasOwnProperty.call(claims, name);

/** encoding/json's message for a JSON value of the wrong type. */
function typeError(value: unknown, goType: string): string {
  const json = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;
  return `json: cannot unmarshal ${json} into Go value of type ${goType}`;
}
