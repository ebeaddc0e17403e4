// Which FlowSchema a request belongs to (k8s.io/apiserver pkg/util/flowcontrol/rule.go, 1.25): a schema
// matches when one of its rules matches, and a rule when one of its subjects matches the user and one of its
// resource rules (for a resource request) or non-resource rules (otherwise) matches the request.
import type { FlowSchema, NonResourcePolicyRule, ResourcePolicyRule, Subject } from '../apis/flowcontrol/v1beta2/schemas.generated.js';
import type { UserInfo } from '../auth/user-info.js';
import type { RequestInfo, ResourceRequestInfo } from '../endpoints/request-info.js';

const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

/** upstream containsString: `value` is listed, or the list is exactly the wildcard (validation keeps it alone). */
function listed(value: string, list: readonly string[] | undefined, wildcard: string): boolean {
  if (!list) return false;
  if (list.length === 1 && list[0] === wildcard) return true;
  return list.includes(value);
}

/** upstream matchesSubject. */
export function matchesSubject(user: UserInfo, subject: Subject): boolean {
  switch (subject.kind) {
    case 'User':
      return subject.user !== undefined && (subject.user.name === '*' || subject.user.name === user.name);
    case 'Group':
      return subject.group !== undefined && (subject.group.name === '*' || user.groups.includes(subject.group.name));
    case 'ServiceAccount': {
      const account = subject.serviceAccount;
      if (!account) return false;
      const prefix = `${SERVICE_ACCOUNT_PREFIX}${account.namespace}:`;
      // `*`: any account of the namespace (serviceAccountMatchesNamespace); otherwise that account exactly.
      return account.name === '*' ? user.name.startsWith(prefix) : user.name === `${prefix}${account.name}`;
    }
    default:
      return false;
  }
}

/** upstream matchesResourcePolicyRule: verb, `resource[/subresource]`, group, then the namespace or cluster scope. */
function matchesResourceRule(info: ResourceRequestInfo, rule: ResourcePolicyRule): boolean {
  if (!listed(info.verb, rule.verbs, '*')) return false;
  const resource = info.subresource ? `${info.resource}/${info.subresource}` : info.resource;
  if (!listed(resource, rule.resources, '*')) return false;
  if (!listed(info.apiGroup, rule.apiGroups, '*')) return false;
  if (info.namespace === '') return rule.clusterScope === true;
  return listed(info.namespace, rule.namespaces, '*');
}

/** upstream matchPolicyRuleNonResourceURL: `*`, the exact path, or a prefix (`/healthz` and `/healthz/*` both cover `/healthz/etcd`). */
function matchesNonResourceURL(urls: readonly string[] | undefined, path: string): boolean {
  for (const url of urls ?? []) {
    if (url === '*' || url === path) return true;
    let prefix = url.endsWith('*') ? url.slice(0, -1) : url;
    if (!prefix.endsWith('/')) prefix += '/';
    if (path.startsWith(prefix)) return true;
  }
  return false;
}

function matchesNonResourceRule(info: RequestInfo, rule: NonResourcePolicyRule): boolean {
  return listed(info.verb, rule.verbs, '*') && matchesNonResourceURL(rule.nonResourceURLs, info.path);
}

/**
 * upstream matchesFlowSchema. Plain loops: every request of a user outside system:masters is matched against
 * a dozen schemas, and a closure per `some` showed in its profile.
 */
export function matchesFlowSchema(info: RequestInfo, user: UserInfo, flowSchema: Readonly<FlowSchema>): boolean {
  for (const rule of flowSchema.spec?.rules ?? NONE) {
    if (!anySubject(user, rule.subjects)) continue;
    if (info.isResourceRequest) {
      for (const r of rule.resourceRules ?? NONE) if (matchesResourceRule(info, r)) return true;
    } else {
      for (const r of rule.nonResourceRules ?? NONE) if (matchesNonResourceRule(info, r)) return true;
    }
  }
  return false;
}

const NONE: readonly never[] = [];

function anySubject(user: UserInfo, subjects: readonly Subject[] | undefined): boolean {
  for (const subject of subjects ?? NONE) if (matchesSubject(user, subject)) return true;
  return false;
}

/** upstream's flow distinguisher: the user's name (ByUser), the request's namespace (ByNamespace), or none. */
export function flowDistinguisher(flowSchema: Readonly<FlowSchema>, info: RequestInfo, user: UserInfo): string {
  switch (flowSchema.spec?.distinguisherMethod?.type) {
    case 'ByUser':
      return user.name;
    case 'ByNamespace':
      return info.isResourceRequest ? info.namespace : '';
    default:
      return '';
  }
}
