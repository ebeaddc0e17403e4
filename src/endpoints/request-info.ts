// Request info: what a URL and method mean in Kubernetes terms (upstream RequestInfoFactory).
// Filters (authentication, later authorization and flow control) and the router read it.
import { boolQuery } from '../schema/query-parameters.js';

export type RequestVerb =
  | 'get'
  | 'list'
  | 'watch'
  | 'create'
  | 'update'
  | 'patch'
  | 'delete'
  | 'deletecollection'
  | 'proxy'
  /** A method no verb stands for (TRACE, OPTIONS, CONNECT, ...): upstream's empty verb, routed to 405. */
  | '';

export interface ResourceRequestInfo {
  isResourceRequest: true;
  path: string;
  verb: RequestVerb;
  /** 'api' for the core group, 'apis' for named groups. */
  apiPrefix: 'api' | 'apis';
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
  /** The legacy `/watch/` prefix made the verb: upstream then never takes a name from `metadata.name=` selectors. */
  legacyWatch?: true;
}

export interface NonResourceRequestInfo {
  isResourceRequest: false;
  path: string;
  /** Lower-case HTTP method: get, post, put, patch, delete, head. */
  verb: string;
}

export type RequestInfo = ResourceRequestInfo | NonResourceRequestInfo;

/** Namespace subresources that keep `/namespaces/{name}/{sub}` addressing the namespace itself. */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

const METHOD_VERBS: Record<string, RequestVerb> = { POST: 'create', PUT: 'update', PATCH: 'patch' };

/**
 * The path and query of a request target. The origin form (`/path?query`) is split as it is: a WHATWG
 * `URL` per request cost more than the rest of a GET's routing under load. Other forms (absolute
 * `https://host/path`) go through `URL`. The path is percent-decoded as Go's URL.Path, which upstream
 * routes on (`%2E%2E` is the name `..`, `%2F` a separator); `malformed` when an escape is not one, a
 * request Go's server refuses before any handler.
 */
export function splitRequestTarget(target: string): { path: string; query: URLSearchParams; malformed?: true } {
  if (!target.startsWith('/')) {
    const url = new URL(target, 'https://kplane.invalid');
    return withDecodedPath(url.pathname, url.searchParams);
  }
  const q = target.indexOf('?');
  if (q < 0) return withDecodedPath(target, new URLSearchParams());
  return withDecodedPath(target.slice(0, q), new URLSearchParams(target.slice(q + 1)));
}

function withDecodedPath(raw: string, query: URLSearchParams): { path: string; query: URLSearchParams; malformed?: true } {
  if (!raw.includes('%')) return { path: raw, query };
  const path = unescapePath(raw);
  return path === undefined ? { path: raw, query, malformed: true } : { path, query };
}

/** Go's url.PathUnescape: every `%XX` becomes its byte (the bytes read as UTF-8); a bad escape is an error. */
export function unescapePath(raw: string): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c !== 0x25) {
      if (c < 0x80) bytes.push(c);
      else bytes.push(...Buffer.from(raw[i] ?? '', 'utf8'));
      continue;
    }
    const hex = raw.slice(i + 1, i + 3);
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
    bytes.push(parseInt(hex, 16));
    i += 2;
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Parse path and method; `watch` is read from the query (`watch=true|1`) or the legacy `/watch/` prefix. */
export function parseRequestInfo(method: string, path: string, query: URLSearchParams): RequestInfo {
  // The path's segments, empty ones left out, from parts[base] on. Runs on every request: one array, and
  // segments read by index rather than sliced off.
  let parts = path.split('/');
  let base = parts[0] === '' ? 1 : 0;
  if (parts.indexOf('', base) >= 0) {
    parts = parts.filter((p) => p !== '');
    base = 0;
  }
  const count = parts.length - base;
  const prefix = parts[base];
  if (prefix !== 'api' && prefix !== 'apis') return nonResourceInfo(method, path);
  const minLength = prefix === 'api' ? 2 : 3;
  if (count < minLength + 1) return nonResourceInfo(method, path); // discovery documents: /api, /api/v1, /apis/g, /apis/g/v
  const apiGroup = prefix === 'api' ? '' : (parts[base + 1] ?? '');
  const apiVersion = parts[base + minLength - 1] ?? '';
  let rest = base + minLength; // where the rest of the path starts
  let legacyWatch = false;
  if (parts[rest] === 'watch') {
    legacyWatch = true;
    rest++;
  }
  let namespace = '';
  if (parts[rest] === 'namespaces' && parts.length - rest > 1) {
    namespace = parts[rest + 1] ?? '';
    const third = parts[rest + 2];
    if (third !== undefined && !NAMESPACE_SUBRESOURCES.has(third)) rest += 2;
  }
  const resource = parts[rest] ?? '';
  const name = parts[rest + 1] ?? '';
  const subresource = parts.length - rest >= 3 ? parts.slice(rest + 2).join('/') : '';
  return {
    isResourceRequest: true,
    path,
    // The `watch` parameter makes a watch of a collection only (upstream RequestInfoFactory turns a GET into
    // list or watch only when it names no object): a named GET with it is a get. The legacy `/watch/` path
    // watches one object too.
    verb: resourceVerb(method, name, legacyWatch || (!name && boolQuery(query, 'watch'))),
    apiPrefix: prefix,
    apiGroup,
    apiVersion,
    namespace,
    resource,
    subresource,
    name,
    ...(legacyWatch ? { legacyWatch } : {}),
  };
}

function nonResourceInfo(method: string, path: string): NonResourceRequestInfo {
  return { isResourceRequest: false, path, verb: method.toLowerCase() };
}

function resourceVerb(method: string, name: string, watch: boolean): RequestVerb {
  switch (method) {
    case 'GET':
    case 'HEAD':
      if (watch) return 'watch';
      return name ? 'get' : 'list';
    case 'DELETE':
      return name ? 'delete' : 'deletecollection';
    default:
      return METHOD_VERBS[method] ?? '';
  }
}


/** Subresources whose requests stream for as long as the client wants. */
const LONG_RUNNING_SUBRESOURCES = new Set(['attach', 'exec', 'proxy', 'log', 'portforward']);

/**
 * Whether a request may run indefinitely (upstream BasicLongRunningRequestCheck with kube-apiserver's
 * verbs `watch`, `proxy` and subresources `attach`, `exec`, `proxy`, `log`, `portforward`): such requests
 * are left out of in-flight limits and request timeouts.
 */
/** The subresource's name: the first segment after the object's name (`proxy` of `services/x/proxy/some/path`). */
export function subresourceName(subresource: string): string {
  const slash = subresource.indexOf('/');
  return slash < 0 ? subresource : subresource.slice(0, slash);
}

export function isLongRunningRequest(info: RequestInfo): boolean {
  if (!info.isResourceRequest) return false;
  if (info.verb === 'watch' || info.verb === 'proxy') return true;
  return LONG_RUNNING_SUBRESOURCES.has(subresourceName(info.subresource));
}

/** upstream's non-mutating verbs: requests with any other verb count as mutating. */
export function isReadOnlyRequest(info: RequestInfo): boolean {
  return info.verb === 'get' || info.verb === 'list' || info.verb === 'watch';
}
