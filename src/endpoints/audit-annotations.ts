// A request's audit annotations (upstream audit.AddAuditAnnotation and the audit event's `annotations`),
// kept on the context and written with the request's audit events (filters/with-audit.ts). Most are recorded
// as they are added (`k8s.io/deprecated`, in `ctx.auditAnnotations`); authorization's (`authorization.k8s.io/decision` and `/reason`, upstream
// filters.WithAuthorization) are made from the decision kept on `ctx.authorization`, and only when read:
// an RBAC Allow's reason is text written on demand (docs/architecture.md §1), which a GET must not pay for
// while nothing reads it.
import type { RequestContext } from './context.js';

export const DECISION_ANNOTATION = 'authorization.k8s.io/decision';
export const REASON_ANNOTATION = 'authorization.k8s.io/reason';

/** The decision as WithAuthorization keeps it on the request (the reason may be written when read). */
export type RecordedAuthorization = NonNullable<RequestContext['authorization']>;

/**
 * upstream WithAuthorization: an Allow is `allow` with its reason (even beside an evaluation error, since
 * the decision is checked first); otherwise an evaluation error is only the reason `internal error` (the
 * request is a 500), and anything else `forbid` with the reason.
 */
export function authorizationAnnotations(result: RecordedAuthorization): Record<string, string> {
  if (result.decision === 'Allow') return { [DECISION_ANNOTATION]: 'allow', [REASON_ANNOTATION]: result.reason };
  if (result.error !== undefined) return { [REASON_ANNOTATION]: 'internal error' };
  return { [DECISION_ANNOTATION]: 'forbid', [REASON_ANNOTATION]: result.reason };
}

/**
 * Every audit annotation of the request, in the order they were added. Authorization's come first (its
 * filter runs before any handler); as upstream's audit context, a key keeps the first value it was given.
 */
export function auditAnnotationsOf(ctx: Pick<RequestContext, 'authorization' | 'auditAnnotations'>): Record<string, string> {
  const all: Record<string, string> = ctx.authorization ? authorizationAnnotations(ctx.authorization) : {};
  for (const [key, value] of Object.entries(ctx.auditAnnotations ?? {})) if (!(key in all)) all[key] = value;
  return all;
}
