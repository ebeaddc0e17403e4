// The generic store (upstream registry/generic/registry.Store): every verb of one definition, over a
// shared StorageResource. Definitions with a `storage.conversion` see objects in their own form.
import { notFound } from '../../errors/status-error.js';
import { writeAttributes } from './admission-attributes.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../resource-definition.js';
import { singleObjectName } from '../selectors/field-selector.js';
import { toStatusFromStorage } from '../storage-errors.js';
import { createObject } from './create.js';
import { deleteObject } from './delete.js';
import { listItems } from './list.js';
import { selectionPredicate } from './predicate.js';
import { ensureFresh, parseResourceVersion } from './read.js';
import { updateObject } from './update.js';
import { watchItems } from './watch.js';
import type { Store, StoreDeps, StoredItem } from './types.js';

export function createStore(def: ResourceDefinition, deps: StoreDeps): Store {
  const gr = { group: def.group, resource: def.resource };
  const conversion = def.storage?.conversion;
  const toStored = (obj: KubeObject): KubeObject => (conversion ? conversion.toStorage(obj) : obj);
  const fromStored = (obj: KubeObject): KubeObject => (conversion ? conversion.fromStorage(obj) : obj);
  const view = (item: StoredItem): StoredItem => (conversion ? { object: conversion.fromStorage(item.object as KubeObject) } : item);
  const { keys } = deps.storage;
  const nsOf = (namespace: string): string => (def.namespaced ? namespace : '');

  const store: Store = {
    def,
    groupResource: gr,

    async get(namespace, name, resourceVersion) {
      const fresh = ensureFresh(deps.storage, parseResourceVersion(resourceVersion));
      if (fresh !== undefined) await fresh;
      const cached = deps.storage.cacher.get(keys.objectKey(nsOf(namespace), name));
      if (!cached) throw notFound(gr, name);
      return view(cached);
    },

    async list(namespace, options) {
      const predicate = selectionPredicate(def, options.labelSelector, options.fieldSelector);
      const result = await listItems(deps.storage, keys.collectionPrefix(nsOf(namespace)), options, predicate);
      return conversion ? { ...result, items: result.items.map(view) } : result;
    },

    watch(namespace, options) {
      const predicate = selectionPredicate(def, options.labelSelector, options.fieldSelector);
      // One object's key when the name and its namespace are both known; across namespaces, a name picks
      // an object in each of them, so the collection is watched and filtered.
      const single = options.fieldSelector && (!def.namespaced || nsOf(namespace)) ? singleObjectName(options.fieldSelector) : undefined;
      const prefix = single ? keys.objectKey(nsOf(namespace), single) : keys.collectionPrefix(nsOf(namespace));
      return watchItems(deps.storage, prefix, options.resourceVersion, predicate, {
        bookmarks: options.allowWatchBookmarks,
        ...(options.deadline === undefined ? {} : { deadline: options.deadline }),
        signal: options.signal,
        viewName: `${def.group}/${def.version}`,
        groupResource: gr,
        ...(conversion ? { view: (obj: Readonly<KubeObject>) => conversion.fromStorage(obj as KubeObject) } : {}),
      });
    },

    create(namespace, obj, options) {
      // The created object is returned in the caller's form: conversion only shapes what is stored.
      return createObject(def, gr, deps, nsOf(namespace), obj, options, toStored);
    },

    update(namespace, name, fn, options) {
      // A PUT or an apply that creates is no POST: upstream's update path drops a resourceVersion the body carries.
      const create = async (obj: KubeObject): Promise<KubeObject> => {
        delete obj.metadata.resourceVersion;
        return (await store.create(namespace, obj, options)).object;
      };
      return updateObject({ def, gr, deps, toStored, fromStored, create }, nsOf(namespace), name, fn, options);
    },

    delete(namespace, name, options, write) {
      return deleteObject(def, gr, deps, nsOf(namespace), name, options, write, fromStored);
    },

    async deleteCollection(namespace, list, options, write) {
      const listed = await store.list(namespace, { ...list, limit: undefined, continue: undefined });
      const each = { ...write, collection: { namespace: nsOf(namespace) } };
      for (const item of listed.items) {
        try {
          await store.delete(nsOf(namespace) || (item.object.metadata.namespace ?? ''), item.object.metadata.name ?? '', options, each);
        } catch (error) {
          // Gone meanwhile: nothing left to delete (upstream ignores NotFound here too).
          if ((error as { code?: unknown }).code !== 404) throw error;
        }
      }
      return { revision: listed.revision, items: listed.items };
    },

    async admitSubresourceCreate(namespace, name, subresource, obj, options) {
      const attributes = writeAttributes('CREATE', def, { namespace: nsOf(namespace), name, subresource, object: obj }, options, options);
      await deps.admission.mutate(attributes);
      await deps.admission.validate(attributes);
    },

    async admitConnect(namespace, name, subresource, options, write) {
      // No old object and no operation options (a review's are null), never a dry run.
      const attributes = writeAttributes('CONNECT', def, { namespace: nsOf(namespace), name, subresource, object: options }, { ...write, dryRun: false });
      await deps.admission.mutate(attributes);
      await deps.admission.validate(attributes);
    },

    async mutateSubresourceUpdate(namespace, name, subresource, obj, old, options) {
      await deps.admission.mutate(writeAttributes('UPDATE', def, { namespace: nsOf(namespace), name, subresource, object: obj, oldObject: old }, options, options));
    },
  };

  return translatingStorageErrors(store);
}

/** Storage errors become API Status errors here, once for every verb (STYLE: one place). */
function translatingStorageErrors(store: Store): Store {
  const gr = store.groupResource;
  const translate = (name: string) => (error: unknown): never => {
    throw toStatusFromStorage(error, gr, name);
  };
  return {
    ...store,
    get: (ns, name, rv) => store.get(ns, name, rv).catch(translate(name)),
    list: (ns, options) => store.list(ns, options).catch(translate('')),
    // Watches translate their own errors (watch.ts), without another layer per watcher.
    watch: (ns, options) => store.watch(ns, options),
    create: (ns, obj, options) => store.create(ns, obj, options).catch(translate(obj.metadata.name ?? '')),
    update: (ns, name, fn, options) => store.update(ns, name, fn, options).catch(translate(name)),
    delete: (ns, name, options, write) => store.delete(ns, name, options, write).catch(translate(name)),
    deleteCollection: (ns, list, options, write) => store.deleteCollection(ns, list, options, write).catch(translate('')),
  };
}
