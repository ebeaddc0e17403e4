// A store read as a reflector reads a resource: the server's own informers (the RBAC and Node authorizers')
// follow the stores directly, as kube-apiserver's privileged loopback informers do, without a round trip
// through the filter chain.
import type { ListerWatcher } from '../client/list-watch.js';
import type { Store } from './store/index.js';

export function storeListerWatcher(store: Store): ListerWatcher {
  const { group, resource } = store.def;
  return {
    description: group ? `${resource}.${group}` : resource,
    async list() {
      const list = await store.list('', {});
      return { objects: list.items.map((item) => item.object), resourceVersion: String(list.revision) };
    },
    async *watch(resourceVersion, signal) {
      for await (const event of store.watch('', { resourceVersion, allowWatchBookmarks: false, signal })) {
        if (event.type !== 'BOOKMARK') yield { type: event.type, object: event.item.object };
      }
    },
  };
}
