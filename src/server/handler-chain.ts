// The filter chain, in order, in one place (STYLE: upstream's DefaultBuildHandlerChain). Slots that
// later capabilities fill are named where they go.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Authenticator } from '../auth/index.js';
import type { Authorizer } from '../authorization/authorizer.js';
import type { Handler, RequestContext } from '../endpoints/context.js';
import { responseBatch } from '../endpoints/response-batch.js';
import { parseRequestInfo, splitRequestTarget, type RequestInfo } from '../endpoints/request-info.js';
import type { UserInfo } from '../auth/user-info.js';
import { withAudit, withFailedAuthenticationAudit, type AuditDeps } from '../filters/with-audit.js';
import { withAuthentication } from '../filters/with-authentication.js';
import { withAuthorization } from '../filters/with-authorization.js';
import { withImpersonation } from '../filters/with-impersonation.js';
import { withMaxInFlightLimit, type InflightLimits } from '../filters/with-max-in-flight.js';
import { withPriorityAndFairness, type PriorityAndFairnessDeps } from '../filters/with-priority-and-fairness.js';
import { withMetrics } from '../filters/with-metrics.js';
import { withPanicRecovery } from '../filters/with-panic-recovery.js';
import { withRequestTimeout } from '../filters/with-request-timeout.js';
import { withHSTS } from '../filters/with-hsts.js';
import { withCORS } from '../filters/with-cors.js';
import { withProbabilisticGoaway } from '../filters/with-probabilistic-goaway.js';
import type { HttpRequest, HttpResponse } from './http-types.js';
import { responseClosed } from '../endpoints/drain.js';
import type { ApiMetrics } from './metrics.js';

export interface ChainDeps {
  authenticate: Authenticator;
  authorizer: Authorizer;
  /** `--max-requests-inflight` and `--max-mutating-requests-inflight`, when priority and fairness is off. */
  inflightLimits: InflightLimits;
  /** `--audit-policy-file` and the log the events go to, when auditing is on. */
  audit?: AuditDeps;
  /** API Priority and Fairness, which takes the place of the in-flight limits when on. */
  flowControl?: PriorityAndFairnessDeps;
  /** `--request-timeout`: the longest a request that is not long-running may take. */
  requestTimeoutMs: number;
  /** `--min-request-timeout`: watches without `timeoutSeconds` end after [this, 2×this). */
  minRequestTimeoutSeconds: number;
  metrics: ApiMetrics;
  /** Aborted when the server stops: ends watches and other long requests. */
  shutdown: AbortSignal;
  /** The APIResponseCompression gate (default on, as in 1.25). */
  responseCompression?: boolean;
  /** `--strict-transport-security-directives`: the Strict-Transport-Security header of every response, when given. */
  hstsDirectives?: readonly string[];
  /** `--goaway-chance`: the fraction of HTTP/2 requests whose connection is sent GOAWAY (0: none). */
  goawayChance?: number;
  /** `--cors-allowed-origins`, compiled (filters/with-cors.ts): the origins given CORS headers (none: no CORS). */
  corsAllowedOrigins?: readonly RegExp[];
}

/**
 * panic recovery -> metrics -> HSTS -> GOAWAY chance -> request timeout -> CORS -> authentication -> audit -> impersonation -> priority and fairness
 * (or max in flight) -> authorization -> routes. Request info is parsed once, when the context is made.
 */
export function buildHandlerChain(routes: Handler, deps: ChainDeps): (req: HttpRequest, res: HttpResponse) => void {
  // Every open watch listens for shutdown: no listener limit on this signal.
  setMaxListeners(0, deps.shutdown);
  let handler = routes;
  handler = withAuthorization(handler, deps.authorizer);
  const { requests } = deps.metrics;
  handler = deps.flowControl
    ? withPriorityAndFairness(handler, deps.flowControl)
    : withMaxInFlightLimit(handler, deps.inflightLimits, deps.metrics.inflight, (info, code) => requests.recordTermination(info, code));
  handler = withImpersonation(handler, deps.authorizer);
  if (deps.audit) handler = withAudit(handler, deps.audit);
  handler = withAuthentication(handler, deps.authenticate);
  if (deps.audit) handler = withFailedAuthenticationAudit(handler, deps.audit);
  handler = withCORS(handler, deps.corsAllowedOrigins ?? []);
  handler = withRequestTimeout(handler, deps.requestTimeoutMs, (ctx) => requests.recordTermination(ctx.info, 504));
  handler = withProbabilisticGoaway(handler, deps.goawayChance ?? 0);
  handler = withHSTS(handler, deps.hstsDirectives ?? []);
  handler = withMetrics(handler, deps.metrics);
  handler = withPanicRecovery(handler);
  return (req, res) => {
    const target = splitRequestTarget(req.url ?? '/');
    if (target.malformed) return badRequestLine(req, res);
    const ctx = contextOf(req, res, target.path, target.query, deps);
    responseBatch.requestStarted();
    void handler(ctx);
  };
}

function contextOf(req: HttpRequest, res: HttpResponse, path: string, query: URLSearchParams, deps: ChainDeps): RequestContext {
  return new Context(req, res, path, query, parseRequestInfo(req.method ?? 'GET', path, query), deps.shutdown, deps.minRequestTimeoutSeconds, deps.responseCompression ?? true);
}

/** Go's net/http answer to a request line whose URL does not parse (a bad `%` escape): plain text, then close. */
function badRequestLine(req: HttpRequest, res: HttpResponse): void {
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
  if (req.httpVersionMajor === 1) headers['connection'] = 'close';
  res.writeHead(400, headers);
  res.end('400 Bad Request');
}

/**
 * One request's context. A class, not an object literal, because of the lazy `signal`: a getter in an
 * object literal is a new closure per request, and V8 then gives every context a hidden class of its own,
 * allocated outside the young generation; measured, that alone made every request's objects outlive the
 * young-generation collections (~2 MB promoted per scavenge) and cost a third of GET throughput.
 */
class Context implements RequestContext {
  readonly auditId = randomUUID();
  readonly warnings: string[] = [];
  user: UserInfo | undefined = undefined;
  authorization: RequestContext['authorization'] = undefined;
  code: number | undefined = undefined;
  responseBytes: number | undefined = undefined;
  auditAnnotations: Record<string, string> | undefined = undefined;
  flowControl: RequestContext['flowControl'] = undefined;
  audit: RequestContext['audit'] = undefined;
  watchInitialized: (() => void) | undefined = undefined;
  #abort: AbortController | undefined;

  constructor(
    readonly req: HttpRequest,
    readonly res: HttpResponse,
    readonly path: string,
    readonly query: URLSearchParams,
    readonly info: RequestInfo,
    private readonly shutdown: AbortSignal,
    readonly minRequestTimeoutSeconds: number,
    readonly responseCompression: boolean,
  ) {}

  // Made on first use: only long requests (watches) need it, and an AbortController per request
  // (aborted, with its DOMException, at every response close) costs more than a short GET itself.
  get signal(): AbortSignal {
    this.#abort ??= requestAbort(this.res, this.shutdown);
    return this.#abort.signal;
  }
}

/** Aborts when the response closes (client gone or finished) or the server shuts down. */
function requestAbort(res: HttpResponse, shutdown: AbortSignal): AbortController {
  const abort = new AbortController();
  if (shutdown.aborted || responseClosed(res)) {
    abort.abort();
    return abort;
  }
  const onEnd = (): void => abort.abort();
  res.once('close', onEnd);
  shutdown.addEventListener('abort', onEnd, { once: true });
  res.once('close', () => shutdown.removeEventListener('abort', onEnd));
  return abort;
}
