// Byte ranges as Go's http.ServeContent serves them (net/http fs.go parseRange and the multipart/byteranges
// body of Go 1.19; RFC 7233): one range is a 206 with Content-Range, several a multipart body.
import { randomBytes } from 'node:crypto';
import { trimHttpSpace } from './conditional.js';

/** One satisfiable range of a body. */
export interface ByteRange {
  start: number;
  length: number;
}

/** Why a Range header is refused (http.Error's text, answered 416). */
export type RangeError = 'invalid range' | 'invalid range: failed to overlap';

const DECIMAL = /^[+-]?\d+$/;

/** strconv.ParseInt(s, 10, 64) where only non-negative results matter: undefined for what Go refuses. */
function parseGoInt(s: string): number | undefined {
  if (!DECIMAL.test(s)) return undefined;
  const n = Number(s);
  return Math.abs(n) < 2 ** 63 ? n : undefined;
}

/** Go's parseRange of a Range header against a body of `size` bytes; [] when there is no header. */
export function parseRange(header: string, size: number): ByteRange[] | RangeError {
  if (header === '') return [];
  if (!header.startsWith('bytes=')) return 'invalid range';
  const ranges: ByteRange[] = [];
  let noOverlap = false;
  for (const spec of header.slice('bytes='.length).split(',')) {
    const ra = trimHttpSpace(spec);
    if (ra === '') continue;
    const dash = ra.indexOf('-');
    if (dash < 0) return 'invalid range';
    const start = trimHttpSpace(ra.slice(0, dash));
    const end = trimHttpSpace(ra.slice(dash + 1));
    if (start === '') {
      // A suffix: the last `end` bytes.
      if (end === '' || end.startsWith('-')) return 'invalid range';
      const n = parseGoInt(end);
      if (n === undefined || n < 0) return 'invalid range';
      const from = size - Math.min(n, size);
      ranges.push({ start: from, length: size - from });
      continue;
    }
    const first = parseGoInt(start);
    if (first === undefined || first < 0) return 'invalid range';
    if (first >= size) {
      noOverlap = true;
      continue;
    }
    if (end === '') {
      ranges.push({ start: first, length: size - first });
      continue;
    }
    const last = parseGoInt(end);
    if (last === undefined || first > last) return 'invalid range';
    ranges.push({ start: first, length: Math.min(last, size - 1) - first + 1 });
  }
  if (noOverlap && ranges.length === 0) return 'invalid range: failed to overlap';
  return ranges;
}

/** A range's Content-Range value. */
export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.start + range.length - 1}/${size}`;
}

/**
 * The multipart/byteranges body of several ranges, as Go's multipart.Writer writes it (a random 60-hex-digit
 * boundary; each part's headers sorted by name), and its Content-Type.
 */
export function multipartByteRanges(body: Buffer, ranges: readonly ByteRange[], contentType: string): { contentType: string; body: Buffer } {
  const boundary = randomBytes(30).toString('hex');
  const chunks: Buffer[] = [];
  ranges.forEach((range, i) => {
    const head = `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Range: ${contentRange(range, body.length)}\r\nContent-Type: ${contentType}\r\n\r\n`;
    chunks.push(Buffer.from(head, 'latin1'), body.subarray(range.start, range.start + range.length));
  });
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'));
  return { contentType: `multipart/byteranges; boundary=${boundary}`, body: Buffer.concat(chunks) };
}
