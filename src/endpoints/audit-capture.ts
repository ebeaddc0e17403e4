// What the handlers add to a recorded request's audit event (upstream audit.LogRequestObject,
// LogRequestPatch, LogResponseObject): the decoded request object from level Request, the response object at
// RequestResponse, the Status answered at every level. A copy is taken at once, as upstream encodes at once:
// admission and the strategy change the object afterwards. Nothing is done for requests not recorded.
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Status } from '../errors/status-error.js';
import type { AuditAnnotator } from '../registry/store/types.js';
import type { RequestContext } from './context.js';

type WithMetadata = { metadata?: { managedFields?: unknown }; items?: unknown };

/** A copy for the event, without managedFields (a list's items' too) when the policy says so (upstream omitManagedFields). */
function snapshot(object: unknown, omitManagedFields: boolean): unknown {
  const copy = structuredClone(object) as WithMetadata;
  if (!omitManagedFields) return copy;
  const strip = (o: WithMetadata | undefined): void => {
    if (o?.metadata && typeof o.metadata === 'object') delete o.metadata.managedFields;
  };
  strip(copy);
  if (Array.isArray(copy.items)) for (const item of copy.items as WithMetadata[]) strip(item);
  return copy;
}

export function recordRequestObject(ctx: RequestContext, object: Readonly<KubeObject>): void {
  const audit = ctx.audit;
  if (!audit) return;
  const { namespace, name, uid, resourceVersion } = object.metadata ?? {};
  audit.object = { ...(namespace ? { namespace } : {}), ...(name ? { name } : {}), ...(uid ? { uid } : {}), ...(resourceVersion ? { resourceVersion } : {}) };
  if (audit.level !== 'Metadata') audit.requestObject = snapshot(object, audit.omitManagedFields);
}

/** A patch's body, as upstream logs it (JSON patches and merge patches are JSON). */
export function recordRequestPatch(ctx: RequestContext, patch: unknown): void {
  const audit = ctx.audit;
  if (audit && audit.level !== 'Metadata') audit.requestObject = structuredClone(patch);
}

export function recordResponseObject(ctx: RequestContext, object: Readonly<KubeObject>): void {
  const audit = ctx.audit;
  if (audit?.level === 'RequestResponse') audit.responseObject = snapshot(object, audit.omitManagedFields);
}

/** upstream LogResponseObject of a Status: its bounded fields; the object itself at RequestResponse. */
export function recordResponseStatus(ctx: RequestContext, status: Readonly<Status> | Readonly<Omit<Status, 'code'>>, code: number): void {
  const audit = ctx.audit;
  if (!audit) return;
  const { status: outcome, message, reason, details } = status;
  audit.responseStatus = { ...(outcome ? { status: outcome } : {}), ...(message ? { message } : {}), ...(reason ? { reason } : {}), ...(details ? { details } : {}), code };
  if (audit.level === 'RequestResponse') audit.responseObject = structuredClone(status);
}

const LEVELS = ['Metadata', 'Request', 'RequestResponse'] as const;

/** What a write passes on for admission to annotate the request's events with; nothing when it is not audited. */
export function auditAnnotatorOf(ctx: RequestContext): { auditAnnotations?: AuditAnnotator } {
  const audit = ctx.audit;
  if (!audit) return {};
  return {
    auditAnnotations: {
      level: audit.level,
      add(key, value, level = 'Metadata') {
        if (LEVELS.indexOf(audit.level) < LEVELS.indexOf(level)) return;
        const annotations = (ctx.auditAnnotations ??= {});
        if (!(key in annotations)) annotations[key] = value;
      },
    },
  };
}
