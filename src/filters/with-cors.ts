// upstream WithCORS (`--cors-allowed-origins`): a request whose Origin matches one of the patterns (regular
// expressions, unanchored, as regexp.MatchString; JavaScript's dialect stands in for Go's RE2, see corsOriginPatterns) gets the CORS headers, and a preflight OPTIONS of such an origin is
// answered 204 at once, before authentication (the chain places it between the timeout and authentication).
// Requests without Origin, or from other origins, pass untouched. Without patterns the chain has no such filter.
import type { Handler } from '../endpoints/context.js';
import { writeWithHeaders } from '../endpoints/responses.js';

/** upstream's defaults for allowedMethods, allowedHeaders and exposedHeaders; credentials allowed ("true"). */
const CORS_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Methods', 'POST, GET, OPTIONS, PUT, DELETE, PATCH'],
  ['Access-Control-Allow-Headers', 'Content-Type, Content-Length, Accept-Encoding, X-CSRF-Token, Authorization, X-Requested-With, If-Modified-Since'],
  ['Access-Control-Expose-Headers', 'Date'],
  ['Access-Control-Allow-Credentials', 'true'],
];

/**
 * The patterns compiled; one that does not compile stops the start with upstream's words (klog.Fatalf in
 * allowedOriginRegexps). A leading `(?i)`, Go's case-insensitive flag, becomes the `i` flag; other RE2-only syntax
 * (`\A`, `\z`, POSIX classes, inline flags elsewhere) is not translated, and the parse error is JavaScript's.
 */
export function corsOriginPatterns(patterns: readonly string[]): RegExp[] {
  return patterns.map((pattern) => {
    const insensitive = pattern.startsWith('(?i)');
    try {
      return new RegExp(insensitive ? pattern.slice(4) : pattern, insensitive ? 'i' : '');
    } catch (error) {
      throw new Error(`Invalid CORS allowed origin, --cors-allowed-origins flag was set to ${patterns.join(',')} - error parsing regexp: ${(error as Error).message}`);
    }
  });
}

export function withCORS(handler: Handler, allowedOrigins: readonly RegExp[]): Handler {
  if (allowedOrigins.length === 0) return handler;
  return (ctx) => {
    const origin = ctx.req.headers.origin;
    if (typeof origin !== 'string' || origin === '' || !allowedOrigins.some((re) => re.test(origin))) return handler(ctx);
    ctx.res.setHeader('Access-Control-Allow-Origin', origin);
    for (const [name, value] of CORS_HEADERS) ctx.res.setHeader(name, value);
    if (ctx.req.method === 'OPTIONS') {
      writeWithHeaders(ctx, 204, {}, undefined);
      return Promise.resolve();
    }
    return handler(ctx);
  };
}
