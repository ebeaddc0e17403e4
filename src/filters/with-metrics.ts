// Request metrics (upstream InstrumentRouteFunc and RecordLongRunning): counts by code, latencies, response
// sizes of reads, and the gauge of open long-running requests (watches and connections to pods and nodes).
import type { Filter } from '../endpoints/context.js';
import { isLongRunningRequest, type RequestInfo } from '../endpoints/request-info.js';
import { isStatusError } from '../errors/status-error.js';
import type { ApiMetrics } from '../server/metrics.js';
import { dryRunLabel, recordOn } from '../server/request-metrics.js';

const APPLY_PATCH_TYPE = 'application/apply-patch+yaml';

export function withMetrics(next: Parameters<Filter>[0], metrics: ApiMetrics): ReturnType<Filter> {
  return async (ctx) => {
    const start = performance.now();
    // As upstream, nothing is allocated for the label unless the parameter is there.
    const dryRun = ctx.query.has('dryRun') ? dryRunLabel(ctx.query.getAll('dryRun')) : '';
    // upstream CleanVerb: a PATCH whose Content-Type is exactly the apply type is APPLY.
    const apply = ctx.info.verb === 'patch' && ctx.req.headers['content-type'] === APPLY_PATCH_TYPE;
    const series = metrics.requests.series(ctx.info, dryRun, apply);
    const longRunning = countsAsLongRunning(ctx.info);
    if (longRunning) series.longRunning = (series.longRunning ?? 0) + 1;
    // Errors are written by the recovery filter outside this one: take their code from the error, and the
    // size of their body once it is written.
    let code: number | undefined;
    try {
      await next(ctx);
    } catch (error) {
      code = isStatusError(error) ? error.code : 500;
      throw error;
    } finally {
      if (longRunning) series.longRunning!--;
      // Watches too: upstream's MonitorRequest observes every request when it ends.
      const seconds = (performance.now() - start) / 1000;
      if (code === undefined) recordOn(series, ctx.code ?? ctx.res.statusCode, seconds, ctx.responseBytes);
      else {
        const thrown = code;
        ctx.res.once('close', () => recordOn(series, thrown, seconds, ctx.responseBytes));
      }
    }
  };
}

/**
 * Upstream tracks watches and connect requests (exec, attach, port-forward, proxy) in
 * apiserver_longrunning_requests; logs are long-running for timeouts and limits but not in the gauge.
 */
function countsAsLongRunning(info: RequestInfo): boolean {
  return isLongRunningRequest(info) && !(info.isResourceRequest && info.subresource === 'log');
}
