// The checks and the new identity of an impersonating request (spec 2-access-control, Impersonation;
// upstream WithImpersonation): the caller must be allowed `impersonate` on every item it asks for, and
// the request then acts as the identity the items make up.
import { allAuthenticatedGroup, allUnauthenticatedGroup, anonymousUserName, type UserInfo } from '../../auth/user-info.js';
import { ALL_SERVICE_ACCOUNTS_GROUP, makeUsername } from '../../auth/service-accounts/claims.js';
import type { AuthorizationAttributes, Authorizer } from '../authorizer.js';
import { forbiddenError } from '../forbidden.js';
import type { ImpersonationRequest } from './requests.js';

const AUTHENTICATION_GROUP = 'authentication.k8s.io';

/** What the caller asks to be allowed for one item: `impersonate` on the item, its value as the name. */
export function actingAsAttributes(requestor: UserInfo, request: ImpersonationRequest): AuthorizationAttributes {
  const base = { user: requestor, verb: 'impersonate', isResourceRequest: true, path: '', namespace: '', apiGroup: '', apiVersion: '', subresource: '', name: request.name };
  switch (request.kind) {
    case 'ServiceAccount':
      return { ...base, namespace: request.namespace, resource: 'serviceaccounts' };
    case 'User':
      return { ...base, resource: 'users' };
    case 'Group':
      return { ...base, resource: 'groups' };
    case 'UserExtra':
      return { ...base, apiGroup: AUTHENTICATION_GROUP, apiVersion: 'v1', resource: 'userextras', subresource: request.extraKey };
    case 'UID':
      return { ...base, apiGroup: AUTHENTICATION_GROUP, apiVersion: 'v1', resource: 'uids' };
  }
}

/**
 * Checks every item in order and returns the impersonated user, or throws the 403 of the first item not
 * allowed (an evaluation error counts as not allowed, as upstream). Awaits only an asynchronous module.
 */
export async function impersonate(requestor: UserInfo, requests: readonly ImpersonationRequest[], groupsSpecified: boolean, authorizer: Authorizer): Promise<UserInfo> {
  for (const request of requests) {
    const attributes = actingAsAttributes(requestor, request);
    const answer = authorizer.authorize(attributes);
    const result = answer instanceof Promise ? await answer : answer;
    if (result.decision !== 'Allow') throw forbiddenError(attributes, result.reason);
  }
  return impersonatedUser(requests, groupsSpecified);
}

/**
 * The identity the items make up. A service account brings its two groups unless groups were given;
 * a user other than system:anonymous gets system:authenticated unless either well-known group is in
 * its groups already, system:anonymous gets system:unauthenticated.
 */
export function impersonatedUser(requests: readonly ImpersonationRequest[], groupsSpecified: boolean): UserInfo {
  let name = '';
  let uid = '';
  let groups: string[] = [];
  // A Map: extra keys come from the client and may be any string (`__proto__` included).
  const extra = new Map<string, string[]>();
  for (const request of requests) {
    switch (request.kind) {
      case 'ServiceAccount':
        name = makeUsername(request.namespace, request.name);
        if (!groupsSpecified) groups = [ALL_SERVICE_ACCOUNTS_GROUP, `${ALL_SERVICE_ACCOUNTS_GROUP}:${request.namespace}`];
        break;
      case 'User':
        name = request.name;
        break;
      case 'Group':
        groups.push(request.name);
        break;
      case 'UserExtra': {
        const values = extra.get(request.extraKey);
        if (values) values.push(request.name);
        else extra.set(request.extraKey, [request.name]);
        break;
      }
      case 'UID':
        uid = request.name;
        break;
    }
  }
  if (name !== anonymousUserName) {
    if (!groups.includes(allAuthenticatedGroup) && !groups.includes(allUnauthenticatedGroup)) groups.push(allAuthenticatedGroup);
  } else if (!groups.includes(allUnauthenticatedGroup)) {
    groups.push(allUnauthenticatedGroup);
  }
  return { name, groups, ...(uid ? { uid } : {}), ...(extra.size > 0 ? { extra: Object.fromEntries(extra) } : {}) };
}
