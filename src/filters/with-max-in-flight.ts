// In-flight limits (upstream WithMaxInFlightLimit, 1.25): at most `--max-requests-inflight` read-only and
// `--max-mutating-requests-inflight` mutating requests at once; long-running requests (watches, proxy,
// exec, ...) are not counted, and members of system:masters are always served. A request over the limit
// gets Go's http.Error 429 with `Retry-After: 1`, the plain-text answer upstream gives.
import type { Filter, RequestContext } from '../endpoints/context.js';
import { isLongRunningRequest, isReadOnlyRequest, type RequestInfo } from '../endpoints/request-info.js';
import { writeGoHttpError } from '../endpoints/responses.js';
import type { InflightRequests } from '../server/metrics.js';

/** The limits; 0 leaves that kind of request unlimited. */
export interface InflightLimits {
  readOnly: number;
  mutating: number;
}

const PRIVILEGED_GROUP = 'system:masters';

/** Where a refused request is counted (apiserver_request_terminations_total), besides its kind's dropped count. */
export type TerminationRecorder = (info: RequestInfo, code: number) => void;

export function withMaxInFlightLimit(
  next: Parameters<Filter>[0],
  limits: InflightLimits,
  counters: { readOnly: InflightRequests; mutating: InflightRequests },
  onTerminated?: TerminationRecorder,
): ReturnType<Filter> {
  if (limits.readOnly === 0 && limits.mutating === 0) return next;
  return async (ctx) => {
    if (isLongRunningRequest(ctx.info)) return next(ctx);
    const readOnly = isReadOnlyRequest(ctx.info);
    const limit = readOnly ? limits.readOnly : limits.mutating;
    if (limit === 0) return next(ctx);
    const counter = readOnly ? counters.readOnly : counters.mutating;
    if (counter.current >= limit) {
      // Over the limit a super-admin (or a loopback client) is still served, without taking a seat.
      if (isPrivileged(ctx)) return next(ctx);
      // upstream RecordDroppedRequest and RecordRequestTermination.
      counter.dropped++;
      onTerminated?.(ctx.info, 429);
      writeGoHttpError(ctx, 429, 'Too many requests, please try again later.', { 'Retry-After': '1' });
      return;
    }
    counter.enter();
    try {
      await next(ctx);
    } finally {
      counter.leave();
    }
  };
}

function isPrivileged(ctx: RequestContext): boolean {
  return ctx.user?.groups.includes(PRIVILEGED_GROUP) === true;
}
