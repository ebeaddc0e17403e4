/**
 * The identity attached to an authenticated request (spec 2-access-control §Identities, item 2):
 * opaque to authentication, interpreted by authorization.
 */
export interface UserInfo {
  readonly name: string;
  readonly uid?: string;
  readonly groups: readonly string[];
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** Group every authenticated user belongs to (§Identities, item 3). */
export const allAuthenticatedGroup = 'system:authenticated';
/** Group of anonymous requests. */
export const allUnauthenticatedGroup = 'system:unauthenticated';
/** User name of anonymous requests. */
export const anonymousUserName = 'system:anonymous';

/** The identity given to a request without credentials when anonymous access is enabled. */
export const anonymousUser: UserInfo = Object.freeze({
  name: anonymousUserName,
  groups: Object.freeze([allUnauthenticatedGroup]),
});

/**
 * Adds `system:authenticated` to an authenticated user's groups, as upstream's group adder does:
 * not for the anonymous user, and not when either well-known group is already present.
 */
export function withAuthenticatedGroup(user: UserInfo): UserInfo {
  if (user.name === anonymousUserName) return user;
  if (user.groups.some((g) => g === allAuthenticatedGroup || g === allUnauthenticatedGroup)) return user;
  // Token files and certificate caches hand out the same user object request after request.
  let added = withGroup.get(user);
  if (!added) withGroup.set(user, (added = { ...user, groups: [...user.groups, allAuthenticatedGroup] }));
  return added;
}

const withGroup = new WeakMap<UserInfo, UserInfo>();

/** authentication/v1 UserInfo as JSON, empty fields left out (every field is omitempty): audit events and admission reviews. */
export interface UserInfoJson {
  username?: string;
  uid?: string;
  groups?: readonly string[];
  extra?: Readonly<Record<string, readonly string[]>>;
}

export function userInfoJson(user: UserInfo): UserInfoJson {
  const extra = user.extra && Object.keys(user.extra).length > 0 ? user.extra : undefined;
  return {
    ...(user.name ? { username: user.name } : {}),
    ...(user.uid ? { uid: user.uid } : {}),
    ...(user.groups.length > 0 ? { groups: user.groups } : {}),
    ...(extra ? { extra } : {}),
  };
}
