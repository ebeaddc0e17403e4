// Request metrics: apiserver_request_total and apiserver_request_duration_seconds by verb, resource and code.
import type { Filter, RequestContext } from '../endpoints/context.js';
import { isStatusError } from '../errors/status-error.js';
import type { ApiMetrics } from '../server/metrics.js';

/** Upstream reports the route's action: HTTP methods, with LIST, WATCH and DELETECOLLECTION for collections. */
const METRIC_VERBS: Record<string, string> = { create: 'POST', update: 'PUT', patch: 'PATCH', delete: 'DELETE', deletecollection: 'DELETECOLLECTION' };

function labelsOf(ctx: RequestContext) {
  const info = ctx.info;
  if (!info.isResourceRequest) return { verb: info.verb.toUpperCase(), group: '', version: '', resource: '', subresource: '', scope: '' };
  const scope = info.name ? 'resource' : info.namespace ? 'namespace' : 'cluster';
  return { verb: METRIC_VERBS[info.verb] ?? info.verb.toUpperCase(), group: info.apiGroup, version: info.apiVersion, resource: info.resource, subresource: info.subresource, scope };
}

export function withMetrics(next: Parameters<Filter>[0], metrics: ApiMetrics): ReturnType<Filter> {
  return async (ctx) => {
    const start = process.hrtime.bigint();
    // Errors are written by the recovery filter outside this one: take their code from the error.
    let code: number | undefined;
    try {
      await next(ctx);
    } catch (error) {
      code = isStatusError(error) ? error.code : 500;
      throw error;
    } finally {
      const labels = { ...labelsOf(ctx), component: 'apiserver' };
      const seconds = ctx.info.verb === 'watch' ? undefined : Number(process.hrtime.bigint() - start) / 1e9;
      metrics.requests.record(labels, String(code ?? ctx.code ?? ctx.res.statusCode), seconds);
    }
  };
}
