import type { IncomingHttpHeaders } from 'node:http';
import type { UserInfo } from '../user-info.js';
import type { AuthenticationRequest, AuthenticationResult, Authenticator } from './authenticator.js';
import { noCredentials } from './authenticator.js';
import type { CaPool } from './ca-pool.js';
import { perConnection, verifyClientCertificate, type CertificateVerdict } from './x509.js';

/** The authenticating proxy's settings (the `--requestheader-*` flags; upstream RequestHeaderConfig). */
export interface RequestHeaderConfig {
  /** `--requestheader-client-ca-file`: the authorities of the proxies' client certificates. */
  readonly roots: CaPool;
  /** `--requestheader-allowed-names`: common names a proxy certificate may have; empty for any. */
  readonly allowedNames: readonly string[];
  /** `--requestheader-username-headers`, in order; the first with a value names the user. */
  readonly usernameHeaders: readonly string[];
  /** `--requestheader-group-headers`: every value of each is a group. */
  readonly groupHeaders: readonly string[];
  /** `--requestheader-extra-headers-prefix`: `<prefix><key>` headers give extra `<key>` values. */
  readonly extraHeaderPrefixes: readonly string[];
}

/**
 * Authenticates requests forwarded by an authenticating proxy (spec 2-access-control §Methods,
 * "Authenticating proxy"; upstream's x509 verifier around headerrequest). The headers are trusted only
 * on a connection whose client certificate verifies against `roots` and, when `allowedNames` is set,
 * has one of those common names: any other certificate is `rejected` (another method, client
 * certificates, may still accept it), no certificate or no user name header is `none`. Header names
 * are case-insensitive; empty values are skipped. After success the headers used are removed from
 * the request, as upstream does.
 */
export function requestHeaderAuthenticator(config: RequestHeaderConfig): Authenticator {
  const proxyOf = perConnection((request) => proxyVerdict(request.socket, config));
  const usernameHeaders = config.usernameHeaders.map(lower);
  const groupHeaders = config.groupHeaders.map(lower);
  const prefixes = config.extraHeaderPrefixes.map(lower);
  return (request: AuthenticationRequest): AuthenticationResult => {
    const proxy = proxyOf(request);
    if (proxy.kind !== 'verified') return proxy.kind === 'none' ? noCredentials : proxy;
    const headers = distinctHeaders(request);
    const name = usernameHeaders.map((header) => headers.get(header)?.[0] ?? '').find((value) => value !== '');
    if (name === undefined) return noCredentials;
    const groups = groupHeaders.flatMap((header) => headers.get(header) ?? []).filter((group) => group !== '');
    const extra = extraOf(headers, prefixes);
    clearHeaders(request.headers, [...usernameHeaders, ...groupHeaders], prefixes);
    const user: UserInfo = { name, groups, ...(extra ? { extra } : {}) };
    return { kind: 'authenticated', user };
  };
}

function proxyVerdict(socket: unknown, config: RequestHeaderConfig): CertificateVerdict {
  const verdict = verifyClientCertificate(socket, config.roots);
  if (verdict.kind !== 'verified' || config.allowedNames.length === 0) return verdict;
  const commonName = lastCommonName(verdict.cert.subject);
  if (config.allowedNames.includes(commonName)) return verdict;
  return { kind: 'rejected', reason: `x509: subject with cn=${commonName} is not in the allowed list` };
}

function lastCommonName(subject: object): string {
  const cn: unknown = (subject as Record<string, unknown>)['CN'];
  if (Array.isArray(cn)) return String(cn[cn.length - 1] ?? '');
  return typeof cn === 'string' ? cn : '';
}

/**
 * Every value of every header, by lower-case name: Node joins repeated headers with `, ` in
 * `headers`, while upstream takes each header line as one value (a group per line).
 */
function distinctHeaders(request: AuthenticationRequest): Map<string, string[]> {
  const raw = request.rawHeaders;
  const headers = new Map<string, string[]>();
  const add = (name: string, value: string): void => {
    const values = headers.get(name);
    if (values) values.push(value);
    else headers.set(name, [value]);
  };
  if (raw) {
    for (let i = 0; i + 1 < raw.length; i += 2) add(raw[i]!.toLowerCase(), raw[i + 1]!);
    return headers;
  }
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) add(name, item);
  }
  return headers;
}

/** Extra attributes: the rest of the header name after a prefix, lower-cased and percent-decoded. */
function extraOf(headers: ReadonlyMap<string, readonly string[]>, prefixes: readonly string[]): Record<string, string[]> | undefined {
  let extra: Record<string, string[]> | undefined;
  for (const prefix of prefixes) {
    for (const [name, values] of headers) {
      if (!name.startsWith(prefix)) continue;
      const key = unescapeExtraKey(name.slice(prefix.length));
      extra ??= {};
      (extra[key] ??= []).push(...values);
    }
  }
  return extra;
}

/** Go's url.PathUnescape; a malformed escape keeps the key as it is. */
export function unescapeExtraKey(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

function clearHeaders(headers: IncomingHttpHeaders, names: readonly string[], prefixes: readonly string[]): void {
  for (const name of names) delete headers[name];
  for (const name of Object.keys(headers)) {
    if (prefixes.some((prefix) => name.startsWith(prefix))) delete headers[name];
  }
}

const lower = (name: string): string => name.toLowerCase();
