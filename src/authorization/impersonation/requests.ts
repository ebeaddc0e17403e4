// What a request asks to impersonate (spec 2-access-control, Impersonation; upstream filters/impersonation.go
// buildImpersonationRequests): `Impersonate-User` (a service-account user name becomes the account),
// each `Impersonate-Group` line, each `Impersonate-Extra-<key>` line (key lower-cased and percent-decoded)
// and `Impersonate-Uid`, in that order. Read from the raw header lines: Node joins repeated headers in
// `headers`, upstream takes each line as one value.
import { unescapeExtraKey } from '../../auth/authenticators/request-header.js';
import { splitUsername } from '../../auth/service-accounts/claims.js';

/** One thing to impersonate, checked on its own (upstream uses an ObjectReference per item). */
export interface ImpersonationRequest {
  readonly kind: 'ServiceAccount' | 'User' | 'Group' | 'UserExtra' | 'UID';
  /** The service account's namespace. */
  readonly namespace: string;
  /** The user, account, group, extra value or uid. */
  readonly name: string;
  /** The extra key of a UserExtra request. */
  readonly extraKey: string;
}

/** The requests of a request's headers, or upstream's error when groups, extra or uid come without a user. */
export type ParsedImpersonation =
  | { readonly requests: readonly ImpersonationRequest[]; readonly groupsSpecified: boolean }
  | { readonly error: string };

const PREFIX = 'impersonate-';
const USER = 'impersonate-user';
const GROUP = 'impersonate-group';
const UID = 'impersonate-uid';
const EXTRA_PREFIX = 'impersonate-extra-';

/**
 * Whether any header line starts with `Impersonate-` (any case): the hot path's only cost, no allocation.
 * `rawHeaders` alternates names and values.
 */
export function hasImpersonationHeaders(rawHeaders: readonly string[]): boolean {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (startsWithPrefix(rawHeaders[i]!)) return true;
  }
  return false;
}

function startsWithPrefix(name: string): boolean {
  if (name.length < PREFIX.length) return false;
  for (let i = 0; i < PREFIX.length; i++) {
    // ASCII case folding: `| 0x20` lower-cases letters and leaves '-' (0x2d) as it is.
    if ((name.charCodeAt(i) | 0x20) !== PREFIX.charCodeAt(i)) return false;
  }
  return true;
}

/** The impersonation requests of the header lines (upstream's order: user, groups, extras, uid). */
export function parseImpersonationHeaders(rawHeaders: readonly string[]): ParsedImpersonation {
  let user: string | undefined;
  let uid: string | undefined;
  const groups: ImpersonationRequest[] = [];
  const extras: ImpersonationRequest[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (!startsWithPrefix(rawHeaders[i]!)) continue;
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!;
    // Go's Header.Get: the first line of a repeated header.
    if (name === USER) user ??= value;
    else if (name === UID) uid ??= value;
    else if (name === GROUP) groups.push(request('Group', value));
    else if (name.startsWith(EXTRA_PREFIX)) extras.push({ ...request('UserExtra', value), extraKey: unescapeExtraKey(name.slice(EXTRA_PREFIX.length)) });
  }
  const requests: ImpersonationRequest[] = [];
  if (user) requests.push(userRequest(user));
  requests.push(...groups, ...extras);
  if (uid) requests.push(request('UID', uid));
  if (!user && requests.length > 0) return { error: `requested ${formatRequests(requests)} without impersonating a user` };
  return { requests, groupsSpecified: groups.length > 0 };
}

/** A service-account user name (`system:serviceaccount:<ns>:<name>`, both valid names) is the account. */
function userRequest(user: string): ImpersonationRequest {
  const account = splitUsername(user);
  return account ? { kind: 'ServiceAccount', namespace: account.namespace, name: account.name, extraKey: '' } : request('User', user);
}

function request(kind: ImpersonationRequest['kind'], name: string): ImpersonationRequest {
  return { kind, namespace: '', name, extraKey: '' };
}

/**
 * The requests as Go's `%v` prints upstream's []ObjectReference: each struct's seven fields (kind,
 * namespace, name, uid, apiVersion, resourceVersion, fieldPath) joined by spaces, in brackets.
 */
export function formatRequests(requests: readonly ImpersonationRequest[]): string {
  const one = (r: ImpersonationRequest): string => {
    const apiVersion = r.kind === 'UserExtra' || r.kind === 'UID' ? 'authentication.k8s.io/v1' : '';
    return `{${[r.kind, r.namespace, r.name, '', apiVersion, '', r.extraKey].join(' ')}}`;
  };
  return `[${requests.map(one).join(' ')}]`;
}
