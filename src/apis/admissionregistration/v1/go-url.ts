// Go's net/url.Parse as far as webhook URL validation reads it (upstream util/webhook ValidateWebhookURL):
// the scheme, host, user information, query and fragment of a URL, or the error Parse returns, in Go's
// words (`parse "<url>": <cause>`), since the validation message embeds it.
import { goQuote } from '../../../registry/selectors/go-format.js';

/** The parts of a parsed URL that webhook validation looks at. */
export interface GoUrl {
  scheme: string;
  host: string;
  /** The user information as written (`user:password`), when there is any. */
  user?: string;
  /** The path, unescaped. */
  path: string;
  rawQuery: string;
  fragment: string;
}

/** Go's url.Parse: the URL's parts, or the error's text. */
export function parseGoUrl(raw: string): GoUrl | { error: string } {
  const hash = raw.indexOf('#');
  const [rest, fragmentRaw] = hash < 0 ? [raw, ''] : [raw.slice(0, hash), raw.slice(hash + 1)];
  const parsed = parseWithoutFragment(rest);
  if (typeof parsed === 'string') return { error: `parse ${goQuote(rest)}: ${parsed}` };
  const fragment = unescape(fragmentRaw, 'fragment');
  if (fragment.error !== undefined) return { error: `parse ${goQuote(raw)}: ${fragment.error}` };
  return { ...parsed, fragment: fragment.value };
}

type Mode = 'host' | 'path' | 'user' | 'fragment';

const CONTROL = /[\x00-\x1f\x7f]/;

function parseWithoutFragment(raw: string): Omit<GoUrl, 'fragment'> | string {
  if (CONTROL.test(raw)) return 'net/url: invalid control character in URL';
  const scheme = getScheme(raw);
  if (typeof scheme !== 'object') return scheme;
  let rest = scheme.rest;
  let rawQuery = '';
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) rest = rest.slice(0, -1);
  else if (rest.includes('?')) [rest, rawQuery] = [rest.slice(0, rest.indexOf('?')), rest.slice(rest.indexOf('?') + 1)];
  const url = { scheme: scheme.scheme.toLowerCase(), host: '', rawQuery, path: '' };
  if (!rest.startsWith('/')) {
    // An opaque URL (`https:host`): no host.
    if (url.scheme !== '') return url;
    const segment = rest.split('/', 1)[0] ?? '';
    if (segment.includes(':')) return 'first path segment in URL cannot contain colon';
  }
  let user: string | undefined;
  if ((url.scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) [authority, rest] = [authority.slice(0, slash), authority.slice(slash)];
    const parsed = parseAuthority(authority);
    if (typeof parsed === 'string') return parsed;
    url.host = parsed.host;
    user = parsed.user;
  }
  const path = unescape(rest, 'path');
  if (path.error !== undefined) return path.error;
  url.path = path.value;
  return user === undefined ? url : { ...url, user };
}

/** Go's getScheme: letters first, then letters, digits, `+`, `-` and `.` up to a colon. */
function getScheme(raw: string): { scheme: string; rest: string } | string {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (c === ':') return i === 0 ? 'missing protocol scheme' : { scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

function parseAuthority(authority: string): { host: string; user?: string } | string {
  const at = authority.lastIndexOf('@');
  const host = parseHost(at < 0 ? authority : authority.slice(at + 1));
  if (typeof host !== 'object') return host;
  if (at < 0) return { host: host.host };
  const userinfo = authority.slice(0, at);
  if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo)) return 'net/url: invalid userinfo';
  for (const part of userinfo.split(':', 2)) {
    const unescaped = unescape(part, 'user');
    if (unescaped.error !== undefined) return unescaped.error;
  }
  return { host: host.host, user: userinfo };
}

const validOptionalPort = (port: string): boolean => port === '' || /^:[0-9]*$/.test(port);

function parseHost(host: string): { host: string } | string {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return "missing ']' in host";
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) return `invalid port ${goQuote(colonPort)} after host`;
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0 && !validOptionalPort(host.slice(colon))) return `invalid port ${goQuote(host.slice(colon))} after host`;
  }
  const unescaped = unescape(host, 'host');
  return unescaped.error ?? { host: unescaped.value };
}

const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c);

/** Characters a host may hold unescaped (Go's shouldEscape in encodeHost mode). */
const HOST_CHARS = /^[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"]$/;

/** Go's unescape: `%XX` sequences decoded; a bad one (or a character a host may not hold) is an error. */
function unescape(s: string, mode: Mode): { value: string; error?: undefined } | { error: string } {
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%') {
      if (!isHex(s[i + 1]) || !isHex(s[i + 2])) return { error: `invalid URL escape ${goQuote(s.slice(i, i + 3))}` };
      if (mode === 'host' && parseInt(s[i + 1]!, 16) < 8 && s.slice(i, i + 3) !== '%25') return { error: `invalid URL escape ${goQuote(s.slice(i, i + 3))}` };
      i += 2;
    } else if (mode === 'host' && c.charCodeAt(0) < 0x80 && !HOST_CHARS.test(c)) {
      return { error: `invalid character ${goQuote(c)} in host name` };
    }
  }
  try {
    return { value: decodeURIComponent(s) };
  } catch {
    return { value: s };
  }
}
