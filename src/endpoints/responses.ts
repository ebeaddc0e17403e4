// The one place responses are written: objects in the negotiated format, and every error as a Status.
import { recordResponseStatus } from './audit-capture.js';
import { StatusError, internalError, isStatusError, type Status } from '../errors/status-error.js';
import type { RequestContext } from './context.js';
import { acceptsProtobufFirst, type Representation } from './negotiation.js';
import { PROTOBUF_MEDIA_TYPE, encodeProtobufStatus } from '../schema/protobuf/index.js';
import { goOrderedStatus, statusJson } from './status-encoding.js';
import { yamlLibrary } from '../schema/yaml-library.js';
import { responseBatch } from './response-batch.js';
import { warningHeaderValues } from './warning-headers.js';
import { acceptsCompression, compressedHeaders, gzipBody, GZIP_THRESHOLD_BYTES } from './compression.js';
import { errorMessage } from '../errors/error-message.js';

const PROTOBUF_REPRESENTATION: Representation = { kind: 'object', format: 'protobuf' };

/** Headers a route adds to, or puts in place of, the standard ones (ETag, caching, Retry-After). */
export type ExtraHeaders = Readonly<Record<string, string>>;

// Every header goes in the one object writeHead gets: a setHeader beforehand sends Node down a slower
// merging path, measurable on short requests.
function writeHead(ctx: RequestContext, code: number, contentType: string, length?: number, extra?: Readonly<Record<string, string | string[]>>): void {
  const headers: Record<string, string | number | string[]> = { 'audit-id': ctx.auditId, 'cache-control': 'no-cache, private', 'content-type': contentType };
  if (extra) Object.assign(headers, extra);
  if (ctx.flowControl) addFlowControlHeaders(headers, ctx.flowControl);
  if (length !== undefined) headers['content-length'] = length;
  if (ctx.warnings.length > 0) headers['warning'] = warningHeaderValues(ctx.warnings);
  ctx.code = code;
  ctx.res.writeHead(code, headers);
}

/** Priority and fairness names the request's FlowSchema and priority level on every response (upstream's X-Kubernetes-PF-* headers). */
function addFlowControlHeaders(headers: Record<string, string | number | string[]>, flowControl: NonNullable<RequestContext['flowControl']>): void {
  headers['x-kubernetes-pf-flowschema-uid'] = flowControl.flowSchemaUid;
  headers['x-kubernetes-pf-prioritylevel-uid'] = flowControl.priorityLevelUid;
}

/** Write the head of a response whose body follows in chunks (no content-length). */
export function writeHeadOnly(ctx: RequestContext, code: number, contentType: string, extra?: Readonly<Record<string, string | string[]>>): void {
  writeHead(ctx, code, contentType, undefined, extra);
}

/** Write an already serialized body. */
export function writeRaw(ctx: RequestContext, code: number, contentType: string, body: string | Buffer, extra?: ExtraHeaders): void {
  // Already answered (a request timeout's 504): the handler's own answer is dropped.
  if (ctx.res.headersSent) return;
  // A string body is not copied into a Buffer first: Node joins it to the head and sends both in one write.
  const length = byteLength(body);
  writeHead(ctx, code, contentType, length, extra);
  const head = ctx.req.method === 'HEAD';
  ctx.responseBytes = head ? 0 : length;
  responseBatch.end(ctx, head ? undefined : body);
}

/**
 * Write a serialized API object, list, table or Status (upstream SerializeObject): gzip-compressed when it is
 * large and the client accepts gzip (compression.ts), which resolves once the compressed body is handed over.
 */
export function writeSerialized(ctx: RequestContext, code: number, contentType: string, body: string | Buffer, extra?: ExtraHeaders): void | Promise<void> {
  // The body's bytes are counted only for clients that ask for gzip (the bench's and most controllers' do not).
  if (!acceptsCompression(ctx) || byteLength(body) <= GZIP_THRESHOLD_BYTES) return writeRaw(ctx, code, contentType, body, extra);
  return writeCompressed(ctx, code, contentType, body, extra);
}

const byteLength = (body: string | Buffer): number => (typeof body === 'string' ? Buffer.byteLength(body) : body.length);

async function writeCompressed(ctx: RequestContext, code: number, contentType: string, body: string | Buffer, extra: ExtraHeaders | undefined): Promise<void> {
  let compressed: Buffer | undefined;
  try {
    if (ctx.req.method !== 'HEAD') compressed = await gzipBody(body);
  } catch (error) {
    // zlib fails only on its own faults (memory): nothing sensible can be sent.
    ctx.res.destroy(error instanceof Error ? error : undefined);
    return;
  }
  // Answered meanwhile (a request timeout's 504): this answer is dropped, as writeRaw drops it.
  if (ctx.res.headersSent) return;
  writeHead(ctx, code, contentType, undefined, { ...extra, ...compressedHeaders(extra?.['vary']) });
  ctx.responseBytes = compressed?.length ?? 0;
  responseBatch.end(ctx, compressed);
}

/** Go's http.Error: a plain-text line, where upstream answers outside its API machinery. */
export function writeGoHttpError(ctx: RequestContext, code: number, text: string, extra?: ExtraHeaders): void {
  writeRaw(ctx, code, 'text/plain; charset=utf-8', `${text}\n`, { 'X-Content-Type-Options': 'nosniff', ...extra });
}

/** Go's http.NotFound: what kube-apiserver's delegation chain ends with for paths nothing serves. */
export function writePageNotFound(ctx: RequestContext): void {
  writeGoHttpError(ctx, 404, '404 page not found');
}

/**
 * Whether JSON is indented (upstream negotiation isPrettyPrint): `pretty` read as strconv.ParseBool
 * (a value that does not parse is false), else by default for curl, Wget and browsers.
 */
export function isPrettyPrint(ctx: RequestContext): boolean {
  const pretty = ctx.query.get('pretty');
  if (pretty !== null && pretty !== '') return GO_TRUE.has(pretty);
  const agent = ctx.req.headers['user-agent'] ?? '';
  return agent.startsWith('curl') || agent.startsWith('Wget') || agent.startsWith('Mozilla/5.0');
}

/** The spellings strconv.ParseBool reads as true. */
const GO_TRUE = new Set(['1', 't', 'T', 'true', 'TRUE', 'True']);

/**
 * YAML as sigs.k8s.io/yaml writes it (go-yaml v2): strings a YAML 1.1 reader would take for something else
 * (`yes`, `on`, `n`, `~`, timestamps, `0x12`) are quoted, and sequences are not indented under their key.
 */
const GO_YAML = { version: '1.1', aliasDuplicateObjects: false, lineWidth: 0, indentSeq: false } as const;

/** Serialize `value` as JSON (indented when isPrettyPrint) or YAML. */
export function serialize(ctx: RequestContext, value: unknown, format: 'json' | 'yaml'): string {
  if (format === 'yaml') return yamlLibrary().stringify(value, GO_YAML);
  // Pretty output is json.MarshalIndent's, without json.Encoder's trailing newline.
  return isPrettyPrint(ctx) ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}

export function writeObject(ctx: RequestContext, code: number, value: unknown, format: 'json' | 'yaml' = 'json', extra?: ExtraHeaders): void | Promise<void> {
  return writeSerialized(ctx, code, format === 'yaml' ? 'application/yaml' : 'application/json', serialize(ctx, value, format), extra);
}

/**
 * A `Status` object (a delete's success, a binding's answer) in the negotiated representation: protobuf
 * when the client asked for it first, YAML or JSON otherwise.
 */
export function writeStatus(ctx: RequestContext, code: number, status: Readonly<Status> | Readonly<Omit<Status, 'code'>>, rep?: Representation, extra?: ExtraHeaders): void | Promise<void> {
  if (ctx.audit) recordResponseStatus(ctx, status, code);
  if (rep?.kind === 'object' && rep.format === 'protobuf') {
    const bytes = encodeProtobufStatus(status);
    return writeSerialized(ctx, code, PROTOBUF_MEDIA_TYPE, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), extra);
  }
  if (rep?.kind === 'object' && rep.format === 'yaml') return writeObject(ctx, code, goOrderedStatus(status), 'yaml', extra);
  if (isPrettyPrint(ctx)) return writeObject(ctx, code, goOrderedStatus(status), 'json', extra);
  return writeSerialized(ctx, code, 'application/json', statusJson(status), extra);
}

/** An answer without a body or content type: 204 (a connect subresource with nothing to stream), a bare 406. */
export function writeNoContent(ctx: RequestContext, code = 204, extra?: ExtraHeaders): void {
  writeWithHeaders(ctx, code, { ...extra }, undefined);
}

/**
 * An answer whose headers the route chose whole (a Go handler outside the API machinery, such as /openapi/v2's
 * http.ServeContent): only Audit-Id and the chain's default Cache-Control are added.
 */
export function writeWithHeaders(ctx: RequestContext, code: number, headers: Readonly<Record<string, string | string[]>>, body: Buffer | undefined): void {
  if (ctx.res.headersSent) return;
  ctx.code = code;
  const all: Record<string, string | string[]> = { 'audit-id': ctx.auditId, 'cache-control': 'no-cache, private', ...headers };
  if (ctx.flowControl) addFlowControlHeaders(all, ctx.flowControl);
  ctx.res.writeHead(code, all);
  const sent = ctx.req.method === 'HEAD' ? undefined : body;
  ctx.responseBytes = sent?.length ?? 0;
  responseBatch.end(ctx, sent);
}

/** Render any thrown value as a Status response; unknown errors become 500 InternalError. */
export function writeError(ctx: RequestContext, error: unknown): void {
  const statusError = toStatusError(error);
  if (ctx.res.headersSent) {
    // After the batch's end of this response, if it holds one (a no-op then).
    responseBatch.end(ctx, undefined);
    return;
  }
  // upstream ErrorNegotiated: Retry-After only for a positive delay.
  const retryAfter = statusError.status.details?.retryAfterSeconds ?? 0;
  const retry = retryAfter > 0 ? { 'retry-after': String(retryAfter) } : undefined;
  const extra = statusError.headers ? { ...statusError.headers, ...retry } : retry;
  // Errors of resource requests are encoded as the client asked (upstream negotiates the error's serializer).
  const protobuf = ctx.info.isResourceRequest && acceptsProtobufFirst(ctx.req.headers.accept);
  // A compressed error (a Status of many causes) completes later; its metrics are recorded when the response closes.
  void writeStatus(ctx, statusError.code, statusError.status, protobuf ? PROTOBUF_REPRESENTATION : undefined, extra);
}

export function toStatusError(error: unknown): StatusError {
  if (isStatusError(error)) return error;
  console.error('kplane: unexpected error:', error);
  return internalError(errorMessage(error));
}

/** The Status of a successful delete (upstream details.kind is the resource; no code field). */
export function successStatus(details: Status['details']): Omit<Status, 'code'> {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', ...(details ? { details } : {}) };
}
