// Routes resource requests to the verb handlers of (group, version, resource, subresource).
import { StatusError, methodNotAllowed } from '../errors/status-error.js';
import type { Verb } from '../registry/resource-definition.js';
import type { Store } from '../registry/store/index.js';
import type { RequestContext } from './context.js';
import type { ResourceRequestInfo, RequestVerb } from './request-info.js';
import { handleCreate } from './handlers/create.js';
import { handleDelete, handleDeleteCollection } from './handlers/delete.js';
import { handleGet } from './handlers/get.js';
import { handleList } from './handlers/list.js';
import { handlePatch } from './handlers/patch.js';
import { handleUpdate } from './handlers/update.js';
import { handleWatch } from './handlers/watch.js';
import type { ResourceScope } from './handlers/scope.js';

type VerbHandler = (ctx: RequestContext, scope: ResourceScope) => Promise<void>;

const HANDLERS: Record<Exclude<RequestVerb, 'proxy'>, VerbHandler> = {
  get: handleGet,
  list: handleList,
  watch: handleWatch,
  create: handleCreate,
  update: handleUpdate,
  patch: handlePatch,
  delete: handleDelete,
  deletecollection: handleDeleteCollection,
};

/** Verbs each subresource serves (3-resources: status get/update/patch; finalize update only). */
const SUBRESOURCE_VERBS: Record<string, readonly RequestVerb[]> = {
  status: ['get', 'update', 'patch'],
  finalize: ['update'],
};

/** Upstream's body for paths no handler serves. */
export const resourceNotFound = (): StatusError => new StatusError(404, 'NotFound', 'the server could not find the requested resource', {});

export function resourceRouter(stores: readonly Store[]): (ctx: RequestContext, info: ResourceRequestInfo) => Promise<void> {
  const byPath = new Map(stores.map((s) => [`${s.def.group}/${s.def.version}/${s.def.resource}`, s]));
  return async (ctx, info) => {
    const store = byPath.get(`${info.apiGroup}/${info.apiVersion}/${info.resource}`);
    if (!store) throw resourceNotFound();
    const scope = scopeOf(store, info);
    const handler = HANDLERS[info.verb as Exclude<RequestVerb, 'proxy'>];
    if (!handler) throw methodNotAllowed();
    await handler(ctx, scope);
  };
}

function scopeOf(store: Store, info: ResourceRequestInfo): ResourceScope {
  const { def } = store;
  const namespace = def.namespaced ? info.namespace : '';
  if (info.subresource) {
    if (!def.subresources?.includes(info.subresource as 'status')) throw resourceNotFound();
    if (!SUBRESOURCE_VERBS[info.subresource]?.includes(info.verb)) throw methodNotAllowed();
    return { def, store, info, namespace };
  }
  // A cluster-scoped kind addressed inside a namespace does not exist (namespaces themselves excepted).
  if (!def.namespaced && info.namespace && def.resource !== 'namespaces') throw resourceNotFound();
  if (def.namespaced && !namespace && info.name) throw resourceNotFound();
  const allowed: readonly string[] = def.verbs;
  const verb = info.verb === 'watch' && !info.name ? 'watch' : info.verb;
  if (!allowed.includes(verb as Verb)) throw methodNotAllowed();
  if (info.verb === 'create' && info.name) throw methodNotAllowed();
  // The all-namespaces path of a namespaced kind serves only reads.
  if (def.namespaced && !namespace && !['list', 'watch'].includes(info.verb)) throw methodNotAllowed();
  return { def, store, info, namespace };
}
