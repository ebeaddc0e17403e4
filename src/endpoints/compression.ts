// Response compression of API responses, as upstream 1.25's response writers do it (SerializeObject's
// deferredResponseWriter, the APIResponseCompression gate, beta and on by default): a serialized object, list,
// table or Status whose body is over 128 KiB goes out gzip-compressed when the request's Accept-Encoding names
// gzip. Watches, health, metrics and the OpenAPI documents do not come this way.
import { createGzip, gzip, type Gzip } from 'node:zlib';
import type { RequestContext } from './context.js';

/** Upstream defaultGzipThresholdBytes: a body must be larger than this to be compressed. */
export const GZIP_THRESHOLD_BYTES = 128 * 1024;

/**
 * Upstream defaultGzipContentEncodingLevel: 1 since the 1.25 patch releases (kubernetes #112299, cherry-picked
 * as #112398: large lists took too long at level 4, for 10-50% more bytes at level 1).
 */
const GZIP_LEVEL = 1;

/**
 * Upstream negotiateContentEncoding: the comma-separated tokens of Accept-Encoding, trimmed, one of them exactly
 * `gzip` (a token with parameters, `gzip;q=1`, does not count there, and `q=0` does not refuse it).
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  for (const token of acceptEncoding.split(',')) if (token.trim() === 'gzip') return true;
  return false;
}

/** Whether a request's large answers go out compressed: the gate is on and the client asks for gzip. */
export function acceptsCompression(ctx: Pick<RequestContext, 'responseCompression' | 'req'>): boolean {
  return ctx.responseCompression === true && acceptsGzip(ctx.req.headers['accept-encoding']);
}

/** The response headers of a compressed body (upstream sets Content-Encoding and adds `Vary: Accept-Encoding`). */
export function compressedHeaders(vary: string | undefined): Record<string, string | string[]> {
  return { 'content-encoding': 'gzip', vary: vary === undefined ? 'Accept-Encoding' : [vary, 'Accept-Encoding'] };
}

/** A whole body compressed off the event loop (zlib's work runs on libuv's thread pool), at the API's level by default. */
export function gzipBody(body: string | Buffer, level = GZIP_LEVEL): Promise<Buffer> {
  return new Promise((resolve, reject) => gzip(body, { level }, (error, out) => (error ? reject(error) : resolve(out))));
}

/** A compressing stream for a body written in chunks. */
export function gzipStream(): Gzip {
  return createGzip({ level: GZIP_LEVEL });
}
