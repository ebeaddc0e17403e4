// Everything behind the filters: health, metrics, version, discovery, OpenAPI, and the resources.
import type { Handler, RequestContext } from '../endpoints/context.js';
import { rejectingThrows } from '../endpoints/rejecting-throws.js';
import { resourceNotFound, resourceRouter } from '../endpoints/resource-router.js';
import type { RequestFeatures } from '../endpoints/handlers/scope.js';
import { writePageNotFound, writeRaw } from '../endpoints/responses.js';
import type { ResourceRegistry } from '../registry/served-resources.js';
import { discoveryRoutes } from './discovery-routes.js';
import { serveHealth } from './health.js';
import { writeMetrics } from './metrics-response.js';
import type { HealthChecks } from './health-checks.js';
import type { FeatureGates } from './feature-gates/index.js';
import type { ApiMetrics } from './metrics.js';
import { JWKS_CONTENT_TYPE, JWKS_PATH, OPENID_CACHE_CONTROL, OPENID_CONFIG_PATH, type OpenIDMetadata } from '../auth/service-accounts/openid-metadata.js';

export interface RouteDeps {
  registry: ResourceRegistry;
  metrics: ApiMetrics;
  checks: HealthChecks;
  /** The gates the request handlers read (APIListChunking, ServerSideFieldValidation, ServerSideApply); default all at their defaults. */
  features?: FeatureGates;
  /** Service account issuer discovery documents, when the issuer is an https URL. */
  openid?: () => OpenIDMetadata | undefined;
}

/** What the verb handlers read of the gates, resolved once. */
function requestFeatures(gates: FeatureGates): RequestFeatures {
  return {
    listChunking: gates.enabled('APIListChunking'),
    fieldValidation: gates.enabled('ServerSideFieldValidation'),
    serverSideApply: gates.enabled('ServerSideApply'),
  };
}

const HEALTH = /^\/(livez|readyz|healthz)(?:\/(.+))?\/?$/;

export function apiRoutes(deps: RouteDeps): Handler {
  const resources = resourceRouter(
    deps.registry,
    (def, subresource, removedRelease) => deps.metrics.deprecatedApis.set({ group: def.group, version: def.version, resource: def.resource, subresource, removed_release: removedRelease }, 1),
    deps.metrics.watchEvents,
    deps.features ? requestFeatures(deps.features) : undefined,
  );
  const documents = discoveryRoutes(() => deps.registry.current().definitions, deps.features?.enabled('ServerSideApply') ?? true);
  const others = async (ctx: RequestContext): Promise<void> => {
    const path = ctx.path;
    const health = HEALTH.exec(path);
    if (health) return serveHealth(ctx, health[1] as 'livez', deps.checks[health[1] as 'livez'], health[2] ?? '');
    if (path === '/metrics') {
      const registry = await deps.metrics.registry();
      return writeMetrics(ctx, registry.contentType, await registry.metrics());
    }
    if ((path === OPENID_CONFIG_PATH || path === JWKS_PATH) && serveOpenID(ctx, deps.openid?.())) return;
    if (await documents(ctx)) return;
    if (!underRestfulRoot(path, deps.registry)) return writePageNotFound(ctx);
    throw resourceNotFound();
  };
  // A resource request goes on with the router's own promise.
  return rejectingThrows((ctx: RequestContext) => {
    const { info } = ctx;
    if (!info.isResourceRequest) return others(ctx);
    if (deps.registry.current().servesGroup(info.apiGroup)) return resources(ctx, info);
    writePageNotFound(ctx);
    return Promise.resolve();
  });
}

/**
 * Whether kube-apiserver 1.25 routes `path` to its go-restful container, whose 404 is a Status
 * (`/api...`, `/apis`, `/apis/<served group>...`, `/version...`). Other paths fall through the
 * delegation chain to its last handler, which answers Go's plain-text `404 page not found`: the
 * removed `extensions` group, for one (upstream turned that into a Status only after 1.25).
 */
function underRestfulRoot(path: string, registry: ResourceRegistry): boolean {
  const under = (root: string): boolean => path === root || path.startsWith(`${root}/`);
  if (under('/api') || under('/version') || path === '/apis/') return true;
  const group = /^\/apis\/([^/]+)/.exec(path)?.[1];
  return group !== undefined && registry.current().servesGroup(group);
}

/** upstream OpenIDMetadataServer: the two documents, GET only, cacheable for an hour. */
function serveOpenID(ctx: RequestContext, metadata: OpenIDMetadata | undefined): boolean {
  if (!metadata || (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD')) return false;
  const config = ctx.path === OPENID_CONFIG_PATH;
  writeRaw(ctx, 200, config ? 'application/json' : JWKS_CONTENT_TYPE, config ? metadata.configJson : metadata.keySetJson, { 'cache-control': OPENID_CACHE_CONTROL });
  return true;
}
