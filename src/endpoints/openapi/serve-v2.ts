// /openapi/v2 as kube-openapi's handler serves it in 1.25 (pkg/handler of 2022): behind NYTimes' gziphandler,
// the form the Accept header negotiates (v2-negotiation.ts; 406 with no body when neither is acceptable), its
// ETag set unquoted, then Go's http.ServeContent (Last-Modified, conditional requests, byte ranges, and a
// Content-Type sniffed from the bytes, since that handler set none until 2023: `text/plain; charset=utf-8` for
// the JSON, `application/octet-stream` for the protobuf).
import { constants as zlib } from 'node:zlib';
import type { RequestContext } from '../context.js';
import { gzipBody } from '../compression.js';
import { gzipHandlerCompresses } from '../go-http/gzip-handler.js';
import { serveContent, type GoAnswer } from '../go-http/serve-content.js';
import { writeWithHeaders } from '../responses.js';
import type { ServedOpenApiV2 } from './cache.js';
import { negotiateOpenApiV2 } from './v2-negotiation.js';

/** gziphandler adds its Vary first, the handler its own after it: two values, as Go sends them. */
const VARY = ['Accept-Encoding', 'Accept'];

/** Whole documents compressed once each (the same bytes every time); ranges of them are compressed per request. */
const compressedDocuments = new WeakMap<Buffer, Promise<Buffer>>();

/** Answer a GET or HEAD of /openapi/v2 from the served document. */
export async function serveOpenApiV2(ctx: RequestContext, v2: ServedOpenApiV2): Promise<void> {
  const form = negotiateOpenApiV2(ctx.req.headers.accept);
  if (form === undefined) return writeWithHeaders(ctx, 406, { vary: VARY, 'content-length': '0' }, undefined);
  const { bytes, etag } = form === 'protobuf' ? v2.protobuf() : { bytes: v2.jsonBytes, etag: v2.etag };
  const headers = ctx.req.headers;
  const answer = serveContent(
    {
      method: ctx.req.method ?? 'GET',
      ifMatch: first(headers['if-match']),
      ifNoneMatch: first(headers['if-none-match']),
      ifModifiedSince: first(headers['if-modified-since']),
      ifUnmodifiedSince: first(headers['if-unmodified-since']),
      ifRange: first(headers['if-range']),
      range: first(headers.range),
    },
    { body: bytes, etag, lastModified: v2.lastModified },
    { vary: VARY, etag },
  );
  if (!gzipHandlerCompresses(headers['accept-encoding'], ctx.req.method ?? 'GET', answer)) return write(ctx, answer);
  const compressed = await compress(answer.body!, answer.body === bytes);
  // gziphandler drops the Content-Length ServeContent set: the compressed body goes out chunked.
  const { 'content-length': _length, ...rest } = answer.headers;
  write(ctx, { code: answer.code, headers: { ...rest, 'content-encoding': 'gzip' }, body: compressed });
}

/** Go's Header.Get: the first value. */
const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** A body at gzip's default level, as gziphandler writes it. */
function compress(body: Buffer, whole: boolean): Promise<Buffer> {
  if (!whole) return gzipBody(body, zlib.Z_DEFAULT_COMPRESSION);
  let compressed = compressedDocuments.get(body);
  if (!compressed) {
    compressed = gzipBody(body, zlib.Z_DEFAULT_COMPRESSION);
    compressedDocuments.set(body, compressed);
    // A failure is not kept: the next request tries again.
    compressed.catch(() => compressedDocuments.delete(body));
  }
  return compressed;
}

/** Go adds a Content-Length to a short body written whole (http.Error's 416 line). */
function write(ctx: RequestContext, answer: GoAnswer): void {
  const headers = answer.body !== undefined && answer.headers['content-length'] === undefined && answer.headers['content-encoding'] === undefined
    ? { ...answer.headers, 'content-length': String(answer.body.length) }
    : answer.headers;
  writeWithHeaders(ctx, answer.code, headers, answer.body);
}
