// Whether a webhook is called for a request, as upstream 1.25's generic Webhook.ShouldCallHook decides:
// its rules (operations, groups, versions, resources with subresource forms, scope) against the request,
// then, with matchPolicy Equivalent, against the resources equivalent to it (the first rule that matches
// one wins, and the webhook is called with that resource's version); then the namespaceSelector (on the
// namespace's labels; a Namespace's own labels when it is written; no effect on other cluster-scoped
// resources) and the objectSelector (on the object or the old object).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { RuleWithOperations } from '../../apis/admissionregistration/v1/schemas.generated.js';
import { notFound, type StatusError } from '../../errors/status-error.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { WebhookAccessor } from './accessor.js';
import { gvrOf, kindOf, type EquivalentResources, type GroupVersionKind, type GroupVersionResource, type WebhookRequest } from './request.js';

/** What matching reads of the cluster. */
export interface MatchDeps {
  getNamespace(name: string): Promise<Readonly<KubeObject> | undefined>;
  equivalents: EquivalentResources;
}

/** A webhook to call, and the resource and kind it is called with (upstream WebhookInvocation). */
export interface Invocation {
  readonly webhook: WebhookAccessor;
  readonly def: ResourceDefinition;
  readonly resource: GroupVersionResource;
  readonly subresource: string;
  readonly kind: GroupVersionKind;
}

const exactOrWildcard = (items: readonly string[] | undefined, requested: string): boolean => (items ?? []).some((item) => item === '*' || item === requested);

/** upstream rules.Matcher.Matches for a request made of `resource` (which may be an equivalent of the request's). */
export function ruleMatches(rule: Readonly<RuleWithOperations>, request: WebhookRequest, resource: GroupVersionResource): boolean {
  return scopeMatches(rule.scope, request, resource) &&
    exactOrWildcard(rule.operations, request.attributes.operation) &&
    exactOrWildcard(rule.apiGroups, resource.group) &&
    exactOrWildcard(rule.apiVersions, resource.version) &&
    resourceMatches(rule.resources ?? [], resource.resource, request.subresource);
}

const isNamespacesResource = (r: GroupVersionResource): boolean => r.group === '' && r.version === 'v1' && r.resource === 'namespaces';

/** Namespace objects are cluster-scoped; other requests are namespaced when they have a namespace. */
function scopeMatches(scope: string | undefined, request: WebhookRequest, resource: GroupVersionResource): boolean {
  if (scope === undefined || scope === '*') return true;
  if (scope === 'Namespaced') return !isNamespacesResource(resource) && request.namespace !== '';
  if (scope === 'Cluster') return isNamespacesResource(resource) || request.namespace === '';
  return false;
}

function resourceMatches(resources: readonly string[], resource: string, subresource: string): boolean {
  for (const entry of resources) {
    const slash = entry.indexOf('/');
    const [res, sub] = slash < 0 ? [entry, ''] : [entry.slice(0, slash), entry.slice(slash + 1)];
    if ((res === '*' || res === resource) && (sub === '*' || sub === subresource)) return true;
  }
  return false;
}

/** The invocation of the first rule matching the request, or (Equivalent) one of its equivalent resources. */
export function matchingInvocation(webhook: WebhookAccessor, request: WebhookRequest, equivalents: EquivalentResources): Invocation | undefined {
  const rules = webhook.hook.rules ?? [];
  const { subresource } = request;
  if (rules.some((rule) => ruleMatches(rule, request, request.resource))) {
    return { webhook, def: request.def, resource: request.resource, subresource, kind: request.kind };
  }
  if (webhook.hook.matchPolicy !== 'Equivalent') return undefined;
  const others = equivalents(request.def).filter((d) => d !== request.def);
  for (const rule of rules) {
    for (const def of others) {
      const resource = gvrOf(def);
      if (ruleMatches(rule, request, resource)) return { webhook, def, resource, subresource, kind: kindOf(def, subresource) };
    }
  }
  return undefined;
}

/**
 * upstream ShouldCallHook (1.25 order: rules, then the namespace, then the object): the invocation, or
 * undefined when the webhook is not called.
 * @throws StatusError when a selector does not parse, or the namespace does not exist (404, as upstream's live read).
 */
export async function shouldCallHook(webhook: WebhookAccessor, request: WebhookRequest, deps: MatchDeps): Promise<Invocation | undefined> {
  const invocation = matchingInvocation(webhook, request, deps.equivalents);
  if (!invocation) return undefined;
  if (!(await namespaceMatches(webhook, request, deps))) return undefined;
  return objectMatches(webhook, request) ? invocation : undefined;
}

/** upstream namespace.Matcher.MatchNamespaceSelector. */
async function namespaceMatches(webhook: WebhookAccessor, request: WebhookRequest, deps: MatchDeps): Promise<boolean> {
  const isNamespaces = request.resource.resource === 'namespaces';
  // Cluster-scoped resources other than namespaces are never exempted.
  if (request.namespace === '' && !isNamespaces) return true;
  const selector = orThrow(webhook.namespaceSelector());
  if (selector.empty) return true;
  const { attributes } = request;
  // A namespace being created or updated is matched on the labels it is given.
  if (isNamespaces && request.subresource === '' && (attributes.operation === 'CREATE' || attributes.operation === 'UPDATE')) {
    return selector.matches(attributes.object?.metadata.labels);
  }
  const namespace = await deps.getNamespace(request.namespace);
  if (!namespace) throw notFound({ group: '', resource: 'namespaces' }, request.namespace);
  return selector.matches(namespace.metadata.labels);
}

/** upstream object.Matcher.MatchObjectSelector: the object or the old object has matching labels. */
function objectMatches(webhook: WebhookAccessor, request: WebhookRequest): boolean {
  const selector = orThrow(webhook.objectSelector());
  if (selector.empty) return true;
  const { object, oldObject } = request.attributes;
  const matches = (obj: Readonly<KubeObject> | undefined): boolean => obj?.metadata !== undefined && selector.matches(obj.metadata.labels);
  return matches(object) || matches(oldObject);
}

function orThrow<T>(value: T | StatusError): T {
  if (value instanceof Error) throw value;
  return value;
}
