// The resources the collector watches, discovered from what is served (so a new kind joins without code):
// one entry per storage path, as versions of one resource share their objects; and the resolution of an
// owner reference's apiVersion and kind to one of them (upstream's RESTMapper look-up).
import { resourcePath } from '../../registry/keys.js';
import type { Store } from '../../registry/store/index.js';
import type { ResolveKind } from './graph.js';

/** One watched resource: the store it is read and written through. */
export interface WatchedResource {
  path: string;
  store: Store;
}

/** The watched resources by index (append-only, so graph nodes keep their index) and kind resolution. */
export class ResourceTable {
  readonly entries: WatchedResource[] = [];
  private readonly byPath = new Map<string, number>();
  private kinds = new Map<string, { resource: number; namespaced: boolean }>();
  private stores: readonly Store[] = [];

  /** Takes the served stores; returns the entries that are new. Stored kinds only (computed ones have no objects). */
  update(stores: readonly Store[]): WatchedResource[] {
    this.stores = stores.filter((s) => !s.def.computed);
    this.kinds = new Map();
    const added: WatchedResource[] = [];
    // A version without conversion reads and writes the stored form as is: preferred for a path.
    const ordered = [...this.stores].sort((a, b) => Number(a.def.storage?.conversion !== undefined) - Number(b.def.storage?.conversion !== undefined));
    for (const store of ordered) {
      const path = resourcePath(store.def);
      if (this.byPath.has(path)) continue;
      const entry = { path, store };
      this.byPath.set(path, this.entries.length);
      this.entries.push(entry);
      added.push(entry);
    }
    return added;
  }

  /** The store of entry `index`. */
  store(index: number): Store | undefined {
    return this.entries[index]?.store;
  }

  /** An owner reference's kind: the served version it names, else any served version of its group and kind. */
  readonly resolve: ResolveKind = (apiVersion, kind) => {
    const key = `${apiVersion}/${kind}`;
    let found = this.kinds.get(key);
    if (!found) {
      const slash = apiVersion.lastIndexOf('/');
      const [group, version] = slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
      const matching = this.stores.filter((s) => s.def.group === group && s.def.kind === kind);
      const store = matching.find((s) => s.def.version === version) ?? matching[0];
      found = store ? { resource: this.byPath.get(resourcePath(store.def)) ?? -1, namespaced: store.def.namespaced } : { resource: -1, namespaced: true };
      this.kinds.set(key, found);
    }
    return found;
  };
}
