// The one place responses are written: objects in the negotiated format, and every error as a Status.
import YAML from 'yaml';
import { StatusError, internalError, isStatusError, type Status } from '../errors/status-error.js';
import { isTrue } from './request-info.js';
import type { RequestContext } from './context.js';

function writeHead(ctx: RequestContext, code: number, contentType: string, length?: number): void {
  // Headers go in one object to writeHead: a setHeader beforehand sends Node down a slower merging path.
  const headers: Record<string, string | number | string[]> = { 'audit-id': ctx.auditId, 'content-type': contentType };
  // writeHead's values replace set ones: keep a route's own caching (immutable OpenAPI documents).
  if (!ctx.res.hasHeader('cache-control')) headers['cache-control'] = 'no-cache, private';
  if (length !== undefined) headers['content-length'] = length;
  if (ctx.warnings.length > 0) headers['warning'] = ctx.warnings.map((w) => `299 - ${JSON.stringify(w)}`);
  ctx.code = code;
  ctx.res.writeHead(code, headers);
}

/** Write the head of a response whose body follows in chunks (no content-length). */
export function writeHeadOnly(ctx: RequestContext, code: number, contentType: string): void {
  writeHead(ctx, code, contentType);
}

/** Write an already serialized body. */
export function writeRaw(ctx: RequestContext, code: number, contentType: string, body: string | Buffer): void {
  // A string body is not copied into a Buffer first: Node joins it to the head and sends both in one write.
  writeHead(ctx, code, contentType, typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : body);
}

/** Serialize `value` as JSON (indented with `?pretty=true`) or YAML. */
export function serialize(ctx: RequestContext, value: unknown, format: 'json' | 'yaml'): string {
  if (format === 'yaml') return YAML.stringify(value, { aliasDuplicateObjects: false, lineWidth: 0 });
  return isTrue(ctx.query.get('pretty')) ? JSON.stringify(value, null, 2) + '\n' : JSON.stringify(value);
}

export function writeObject(ctx: RequestContext, code: number, value: unknown, format: 'json' | 'yaml' = 'json'): void {
  writeRaw(ctx, code, format === 'yaml' ? 'application/yaml' : 'application/json', serialize(ctx, value, format));
}

/** Render any thrown value as a Status response; unknown errors become 500 InternalError. */
export function writeError(ctx: RequestContext, error: unknown): void {
  const statusError = toStatusError(error);
  if (ctx.res.headersSent) {
    ctx.res.end();
    return;
  }
  const retryAfter = statusError.status.details?.retryAfterSeconds;
  if (retryAfter !== undefined) ctx.res.setHeader('retry-after', String(retryAfter));
  writeObject(ctx, statusError.code, statusError.status);
}

export function toStatusError(error: unknown): StatusError {
  if (isStatusError(error)) return error;
  console.error('kplane: unexpected error:', error);
  return internalError(error instanceof Error ? error.message : String(error));
}

/** The Status of a successful delete (upstream details.kind is the resource; no code field). */
export function successStatus(details: Status['details']): Omit<Status, 'code'> {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', ...(details ? { details } : {}) };
}
