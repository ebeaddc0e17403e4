// Auditing (k8s.io/apiserver pkg/endpoints/filters/audit.go, 1.25): a request the policy records at Metadata
// or above gets an event at each stage it reaches (RequestReceived; ResponseStarted for long-running requests,
// when their head is written; ResponseComplete; Panic), unless the rule omits that stage. It runs after
// authentication and before impersonation: `user` is who authenticated, `impersonatedUser` whom they act as.
import { isIP } from 'node:net';
import { isStatusError } from '../errors/status-error.js';
import type { Handler, RequestAudit, RequestContext } from '../endpoints/context.js';
import { auditAnnotationsOf } from '../endpoints/audit-annotations.js';
import { isLongRunningRequest } from '../endpoints/request-info.js';
import { auditUser, type AuditEvent, type AuditObjectReference } from '../audit/event.js';
import type { AuditBackend } from '../audit/log-backend.js';
import type { AuditPolicy, AuditStage } from '../audit/policy.js';
import { evaluateAuditPolicy } from '../audit/policy-evaluator.js';

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
    const emit = (stage: AuditStage): void => {
      if (config.omitStages.includes(stage)) return;
      event.stage = stage;
      if (stage !== 'RequestReceived') event.stageTimestamp = new Date();
      if (ctx.user !== authenticated && ctx.user) event.impersonatedUser = auditUser(ctx.user);
      complete(event, ctx, audit);
      deps.backend.process(event);
    };
    emit('RequestReceived');
    let started = false;
    if (isLongRunningRequest(ctx.info)) onHeadWritten(ctx, (code) => {
      started = true;
      event.responseStatus = { ...audit.responseStatus, code };
      emit('ResponseStarted');
    });
    try {
      await next(ctx);
    } catch (error) {
      // A StatusError is an answer, written once at the edge; anything else is what a Go panic is upstream.
      if (isStatusError(error)) {
        const { status, message, reason, details } = error.status;
        event.responseStatus = { ...(status ? { status } : {}), ...(message ? { message } : {}), ...(reason ? { reason } : {}), ...(details ? { details } : {}), code: error.code };
        emit('ResponseComplete');
      } else {
        event.responseStatus = { code: 500, status: 'Failure', reason: 'InternalError', message: `APIServer panic'd: ${error instanceof Error ? error.message : String(error)}` };
        emit('Panic');
      }
      throw error;
    }
    // Nothing written (the client went away first): upstream fakes a success.
    const closedEarly = ctx.code === undefined && !audit.responseStatus;
    if (closedEarly && !started && isLongRunningRequest(ctx.info)) {
      event.responseStatus = { code: 200, status: 'Success', message: 'Connection closed early' };
      emit('ResponseStarted');
    }
    event.responseStatus = closedEarly ? { code: 200, status: 'Success', message: 'Connection closed early' } : { ...audit.responseStatus, code: ctx.code ?? audit.responseStatus?.code ?? 200 };
    emit('ResponseComplete');
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

/** utilnet.SourceIPs: X-Forwarded-For's addresses, X-Real-Ip, then the connection's peer, each once. */
function sourceIPs(ctx: RequestContext): string[] {
  const ips: string[] = [];
  const add = (ip: string | undefined): void => {
    const value = ip?.trim();
    if (value && isIP(value) !== 0 && !ips.includes(value)) ips.push(value);
  };
  const forwarded = ctx.req.headers['x-forwarded-for'];
  for (const ip of (Array.isArray(forwarded) ? forwarded.join(',') : forwarded ?? '').split(',')) add(ip);
  const realIp = ctx.req.headers['x-real-ip'];
  add(Array.isArray(realIp) ? realIp[0] : realIp);
  add(ctx.req.socket?.remoteAddress?.replace(/^::ffff:/, ''));
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
