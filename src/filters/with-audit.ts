// Auditing (k8s.io/apiserver pkg/endpoints/filters/audit.go, 1.25): a request the policy records at Metadata
// or above gets an event at each stage it reaches (RequestReceived; ResponseStarted for long-running requests,
// when their head is written; ResponseComplete; Panic), unless the rule omits that stage. It runs after
// authentication and before impersonation: `user` is who authenticated, `impersonatedUser` whom they act as.
import { isIP } from 'node:net';
import { isStatusError } from '../errors/status-error.js';
import type { Handler, RequestAudit, RequestContext } from '../endpoints/context.js';
import { auditAnnotationsOf } from '../endpoints/audit-annotations.js';
import { recordResponseStatus } from '../endpoints/audit-capture.js';
import { writeGoHttpError } from '../endpoints/responses.js';
import { isLongRunningRequest } from '../endpoints/request-info.js';
import { auditUser, type AuditEvent, type AuditObjectReference } from '../audit/event.js';
import type { AuditBackend } from '../audit/log-backend.js';
import type { AuditPolicy, AuditStage } from '../audit/policy.js';
import { evaluateAuditPolicy } from '../audit/policy-evaluator.js';
import { errorMessage } from '../errors/error-message.js';

export interface AuditDeps {
  policy: AuditPolicy;
  backend: AuditBackend;
}

/** upstream maxUserAgentLength and its suffix. */
const MAX_USER_AGENT = 1024;
const TRUNCATED = '...TRUNCATED';

export function withAudit(next: Handler, deps: AuditDeps): Handler {
  return async (ctx) => {
    const config = evaluateAuditPolicy(deps.policy, ctx.info, ctx.user);
    if (config.level === 'None' || !ctx.user) return next(ctx);
    const audit: RequestAudit = { level: config.level, omitManagedFields: config.omitManagedFields };
    ctx.audit = audit;
    const authenticated = ctx.user;
    const received = new Date();
    const event: AuditEvent = {
      level: config.level, auditID: ctx.auditId, stage: 'RequestReceived', requestURI: ctx.req.url ?? '/', verb: ctx.info.verb,
      user: auditUser(authenticated), sourceIPs: sourceIPs(ctx), userAgent: userAgent(ctx), ...objectRef(ctx),
      requestReceivedTimestamp: received, stageTimestamp: received,
    };
    const emit = (stage: AuditStage): boolean | Promise<boolean> => {
      if (config.omitStages.includes(stage)) return true;
      event.stage = stage;
      if (stage !== 'RequestReceived') event.stageTimestamp = new Date();
      if (ctx.user !== authenticated && ctx.user) event.impersonatedUser = auditUser(ctx.user);
      complete(event, ctx, audit);
      return deps.backend.process(event);
    };
    // Only blocking-strict refuses a request whose first event could not be stored (upstream's InternalError text).
    const stored = emit('RequestReceived');
    if (!(stored === true || (stored !== false && (await stored))) && deps.backend.strict) {
      writeGoHttpError(ctx, 500, `Internal Server Error: ${JSON.stringify(ctx.req.url ?? '/').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}: failed to store audit event`);
      return;
    }
    let started = false;
    if (isLongRunningRequest(ctx.info)) onHeadWritten(ctx, (code) => {
      started = true;
      event.responseStatus = { ...audit.responseStatus, code };
      void emit('ResponseStarted');
    });
    try {
      await next(ctx);
    } catch (error) {
      // A StatusError is an answer, written once at the edge; anything else is what a Go panic is upstream.
      if (isStatusError(error)) {
        // Written later, at the edge: recorded now, as upstream's error writer records it (the object too at RequestResponse).
        recordResponseStatus(ctx, error.status, error.code);
        event.responseStatus = { ...audit.responseStatus, code: error.code };
        await emit('ResponseComplete');
      } else {
        event.responseStatus = { code: 500, status: 'Failure', reason: 'InternalError', message: `APIServer panic'd: ${errorMessage(error)}` };
        await emit('Panic');
      }
      throw error;
    }
    // Nothing written (the client went away first): upstream fakes a success.
    const closedEarly = ctx.code === undefined && !audit.responseStatus;
    if (closedEarly && !started && isLongRunningRequest(ctx.info)) {
      event.responseStatus = { code: 200, status: 'Success', message: 'Connection closed early' };
      await emit('ResponseStarted');
    }
    event.responseStatus = closedEarly ? { code: 200, status: 'Success', message: 'Connection closed early' } : { ...audit.responseStatus, code: ctx.code ?? audit.responseStatus?.code ?? 200 };
    await emit('ResponseComplete');
  };
}

/** What the handlers added since the last stage: the object's own reference fields, the objects, annotations. */
function complete(event: AuditEvent, ctx: RequestContext, audit: RequestAudit): void {
  if (event.objectRef && audit.object) {
    const ref = event.objectRef;
    for (const key of ['namespace', 'name', 'uid', 'resourceVersion'] as const) if (!ref[key] && audit.object[key]) ref[key] = audit.object[key];
  }
  if (audit.requestObject !== undefined) event.requestObject = audit.requestObject;
  if (audit.responseObject !== undefined) event.responseObject = audit.responseObject;
  const annotations = auditAnnotationsOf(ctx);
  if (Object.keys(annotations).length > 0) event.annotations = annotations;
}

function objectRef(ctx: RequestContext): { objectRef?: AuditObjectReference } {
  const info = ctx.info;
  if (!info.isResourceRequest) return {};
  return { objectRef: { resource: info.resource, namespace: info.namespace, name: info.name, apiGroup: info.apiGroup, apiVersion: info.apiVersion, subresource: info.subresource } };
}

/**
 * utilnet.SourceIPs: every valid address of the first X-Forwarded-For header, X-Real-Ip unless already among
 * them, then the connection's peer unless it is the last one.
 */
function sourceIPs(ctx: RequestContext): string[] {
  const first = (value: string | string[] | undefined): string => (Array.isArray(value) ? value[0] ?? '' : value ?? '');
  const ips = first(ctx.req.headers['x-forwarded-for']).split(',').map((ip) => ip.trim()).filter((ip) => isIP(ip) !== 0);
  const realIp = first(ctx.req.headers['x-real-ip']).trim();
  if (isIP(realIp) !== 0 && !ips.includes(realIp)) ips.push(realIp);
  const remote = ctx.req.socket?.remoteAddress?.replace(/^::ffff:/, '');
  if (remote && isIP(remote) !== 0 && ips.at(-1) !== remote) ips.push(remote);
  return ips;
}

function userAgent(ctx: RequestContext): string {
  const agent = ctx.req.headers['user-agent'] ?? '';
  return agent.length > MAX_USER_AGENT ? agent.slice(0, MAX_USER_AGENT) + TRUNCATED : agent;
}

/** Calls `onStart` with the status code when the response head is written (upstream's decorated ResponseWriter). */
function onHeadWritten(ctx: RequestContext, onStart: (code: number) => void): void {
  const res = ctx.res as unknown as { writeHead: (...args: unknown[]) => unknown };
  const writeHead = res.writeHead;
  res.writeHead = function (this: unknown, ...args: unknown[]): unknown {
    res.writeHead = writeHead;
    const result = writeHead.apply(this, args);
    onStart(typeof args[0] === 'number' ? args[0] : 200);
    return result;
  };
}

/**
 * upstream WithFailedAuthenticationAudit, around authentication: a request refused with 401 is recorded, if the
 * policy (read without a user) records it, as one ResponseStarted event naming the methods it tried.
 */
export function withFailedAuthenticationAudit(next: Handler, deps: AuditDeps): Handler {
  return async (ctx) => {
    try {
      await next(ctx);
    } catch (error) {
      if (!ctx.user && isStatusError(error) && error.code === 401) recordFailedAuthentication(ctx, deps);
      throw error;
    }
  };
}

function recordFailedAuthentication(ctx: RequestContext, deps: AuditDeps): void {
  const config = evaluateAuditPolicy(deps.policy, ctx.info, undefined);
  if (config.level === 'None' || config.omitStages.includes('ResponseStarted')) return;
  const now = new Date();
  void deps.backend.process({
    level: config.level, auditID: ctx.auditId, stage: 'ResponseStarted', requestURI: ctx.req.url ?? '/', verb: ctx.info.verb,
    user: {}, sourceIPs: sourceIPs(ctx), userAgent: userAgent(ctx), ...objectRef(ctx),
    responseStatus: { message: authMethods(ctx), code: 401 }, requestReceivedTimestamp: now, stageTimestamp: now,
  });
}

/** upstream getAuthMethods: what the request tried. */
function authMethods(ctx: RequestContext): string {
  const methods: string[] = [];
  const authorization = (ctx.req.headers.authorization ?? '').trim();
  if (/^basic /i.test(authorization)) methods.push('basic');
  const parts = authorization.split(' ');
  if (parts.length > 1 && parts[0]!.toLowerCase() === 'bearer') methods.push('bearer');
  if ((ctx.query.get('access_token') ?? '').trim()) methods.push('access_token');
  const socket = ctx.req.socket as { getPeerCertificate?: () => { raw?: Buffer } | null };
  if (socket.getPeerCertificate?.()?.raw) methods.push('x509');
  return methods.length > 0 ? `Authentication failed, attempted: ${methods.join(', ')}` : 'Authentication failed, no credentials provided';
}
