// Request metrics: apiserver_request_total and apiserver_request_duration_seconds by verb, resource and code.
import type { Filter } from '../endpoints/context.js';
import { isStatusError } from '../errors/status-error.js';
import type { ApiMetrics } from '../server/metrics.js';

export function withMetrics(next: Parameters<Filter>[0], metrics: ApiMetrics): ReturnType<Filter> {
  return async (ctx) => {
    const start = performance.now();
    // Errors are written by the recovery filter outside this one: take their code from the error.
    let code: number | undefined;
    try {
      await next(ctx);
    } catch (error) {
      code = isStatusError(error) ? error.code : 500;
      throw error;
    } finally {
      const seconds = ctx.info.verb === 'watch' ? undefined : (performance.now() - start) / 1000;
      metrics.requests.record(ctx.info, code ?? ctx.code ?? ctx.res.statusCode, seconds);
    }
  };
}
