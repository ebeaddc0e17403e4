// The filter chain, in order, in one place (STYLE: upstream's DefaultBuildHandlerChain). Slots that
// later capabilities fill are named where they go.
import { randomUUID } from 'node:crypto';
import type { Authenticator } from '../auth/index.js';
import type { Handler, RequestContext } from '../endpoints/context.js';
import { parseRequestInfo } from '../endpoints/request-info.js';
import { withAuthentication } from '../filters/with-authentication.js';
import { withMetrics } from '../filters/with-metrics.js';
import { withPanicRecovery } from '../filters/with-panic-recovery.js';
import type { HttpRequest, HttpResponse } from './http-types.js';
import type { ApiMetrics } from './metrics.js';

export interface ChainDeps {
  authenticate: Authenticator;
  metrics: ApiMetrics;
  /** Aborted when the server stops: ends watches and other long requests. */
  shutdown: AbortSignal;
}

/**
 * panic recovery -> metrics -> (audit) -> authentication -> (impersonation) -> (flow control)
 * -> (authorization) -> routes. Request info is parsed once, when the context is made.
 */
export function buildHandlerChain(routes: Handler, deps: ChainDeps): (req: HttpRequest, res: HttpResponse) => void {
  let handler = routes;
  handler = withAuthentication(handler, deps.authenticate);
  handler = withMetrics(handler, deps.metrics);
  handler = withPanicRecovery(handler);
  return (req, res) => {
    const ctx = contextOf(req, res, deps.shutdown);
    void handler(ctx);
  };
}

function contextOf(req: HttpRequest, res: HttpResponse, shutdown: AbortSignal): RequestContext {
  const url = new URL(req.url ?? '/', 'https://kplane.invalid');
  const abort = new AbortController();
  const onEnd = (): void => abort.abort();
  res.once('close', onEnd);
  shutdown.addEventListener('abort', onEnd, { once: true });
  res.once('close', () => shutdown.removeEventListener('abort', onEnd));
  res.setHeader('audit-id', randomUUID());
  return { req, res, url, info: parseRequestInfo(req.method ?? 'GET', url.pathname, url.searchParams), signal: abort.signal, warnings: [] };
}
