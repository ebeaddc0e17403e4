// Routes resource requests to the verb handlers of (group, version, resource, subresource).
import { StatusError, badRequest, methodNotAllowed } from '../errors/status-error.js';
import type { Verb } from '../registry/resource-definition.js';
import type { Store } from '../registry/store/index.js';
import type { ResourceRegistry, ServedSet } from '../registry/served-resources.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import { deprecationWarning, type Deprecation } from '../registry/deprecation.js';
import type { RequestContext } from './context.js';
import { rejectingThrows } from './rejecting-throws.js';
import type { ResourceRequestInfo, RequestVerb } from './request-info.js';
import { handleCreate } from './handlers/create.js';
import { handleDelete, handleDeleteCollection } from './handlers/delete.js';
import { handleGet } from './handlers/get.js';
import { handleList } from './handlers/list.js';
import { handlePatch } from './handlers/patch.js';
import { handleUpdate } from './handlers/update.js';
import { handleWatch, type WatchEventMetrics } from './handlers/watch.js';
import { DEFAULT_REQUEST_FEATURES, type RequestFeatures, type ResourceScope } from './handlers/scope.js';
import { handleCreateAction, handleView } from './handlers/subresource-view.js';
import { handleConnect } from './handlers/connect.js';
import { findSubresource, type SubresourceAccess } from '../registry/subresource.js';

type VerbHandler = (ctx: RequestContext, scope: ResourceScope) => Promise<void>;

type Handlers = Record<Exclude<RequestVerb, 'proxy' | ''>, VerbHandler>;

const HANDLERS: Handlers = {
  get: handleGet,
  list: handleList,
  watch: handleWatch,
  create: handleCreate,
  update: handleUpdate,
  patch: handlePatch,
  delete: handleDelete,
  deletecollection: handleDeleteCollection,
};

/** Upstream's body for paths no handler serves. */
export const resourceNotFound = (): StatusError => new StatusError(404, 'NotFound', 'the server could not find the requested resource', {});

/** Routes to the stores of the registry's current snapshot, read per request (the served set can change). */
export function resourceRouter(
  registry: ResourceRegistry,
  onDeprecated?: DeprecatedRequestHook,
  watchEvents?: WatchEventMetrics,
  features: RequestFeatures = DEFAULT_REQUEST_FEATURES,
): (ctx: RequestContext, info: ResourceRequestInfo) => Promise<void> {
  const handlers: Handlers = watchEvents ? { ...HANDLERS, watch: (ctx, scope) => handleWatch(ctx, scope, watchEvents) } : HANDLERS;
  // The request goes on with its handler's own promise.
  return rejectingThrows((ctx: RequestContext, info: ResourceRequestInfo): Promise<void> => {
    const served = registry.current();
    const store = served.store(info.apiGroup, info.apiVersion, info.resource);
    if (!store || (!store.def.namespaced && underNamespace(info))) throw resourceNotFound();
    if (store.def.deprecation) announceDeprecation(ctx, store.def, store.def.deprecation, info, onDeprecated);
    if (info.subresource) return serveSubresource(ctx, store, info, accessOf(served, store), handlers, features);
    const scope = scopeOf(store, info, features);
    if (info.verb === 'create' && store.def.createAction) return handleCreateAction(ctx, scope, accessOf(served, store));
    const handler = handlers[info.verb as Exclude<RequestVerb, 'proxy' | ''>];
    if (!handler) throw methodNotAllowed();
    return handler(ctx, scope);
  });
}

/** What subresources and create actions may reach besides their own store. */
function accessOf(served: ServedSet, store: Store): SubresourceAccess {
  return { parent: store, storeFor: (group: string, resource: string) => served.storeFor(group, resource) };
}

/**
 * Whether the resource is addressed under `/namespaces/{namespace}/` (`/api/v1/namespaces/x/nodes`), which
 * upstream serves for namespaced resources only; a namespace itself (`/api/v1/namespaces/x[/status]`)
 * carries its name as the request's namespace without being under one.
 */
function underNamespace(info: ResourceRequestInfo): boolean {
  return info.namespace !== '' && info.path.includes(`/namespaces/${info.namespace}/${info.resource}`);
}

/** Called for every request to a deprecated version (for the `apiserver_requested_deprecated_apis` gauge). */
export type DeprecatedRequestHook = (def: ResourceDefinition, subresource: string, removedRelease: string) => void;

/** 1-conventions, Versioning rule 5: the warning, the audit annotation and the metric. */
function announceDeprecation(ctx: RequestContext, def: ResourceDefinition, deprecation: Deprecation, info: ResourceRequestInfo, hook?: DeprecatedRequestHook): void {
  ctx.warnings.push(deprecationWarning(def, deprecation));
  ctx.auditAnnotations = { ...ctx.auditAnnotations, 'k8s.io/deprecated': 'true', ...(deprecation.removed ? { 'k8s.io/removed-release': deprecation.removed } : {}) };
  hook?.(def, info.subresource.split('/')[0] ?? '', deprecation.removed ?? '');
}

/** `<resource>/<name>/<subresource>[/<path>]`: the subresource's own shape decides who serves it. */
async function serveSubresource(ctx: RequestContext, store: Store, info: ResourceRequestInfo, access: SubresourceAccess, handlers: Handlers, features: RequestFeatures): Promise<void> {
  const { def } = store;
  const slash = info.subresource.indexOf('/');
  const name = slash < 0 ? info.subresource : info.subresource.slice(0, slash);
  const path = slash < 0 ? '' : info.subresource.slice(slash + 1);
  const sub = findSubresource(def.subresources, name);
  if (!sub || (path && !(sub.type === 'connect' && sub.acceptsPath))) throw resourceNotFound();
  if (def.namespaced && !info.namespace) throw resourceNotFound();
  if (!(sub.verbs as readonly string[]).includes(info.verb)) throw methodNotAllowed();
  checkPathName(info.name);
  const scope: ResourceScope = { def, store, info: { ...info, subresource: name }, namespace: def.namespaced ? info.namespace : '', features };
  if (sub.type === 'view') return handleView(ctx, scope, sub, access);
  if (sub.type === 'connect') return handleConnect(ctx, scope, sub, access, path);
  const handler = handlers[info.verb as Exclude<RequestVerb, 'proxy' | ''>];
  if (!handler) throw methodNotAllowed();
  await handler(ctx, scope);
}

const ITEM_VERBS: ReadonlySet<string> = new Set(['get', 'update', 'patch', 'delete']);

function scopeOf(store: Store, info: ResourceRequestInfo, features: RequestFeatures): ResourceScope {
  const { def } = store;
  const namespace = def.namespaced ? info.namespace : '';
  // A cluster-scoped kind addressed inside a namespace does not exist (namespaces themselves excepted).
  if (!def.namespaced && info.namespace && def.resource !== 'namespaces') throw resourceNotFound();
  if (def.namespaced && !namespace && info.name) throw resourceNotFound();
  // upstream registers item routes only for kinds that get, update, patch or delete (not tokenreviews/x).
  if (info.name && !def.verbs.some((v) => ITEM_VERBS.has(v))) throw resourceNotFound();
  const allowed: readonly string[] = def.verbs;
  const verb = info.verb === 'watch' && !info.name ? 'watch' : info.verb;
  if (!allowed.includes(verb as Verb)) throw methodNotAllowed();
  if (info.verb === 'create' && info.name) throw methodNotAllowed();
  // The collection path serves get, create and deletecollection only: PUT and PATCH there are 405.
  if ((info.verb === 'update' || info.verb === 'patch') && !info.name) throw methodNotAllowed();
  // The all-namespaces path of a namespaced kind serves only reads.
  if (def.namespaced && !namespace && !['list', 'watch'].includes(info.verb)) throw methodNotAllowed();
  checkPathName(info.name);
  return { def, store, info, namespace, features };
}

/**
 * upstream's storage key functions (path.IsValidPathSegmentName): a name from the path may not be `.`
 * or `..`, nor contain `/` or `%` (what is left of them after the path is decoded), 400 before any read.
 */
export function checkPathName(name: string): void {
  if (name === '') return;
  const problems = name === '.' || name === '..' ? [`may not be '${name}'`] : ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
  if (problems.length > 0) throw badRequest(`Name parameter invalid: ${JSON.stringify(name)}: ${problems.join(';')}`);
}
