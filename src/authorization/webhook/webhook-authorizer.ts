// The Webhook mode (upstream k8s.io/apiserver plugin/pkg/authorizer/webhook): each request's attributes
// are POSTed to a remote service as a SubjectAccessReview (`authorization.k8s.io/v1beta1` by default, or
// v1) and its `status` decides: `denied` is Deny, `allowed` is Allow, neither is no opinion (with the
// status' reason); both is Deny with an error. A failed call is no opinion with the error, so the next
// mode is asked (upstream fails open). Answers are cached by the review's spec: allowed ones for the
// authorized TTL, others for the unauthorized TTL; requests with very long attributes are not cached.
import type { UserInfo } from '../../auth/user-info.js';
import { defaultRetryBackoff, postReview, reviewRecord, type RetryBackoff, type ReviewKind, type WebhookClient } from '../../auth/authenticators/webhook-client.js';
import type { AuthorizationAttributes, AuthorizationModule, AuthorizationResult, MaybePromise, RulesResult } from '../authorizer.js';
import { ExpiringLruCache } from './decision-cache.js';
import { errorMessage } from '../../errors/error-message.js';

export type WebhookVersion = 'v1' | 'v1beta1';
export const webhookVersions: readonly WebhookVersion[] = ['v1', 'v1beta1'];

export interface WebhookAuthorizerOptions {
  readonly client: WebhookClient;
  /** `--authorization-webhook-version`. */
  readonly version: WebhookVersion;
  /** `--authorization-webhook-cache-authorized-ttl` (default 5 minutes). */
  readonly authorizedTtlMs?: number;
  /** `--authorization-webhook-cache-unauthorized-ttl` (default 30 s). */
  readonly unauthorizedTtlMs?: number;
  readonly retry?: RetryBackoff;
  /** Clock of the cache, for tests. */
  readonly now?: () => number;
}

/** The fields of a SubjectAccessReview's status the authorizer reads. */
interface ReviewStatus {
  readonly allowed: boolean;
  readonly denied: boolean;
  readonly reason: string;
}

/** upstream's cache size and the longest requester-controlled attributes still cached (a DoS guard). */
const CACHE_CAPACITY = 8192;
const MAX_CACHED_ATTRIBUTES_LENGTH = 10_000;
/** upstream's RulesFor: nothing listed, incomplete, with an evaluation error. */
const rulesUnsupported = (): RulesResult => ({
  resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'webhook authorizer does not support user rule resolution',
});

/** The Webhook mode over `options.client`. */
export function webhookAuthorizer(options: WebhookAuthorizerOptions): AuthorizationModule {
  const cache = new ExpiringLruCache<ReviewStatus>(CACHE_CAPACITY, options.now);
  const authorizedTtl = options.authorizedTtlMs ?? 5 * 60_000;
  const unauthorizedTtl = options.unauthorizedTtlMs ?? 30_000;
  const ask = async (attributes: AuthorizationAttributes, key: string): Promise<AuthorizationResult> => {
    let status: ReviewStatus;
    try {
      status = statusOf(await postReview(options.client, reviewOf(attributes, options.version), options.retry ?? defaultRetryBackoff));
    } catch (error) {
      return { decision: 'NoOpinion', reason: '', error: errorMessage(error) };
    }
    if (shouldCache(attributes)) cache.add(key, status, status.allowed ? authorizedTtl : unauthorizedTtl);
    return decisionOf(status);
  };
  return {
    authorize(attributes): MaybePromise<AuthorizationResult> {
      // The cache key is the v1 spec as upstream marshals it, whichever version goes on the wire.
      const key = JSON.stringify(specOf(attributes, 'v1'));
      const cached = cache.get(key);
      return cached ? decisionOf(cached) : ask(attributes, key);
    },
    rulesFor: rulesUnsupported,
  };
}

function decisionOf(status: ReviewStatus): AuthorizationResult {
  if (status.denied && status.allowed) {
    return { decision: 'Deny', reason: status.reason, error: 'webhook subject access review returned both allow and deny response' };
  }
  if (status.denied) return { decision: 'Deny', reason: status.reason };
  return { decision: status.allowed ? 'Allow' : 'NoOpinion', reason: status.reason };
}

/** The review sent: Go's field order, an empty status as upstream's client serializes it. */
export function reviewOf(attributes: AuthorizationAttributes, version: WebhookVersion): ReviewKind & Record<string, unknown> {
  return {
    kind: 'SubjectAccessReview',
    apiVersion: `authorization.k8s.io/${version}`,
    metadata: { creationTimestamp: null },
    spec: specOf(attributes, version),
    status: { allowed: false },
  };
}

/** SubjectAccessReviewSpec with Go's omitempty: v1beta1 names the groups `group`. */
export function specOf(attributes: AuthorizationAttributes, version: WebhookVersion): Record<string, unknown> {
  const { user } = attributes;
  const spec: Record<string, unknown> = attributes.isResourceRequest
    ? { resourceAttributes: nonEmpty({
      namespace: attributes.namespace, verb: attributes.verb, group: attributes.apiGroup, version: attributes.apiVersion,
      resource: attributes.resource, subresource: attributes.subresource, name: attributes.name,
    }) }
    : { nonResourceAttributes: nonEmpty({ path: attributes.path, verb: attributes.verb }) };
  if (user.name) spec['user'] = user.name;
  if (user.groups.length > 0) spec[version === 'v1' ? 'groups' : 'group'] = [...user.groups];
  const extra = extraOf(user);
  if (extra) spec['extra'] = extra;
  if (user.uid) spec['uid'] = user.uid;
  return spec;
}

/** The user's extra, keys sorted as Go marshals a map; none when empty. */
function extraOf(user: UserInfo): Record<string, string[]> | undefined {
  const keys = Object.keys(user.extra ?? {}).sort();
  if (keys.length === 0) return undefined;
  return Object.fromEntries(keys.map((key) => [key, [...(user.extra?.[key] ?? [])]]));
}

function nonEmpty(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}

/** The status of the review answered; `evaluationError` is informational, as upstream's authorizer ignores it. */
function statusOf(review: Record<string, unknown>): ReviewStatus {
  const status = reviewRecord(review['status']);
  return {
    allowed: status['allowed'] === true,
    denied: status['denied'] === true,
    reason: typeof status['reason'] === 'string' ? status['reason'] : '',
  };
}

function shouldCache(a: AuthorizationAttributes): boolean {
  const length = a.namespace.length + a.verb.length + a.apiGroup.length + a.apiVersion.length + a.resource.length + a.subresource.length + a.name.length + a.path.length;
  return length < MAX_CACHED_ATTRIBUTES_LENGTH;
}
