// The resources the collector watches, discovered from what is served (so a new kind joins without code):
// one entry per storage path, as versions of one resource share their objects; and the resolution of an
// owner reference's apiVersion and kind to one of them (upstream's RESTMapper look-up). As upstream's
// GetDeletableResources, only resources served with list, watch and delete are followed (not `bindings`,
// which is create-only, nor computed kinds). A definition is the ResourceRef the collector's clients name.
import { resourcePath } from '../../registry/keys.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { ResolveKind } from './graph.js';

/** The verbs a followed resource is served with. */
const DELETABLE = ['list', 'watch', 'delete'] as const;

/** One watched resource: the served version it is read and written through. */
export interface WatchedResource {
  path: string;
  def: ResourceDefinition;
}

/** The watched resources by index (append-only, so graph nodes keep their index) and kind resolution. */
export class ResourceTable {
  readonly entries: WatchedResource[] = [];
  private readonly byPath = new Map<string, number>();
  private kinds = new Map<string, { resource: number; namespaced: boolean }>();
  private defs: readonly ResourceDefinition[] = [];

  /** Takes the served definitions; returns the entries that are new. */
  update(definitions: readonly ResourceDefinition[]): WatchedResource[] {
    this.defs = definitions.filter((d) => !d.computed && DELETABLE.every((verb) => d.verbs.includes(verb)));
    this.kinds = new Map();
    const added: WatchedResource[] = [];
    // A version without conversion reads and writes the stored form as is: preferred for a path.
    const ordered = [...this.defs].sort((a, b) => Number(a.storage?.conversion !== undefined) - Number(b.storage?.conversion !== undefined));
    for (const def of ordered) {
      const path = resourcePath(def);
      if (this.byPath.has(path)) continue;
      const entry = { path, def };
      this.byPath.set(path, this.entries.length);
      this.entries.push(entry);
      added.push(entry);
    }
    return added;
  }

  /** The definition of entry `index`. */
  def(index: number): ResourceDefinition | undefined {
    return this.entries[index]?.def;
  }

  /** An owner reference's kind: the served version it names, else any served version of its group and kind. */
  readonly resolve: ResolveKind = (apiVersion, kind) => {
    const key = `${apiVersion}/${kind}`;
    let found = this.kinds.get(key);
    if (!found) {
      const slash = apiVersion.lastIndexOf('/');
      const [group, version] = slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
      const matching = this.defs.filter((d) => d.group === group && d.kind === kind);
      const def = matching.find((d) => d.version === version) ?? matching[0];
      found = def ? { resource: this.byPath.get(resourcePath(def)) ?? -1, namespaced: def.namespaced } : { resource: -1, namespaced: true };
      this.kinds.set(key, found);
    }
    return found;
  };
}
