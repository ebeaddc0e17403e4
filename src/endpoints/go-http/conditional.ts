// Conditional requests as Go's http.ServeContent decides them (net/http fs.go checkPreconditions, Go 1.19,
// which built kube-apiserver 1.25; RFC 7232 section 6): If-Match, If-Unmodified-Since, If-None-Match,
// If-Modified-Since, and If-Range for a Range header.
import { parseHttpTime } from './http-time.js';

/** What the request's headers ask, as Go reads them (the first value of each). */
export interface ConditionalHeaders {
  method: string;
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifUnmodifiedSince?: string | undefined;
  ifRange?: string | undefined;
  range?: string | undefined;
}

/** What the preconditions decide: answer 412 or 304 now, or go on (with the Range header to honour, if any). */
export type PreconditionOutcome = { answer: 412 | 304 } | { answer: undefined; range: string };

type Cond = 'none' | 'true' | 'false';

/** Go's checkPreconditions for a representation with response ETag `etag` last modified at `modifiedSeconds`. */
export function checkPreconditions(req: ConditionalHeaders, etag: string, modifiedSeconds: number): PreconditionOutcome {
  let cond = checkIfMatch(req.ifMatch, etag);
  if (cond === 'none') cond = checkIfUnmodifiedSince(req.ifUnmodifiedSince, modifiedSeconds);
  if (cond === 'false') return { answer: 412 };
  const noneMatch = checkIfNoneMatch(req.ifNoneMatch, etag);
  if (noneMatch === 'false') return { answer: req.method === 'GET' || req.method === 'HEAD' ? 304 : 412 };
  if (noneMatch === 'none' && checkIfModifiedSince(req, modifiedSeconds) === 'false') return { answer: 304 };
  const range = req.range ?? '';
  return { answer: undefined, range: range !== '' && checkIfRange(req, etag, modifiedSeconds) === 'false' ? '' : range };
}

function checkIfMatch(header: string | undefined, etag: string): Cond {
  if (!header) return 'none';
  for (const tag of entityTags(header)) {
    if (tag === '*') return 'true';
    if (etagStrongMatch(tag, etag)) return 'true';
  }
  return 'false';
}

function checkIfNoneMatch(header: string | undefined, etag: string): Cond {
  if (!header) return 'none';
  for (const tag of entityTags(header)) {
    if (tag === '*') return 'false';
    if (etagWeakMatch(tag, etag)) return 'false';
  }
  return 'true';
}

function checkIfUnmodifiedSince(header: string | undefined, modifiedSeconds: number): Cond {
  if (!header) return 'none';
  const since = parseHttpTime(header);
  if (since === undefined) return 'none';
  return modifiedSeconds <= since ? 'true' : 'false';
}

function checkIfModifiedSince(req: ConditionalHeaders, modifiedSeconds: number): Cond {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.ifModifiedSince) return 'none';
  const since = parseHttpTime(req.ifModifiedSince);
  if (since === undefined) return 'none';
  return modifiedSeconds <= since ? 'false' : 'true';
}

function checkIfRange(req: ConditionalHeaders, etag: string, modifiedSeconds: number): Cond {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.ifRange) return 'none';
  const [tag] = scanETag(req.ifRange);
  if (tag !== '') return etagStrongMatch(tag, etag) ? 'true' : 'false';
  // Otherwise the value is a date, which must be the modification time to the second.
  return parseHttpTime(req.ifRange) === modifiedSeconds ? 'true' : 'false';
}

/**
 * The entity tags of an If-Match or If-None-Match list as Go's loops read them: commas skipped, `*` as itself,
 * and the list cut at the first item that is not a quoted tag.
 */
function* entityTags(header: string): Generator<string> {
  let rest = header;
  for (;;) {
    rest = trimHttpSpace(rest);
    if (rest === '') return;
    if (rest.startsWith(',')) {
      rest = rest.slice(1);
      continue;
    }
    if (rest.startsWith('*')) {
      yield '*';
      return;
    }
    const [tag, remain] = scanETag(rest);
    if (tag === '') return;
    yield tag;
    rest = remain;
  }
}

/** Go's scanETag: a leading `"text"` or `W/"text"` and what follows it; ['', ''] when there is none. */
export function scanETag(text: string): [string, string] {
  const s = trimHttpSpace(text);
  const start = s.startsWith('W/') ? 2 : 0;
  if (s.length - start < 2 || s[start] !== '"') return ['', ''];
  for (let i = start + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) return [s.slice(0, i + 1), s.slice(i + 1)];
    if (!(c === 0x21 || (c >= 0x23 && c <= 0x7e) || c >= 0x80)) return ['', ''];
  }
  return ['', ''];
}

/** Both tags equal and strong (a quoted tag without `W/`); the response's ETag as the server set it. */
const etagStrongMatch = (a: string, b: string): boolean => a === b && a !== '' && a.startsWith('"');

const etagWeakMatch = (a: string, b: string): boolean => stripWeak(a) === stripWeak(b);

const stripWeak = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** textproto.TrimString: ASCII spaces and horizontal tabs, and CR and LF. */
export function trimHttpSpace(s: string): string {
  return s.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}
