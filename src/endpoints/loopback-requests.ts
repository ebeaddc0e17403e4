// The requests that came over the loopback (server/loopback.ts): the server's own controllers, whose
// connection never leaves the process. Marked by the loopback's listener, read where the loopback is
// answered differently (its private parameter: apis/meta/v1/omit-managed-fields.ts).
import { OMIT_MANAGED_FIELDS_PARAMETER } from '../apis/meta/v1/omit-managed-fields.js';
import type { RequestContext } from './context.js';

const loopbackRequests = new WeakSet<object>();

/** Marks `req` as the loopback's (its listener calls this before the filter chain). */
export function markLoopbackRequest(req: object): void {
  loopbackRequests.add(req);
}

/** True when a loopback client asked for objects' metadata without managedFields. */
export function omitsManagedFields(ctx: RequestContext): boolean {
  return loopbackRequests.has(ctx.req) && ctx.query.get(OMIT_MANAGED_FIELDS_PARAMETER) === 'true';
}
