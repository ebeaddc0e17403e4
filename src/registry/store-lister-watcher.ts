// A store read as a reflector reads a resource: the server's own informers (the RBAC and Node authorizers')
// follow the stores directly, as kube-apiserver's privileged loopback informers do, without a round trip
// through the filter chain.
import type { ListerWatcher } from '../client/list-watch.js';
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Store, StoredItem } from './store/index.js';

/**
 * `relevant`, when given, is asked with a cached item's JSON whether its reader needs the object: an item
 * it is not is handed over as its identity only (namespace, name, resourceVersion), without decoding it.
 * The Node authorizer reads pods bound to a node, and most pods written are not bound yet.
 */
export function storeListerWatcher(store: Store, relevant?: (json: string) => boolean): ListerWatcher {
  const { group, resource } = store.def;
  const objectOf = (item: StoredItem): Readonly<KubeObject> => {
    const { json, name, namespace, revision } = item;
    if (!relevant || json === undefined || name === undefined || revision === undefined || relevant(json)) return item.object;
    return { metadata: { name, ...(namespace ? { namespace } : {}), resourceVersion: String(revision) } };
  };
  return {
    description: group ? `${resource}.${group}` : resource,
    async list() {
      const list = await store.list('', {});
      return { objects: list.items.map(objectOf), resourceVersion: String(list.revision) };
    },
    async *watch(resourceVersion, signal) {
      for await (const event of store.watch('', { resourceVersion, allowWatchBookmarks: false, signal })) {
        if (event.type !== 'BOOKMARK') yield { type: event.type, object: objectOf(event.item) };
      }
    },
  };
}
