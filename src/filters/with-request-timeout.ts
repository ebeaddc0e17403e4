// Request timeouts (upstream WithRequestDeadline and WithTimeoutForNonLongRunningRequests, 1.25): a request
// that is not long-running gets the `timeout` its client asked for (client-go sends kubectl's
// --request-timeout as `?timeout=30s`), capped by --request-timeout (default 60 s; 0 or more than the cap
// means the cap). When it runs out the client gets 504 `Timeout`, also when the storage backend stalls;
// the handler's own answer, if it ever comes, is dropped, as upstream lets its goroutine finish unheard.
import type { Filter, RequestContext } from '../endpoints/context.js';
import { isLongRunningRequest } from '../endpoints/request-info.js';
import { writeError } from '../endpoints/responses.js';
import { responseClosed } from '../endpoints/drain.js';
import { badRequest, timeout } from '../errors/status-error.js';
import { parseGoDuration } from '../schema/go-duration.js';
import { MAX_TIMEOUT_MS, startLongTimer } from '../endpoints/long-timer.js';

/** `onTimeout` learns of each request the filter answered with 504 (apiserver_request_terminations_total). */
export function withRequestTimeout(next: Parameters<Filter>[0], maximumMs: number, onTimeout?: (ctx: RequestContext) => void): ReturnType<Filter> {
  // A long --request-timeout (or `timeout`) must not overflow setTimeout into an immediate 504. Every
  // request's timeout is at most the cap, so with the usual cap a plain timer does, passed its arguments
  // rather than a closure: this runs on every request.
  if (maximumMs > MAX_TIMEOUT_MS) {
    return async (ctx) => {
      if (isLongRunningRequest(ctx.info)) return next(ctx);
      const ms = requestTimeoutMs(ctx.query.get('timeout'), maximumMs);
      ctx.deadline = Date.now() + ms;
      const timer = startLongTimer(ms, () => answerTimeout(ctx, onTimeout));
      try {
        await next(ctx);
      } finally {
        timer.clear();
      }
    };
  }
  return async (ctx) => {
    if (isLongRunningRequest(ctx.info)) return next(ctx);
    const ms = requestTimeoutMs(ctx.query.get('timeout'), maximumMs);
    ctx.deadline = Date.now() + ms;
    const timer = setTimeout(answerTimeout, ms, ctx, onTimeout);
    try {
      await next(ctx);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** upstream parseTimeout and the cap: a bad value is a 400 with upstream's message. */
export function requestTimeoutMs(value: string | null, maximumMs: number): number {
  if (value === null || value === '') return maximumMs;
  const parsed = parseGoDuration(value);
  if (!parsed.ok) throw badRequest(`invalid timeout specified in the request URL - ${parsed.message}`);
  const ms = Number(parsed.ns) / 1e6;
  return ms > 0 && ms < maximumMs ? ms : maximumMs;
}

function answerTimeout(ctx: RequestContext, onTimeout: ((ctx: RequestContext) => void) | undefined): void {
  // A body already begun (a list streaming to a slow client) cannot become a 504: as upstream's timeout
  // filter (errConnKilled), the exchange is cut, the HTTP/1 connection closed or the HTTP/2 stream reset.
  if (ctx.res.headersSent) {
    if (responseClosed(ctx.res)) return;
    onTimeout?.(ctx); // counted as a termination, as upstream counts it before killing the connection
    ctx.res.destroy(new Error('request timed out after its response began'));
    return;
  }
  onTimeout?.(ctx);
  // upstream NewTimeoutError(..., 0): no Retry-After, `details: {}`.
  writeError(ctx, timeout('Timeout: request did not complete within the allotted timeout', 0));
}
