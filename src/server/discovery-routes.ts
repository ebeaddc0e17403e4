// Serves the documents built from the served definitions (1-conventions: versioning; discovery and
// OpenAPI): `/`, `/version`, `/api`, `/apis`, group and group-version documents (legacy and aggregated),
// `/openapi/v2` and `/openapi/v3`. Each document is serialized once.
import type { RequestContext } from '../endpoints/context.js';
import {
  aggregatedContentType,
  buildAggregatedDiscovery,
  buildApiGroup,
  buildApiGroupList,
  buildApiResourceList,
  buildApiVersions,
  buildVersionInfo,
  negotiateDiscovery,
} from '../endpoints/discovery/index.js';
import { serveOpenApiV2, servedOpenApiV2, servedOpenApiV3 } from '../endpoints/openapi/index.js';
import { writeRaw, type ExtraHeaders } from '../endpoints/responses.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';

const JSON_TYPE = 'application/json';

/**
 * Returns a handler that answers document paths (true) or leaves the request alone (false). `served`
 * gives the current definitions; documents are built once per definitions array (a change of the served
 * set replaces the array). `applyPatch`: the ServerSideApply gate, which decides the PATCH media types.
 */
export function discoveryRoutes(served: () => readonly ResourceDefinition[], applyPatch = true): (ctx: RequestContext) => Promise<boolean> {
  const version = buildVersionInfo();
  const memos = new WeakMap<readonly ResourceDefinition[], Memo>();
  const openApiOptions = { version: version.gitVersion, ...(applyPatch ? {} : { applyPatch }) };
  return async (ctx) => {
    const defs = served();
    let once = memos.get(defs);
    if (!once) memos.set(defs, (once = memo()));
    const path = ctx.path.replace(/\/+$/, '') || '/';
    const parts = path.split('/').filter(Boolean);
    if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') return false;
    if (path === '/') return send(ctx, once('root', () => JSON.stringify({ paths: rootPaths(defs) }, null, 2)));
    if (path === '/version') return send(ctx, once('version', () => JSON.stringify(version, null, 2)));
    if (parts[0] === 'api' || parts[0] === 'apis') return discovery(ctx, parts, defs, once);
    if (path === '/openapi/v2') {
      await serveOpenApiV2(ctx, servedOpenApiV2(defs, openApiOptions));
      return true;
    }
    if (parts[0] === 'openapi' && parts[1] === 'v3') {
      const v3 = servedOpenApiV3(defs, openApiOptions);
      if (parts.length === 2) return send(ctx, once('openapi-v3-index', () => JSON.stringify(v3.index)));
      const document = v3.documents.get(parts.slice(2).join('/'));
      if (!document) return false;
      const etag = `"${document.hash}"`;
      // Asked for by its hash, the document at this URL never changes.
      return send(ctx, document.json, JSON_TYPE, ctx.query.get('hash') === document.hash ? { etag, 'cache-control': 'public, immutable' } : { etag });
    }
    return false;
  };
}

type Memo = (key: string, build: () => string) => string;

function memo(): Memo {
  const cache = new Map<string, string>();
  return (key, build) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = build()));
    return value;
  };
}

function discovery(ctx: RequestContext, parts: string[], defs: readonly ResourceDefinition[], once: Memo): boolean {
  const [root, a, b] = parts as ['api' | 'apis', string?, string?];
  if (parts.length === 1) {
    const aggregated = negotiateDiscovery(ctx.req.headers.accept);
    if (aggregated !== 'legacy') {
      const body = once(`${root}:${aggregated}`, () => JSON.stringify(buildAggregatedDiscovery(defs, root, aggregated)));
      return send(ctx, body, aggregatedContentType(aggregated));
    }
    if (root === 'api') return send(ctx, JSON.stringify(buildApiVersions(defs, serverAddress(ctx))));
    return send(ctx, once('apis', () => JSON.stringify(buildApiGroupList(defs))));
  }
  const [group, version] = root === 'api' ? ['', a] : parts.length === 2 ? [a ?? '', undefined] : [a ?? '', b];
  if (version === undefined) {
    const doc = buildApiGroup(defs, group);
    return doc ? send(ctx, once(`group:${group}`, () => JSON.stringify(doc))) : false;
  }
  if (parts.length > (root === 'api' ? 2 : 3)) return false;
  const list = buildApiResourceList(defs, group, version);
  return list ? send(ctx, once(`resources:${group}/${version}`, () => JSON.stringify(list))) : false;
}

/** The address clients reached us at (upstream fills serverAddressByClientCIDRs the same way). */
function serverAddress(ctx: RequestContext): string {
  const socket = ctx.req.socket as { localAddress?: string; localPort?: number };
  const host = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : (socket.localAddress ?? '127.0.0.1');
  return `${host}:${socket.localPort ?? 0}`;
}

function rootPaths(defs: readonly ResourceDefinition[]): string[] {
  const paths = new Set(['/api', '/api/v1', '/apis', '/healthz', '/livez', '/metrics', '/openapi/v2', '/openapi/v3', '/readyz', '/version']);
  for (const def of defs) if (def.group) paths.add(`/apis/${def.group}`).add(`/apis/${def.group}/${def.version}`);
  return [...paths].sort();
}

function send(ctx: RequestContext, body: string, contentType = JSON_TYPE, extra?: ExtraHeaders): true {
  writeRaw(ctx, 200, contentType, body, extra);
  return true;
}
