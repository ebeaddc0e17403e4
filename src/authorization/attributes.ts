// Authorization attributes of an API request (upstream RequestInfoFactory's additions for authorization
// and WithAuthorization's GetAuthorizerAttributes): the request info, with the name a list or watch pins
// through `fieldSelector=metadata.name=<name>`, so a rule with `resourceNames` can allow it (spec 2-access-
// control, Authorization item 6).
import type { UserInfo } from '../auth/user-info.js';
import type { RequestInfo } from '../endpoints/request-info.js';
import { validatePathSegmentName } from '../apis/meta/v1/validation.js';
import { parseFieldSelector, singleObjectName } from '../registry/selectors/index.js';
import type { AuthorizationAttributes } from './authorizer.js';

/** The attributes `user` asks for with the request `info` (query: the request's parameters). */
export function requestAttributes(user: UserInfo, info: RequestInfo, query: URLSearchParams): AuthorizationAttributes {
  if (!info.isResourceRequest) return nonResourceAttributes(user, info.verb, info.path);
  let name = info.name;
  // Upstream's RequestInfoFactory names a GET of a collection (made list or watch) by its `metadata.name=`
  // selector; a `/watch/` path keeps its own name, if any, and no selector names it.
  if ((info.verb === 'list' || info.verb === 'watch') && !info.legacyWatch) name = selectedName(query);
  return {
    user,
    verb: info.verb,
    isResourceRequest: true,
    path: info.path,
    namespace: info.namespace,
    apiGroup: info.apiGroup,
    apiVersion: info.apiVersion,
    resource: info.resource,
    // Upstream's request info keeps the first segment after the name (`proxy` of `pods/x/proxy/a/b`).
    subresource: firstSegment(info.subresource),
    name,
  };
}

/** The attributes of a non-resource request (`GET /healthz`: verb `get`, path `/healthz`). */
export function nonResourceAttributes(user: UserInfo, verb: string, path: string): AuthorizationAttributes {
  return { user, verb, isResourceRequest: false, path, namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' };
}

/** The name `metadata.name=` pins, when it is a valid path segment; a selector that does not parse pins none. */
function selectedName(query: URLSearchParams): string {
  const raw = query.get('fieldSelector');
  if (!raw) return '';
  try {
    const name = singleObjectName(parseFieldSelector(raw)) ?? '';
    return validatePathSegmentName(name, false).length === 0 ? name : '';
  } catch {
    return '';
  }
}

function firstSegment(subresource: string): string {
  const slash = subresource.indexOf('/');
  return slash < 0 ? subresource : subresource.slice(0, slash);
}
