// A store read as a reflector reads a resource: the server's own informers (the RBAC and Node authorizers')
// follow the stores directly, as kube-apiserver's privileged loopback informers do, without a round trip
// through the filter chain.
import type { ListerWatcher } from '../client/list-watch.js';
import type { WatchEvent } from '../client/watch-stream.js';
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
      for await (const batch of store.watch('', { resourceVersion, allowWatchBookmarks: false, signal })) {
        const events: WatchEvent[] = [];
        for (const event of batch) if (event.type !== 'BOOKMARK') events.push({ type: event.type, object: objectOf(event.item) });
        if (events.length > 0) yield events;
      }
    },
  };
}
