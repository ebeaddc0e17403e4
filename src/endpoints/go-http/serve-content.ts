// Go's http.ServeContent for a body held in memory (net/http fs.go serveContent, Go 1.19): Last-Modified,
// the conditional requests, byte ranges, Accept-Ranges, and a Content-Type sniffed from the body when the
// handler set none. kube-openapi's /openapi/v2 handler answers through it in 1.25.
import { contentRange, multipartByteRanges, parseRange } from './byte-ranges.js';
import { checkPreconditions, type ConditionalHeaders } from './conditional.js';
import { formatHttpTime } from './http-time.js';

/** Response headers, as Go's http.Header would hold them (a name may have several values). */
export type GoHeaders = Record<string, string | string[]>;

/** An answer to write: status, headers and body (undefined: none, and none for HEAD either). */
export interface GoAnswer {
  code: number;
  headers: GoHeaders;
  body: Buffer | undefined;
}

/** What is served: the bytes, their ETag (as the handler set it) and when they last changed. */
export interface ServedBytes {
  body: Buffer;
  etag: string;
  lastModified: Date;
}

/**
 * The answer ServeContent gives `req` for `served`, the handler having set `headers` (its ETag and Vary among
 * them) and no Content-Type. A HEAD answer carries the headers of the GET answer and no body.
 */
export function serveContent(req: ConditionalHeaders, served: ServedBytes, headers: GoHeaders): GoAnswer {
  const out: GoHeaders = { ...headers, 'last-modified': formatHttpTime(served.lastModified) };
  const modifiedSeconds = Math.floor(served.lastModified.getTime() / 1000);
  const decided = checkPreconditions(req, served.etag, modifiedSeconds);
  if (decided.answer !== undefined) {
    // writeNotModified: no representation headers, and no Last-Modified beside an ETag.
    if (decided.answer === 304 && served.etag !== '') delete out['last-modified'];
    return { code: decided.answer, headers: out, body: undefined };
  }
  const size = served.body.length;
  const contentType = sniffContentType(served.body);
  out['content-type'] = contentType;
  const ranges = parseRange(decided.range, size);
  if (typeof ranges === 'string') {
    // http.Error's plain-text line.
    if (ranges === 'invalid range: failed to overlap') out['content-range'] = `bytes */${size}`;
    return { code: 416, headers: { ...out, 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }, body: Buffer.from(`${ranges}\n`) };
  }
  // Ranges together longer than the body are ignored (Go takes such a request for an attack).
  const honoured = ranges.reduce((sum, r) => sum + r.length, 0) > size ? [] : ranges;
  let code = 200;
  let body = served.body;
  if (honoured.length === 1) {
    const [range] = honoured as [(typeof honoured)[number]];
    code = 206;
    body = served.body.subarray(range.start, range.start + range.length);
    out['content-range'] = contentRange(range, size);
  } else if (honoured.length > 1) {
    code = 206;
    const multipart = multipartByteRanges(served.body, honoured, contentType);
    out['content-type'] = multipart.contentType;
    body = multipart.body;
  }
  out['accept-ranges'] = 'bytes';
  out['content-length'] = String(body.length);
  return { code, headers: out, body };
}

/** Go's sniffing length: DetectContentType reads at most the first 512 bytes. */
const SNIFF_LENGTH = 512;

/**
 * http.DetectContentType's answer for the documents served this way: text without binary bytes (Go's textSig)
 * is `text/plain; charset=utf-8`, anything else `application/octet-stream`. The other signatures Go knows (HTML,
 * images, archives, ...) cannot begin a JSON document or a gnostic protobuf message, so they are not checked.
 */
export function sniffContentType(body: Buffer): string {
  const end = Math.min(body.length, SNIFF_LENGTH);
  for (let i = 0; i < end; i++) {
    const b = body[i]!;
    if (b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f)) return 'application/octet-stream';
  }
  return 'text/plain; charset=utf-8';
}
