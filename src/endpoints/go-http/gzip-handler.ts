// The gzip wrapper kube-openapi puts around /openapi/v2 in 1.25 (github.com/NYTimes/gziphandler 1.1.1 with its
// defaults): `Vary: Accept-Encoding` on every answer, and a body of at least 1,400 bytes gzip-compressed at
// the default level when the request's Accept-Encoding gives gzip a q-value above 0.
import { trimHttpSpace } from './conditional.js';
import type { GoAnswer } from './serve-content.js';

/** gziphandler.DefaultMinSize: smaller bodies go out as they are. */
export const GZIP_HANDLER_MIN_SIZE = 1400;

/**
 * gziphandler's acceptsGzip over parseEncodings: codings split on `,`, each lower-cased; a `q=` parameter sets
 * the q-value only when it is the coding's last parameter (parseCoding resets it for every parameter), and a
 * q-value that does not parse drops the coding; a later mention of a coding replaces an earlier one.
 */
export function gzipHandlerAccepts(acceptEncoding: string | undefined): boolean {
  const codings = new Map<string, number>();
  for (const item of (acceptEncoding ?? '').split(',')) {
    let coding = '';
    let q = 1;
    let failed = false;
    item.split(';').forEach((raw, n) => {
      const part = raw.trim();
      q = 1;
      if (n === 0) coding = part.toLowerCase();
      else if (part.startsWith('q=')) {
        const parsed = parseGoFloat(part.slice(2));
        if (parsed === undefined) failed = true;
        q = Math.min(Math.max(parsed ?? 0, 0), 1);
      }
    });
    if (coding !== '' && !failed) codings.set(coding, q);
  }
  return (codings.get('gzip') ?? 0) > 0;
}

/**
 * strconv.ParseFloat(s, 64) for decimal literals, infinities and NaN; undefined where Go returns an error (a
 * syntax error, or a literal past float64's range). Go's hexadecimal floats are taken for errors here.
 */
function parseGoFloat(s: string): number | undefined {
  if (/^[+-]?(inf|infinity)$/i.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(s)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return undefined;
  const value = Number(s);
  return Number.isFinite(value) ? value : undefined;
}

/** Whether gziphandler compresses this answer: a body is written and its Content-Length (or length) reaches the minimum. */
export function gzipHandlerCompresses(acceptEncoding: string | undefined, method: string, answer: GoAnswer): boolean {
  if (method === 'HEAD' || answer.body === undefined || answer.body.length === 0) return false;
  const declared = answer.headers['content-length'];
  const length = typeof declared === 'string' ? Number(trimHttpSpace(declared)) : answer.body.length;
  return length >= GZIP_HANDLER_MIN_SIZE && gzipHandlerAccepts(acceptEncoding);
}
