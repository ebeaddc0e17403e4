// The set of served resources, which can change while the server runs (CustomResourceDefinitions and
// the aggregation layer add and remove resources; `--runtime-config` decides the built-in set at
// start). The router, discovery, OpenAPI and the controllers read the current snapshot; a change
// replaces the snapshot as a whole, so a request sees one consistent set and documents built from a
// snapshot (discovery, OpenAPI) are cached per snapshot.
import type { ResourceDefinition } from './resource-definition.js';
import type { Store } from './store/index.js';

/** One immutable view of what is served. */
export class ServedSet {
  /** The definitions, in the order they were added (core group first). */
  readonly definitions: readonly ResourceDefinition[];
  private readonly byPath: ReadonlyMap<string, Store>;
  private readonly byGroupResource: ReadonlyMap<string, Store>;
  private readonly groups: ReadonlySet<string>;

  constructor(readonly stores: readonly Store[]) {
    this.definitions = stores.map((s) => s.def);
    this.byPath = new Map(stores.map((s) => [`${s.def.group}/${s.def.version}/${s.def.resource}`, s]));
    // Several versions of one resource share storage; the first served version answers group/resource look-ups.
    const byGroupResource = new Map<string, Store>();
    for (const s of stores) if (!byGroupResource.has(`${s.def.group}/${s.def.resource}`)) byGroupResource.set(`${s.def.group}/${s.def.resource}`, s);
    this.byGroupResource = byGroupResource;
    this.groups = new Set(stores.map((s) => s.def.group));
  }

  /** Whether any version of `group` is served ('' is the core group). */
  servesGroup(group: string): boolean {
    return this.groups.has(group);
  }

  /** The store of `resource` in `group`/`version`, if served. */
  store(group: string, version: string, resource: string): Store | undefined {
    return this.byPath.get(`${group}/${version}/${resource}`);
  }

  /** The store of `resource` in `group` in any served version. */
  storeFor(group: string, resource: string): Store | undefined {
    return this.byGroupResource.get(`${group}/${resource}`);
  }
}

/** Called after the served set changed. */
export type ServedSetListener = (current: ServedSet, previous: ServedSet) => void;

/** Holds the current ServedSet and tells listeners when it is replaced. */
export class ResourceRegistry {
  private snapshot: ServedSet;
  private readonly listeners = new Set<ServedSetListener>();

  constructor(stores: readonly Store[] = []) {
    this.snapshot = new ServedSet(stores);
  }

  /** What is served now. */
  current(): ServedSet {
    return this.snapshot;
  }

  /** Serves `stores` besides the current ones; a store of an already served group/version/resource replaces it. */
  add(stores: readonly Store[]): void {
    const replaced = new Set(stores.map((s) => key(s.def)));
    this.replace([...this.snapshot.stores.filter((s) => !replaced.has(key(s.def))), ...stores]);
  }

  /** Stops serving the resources `keep` rejects. */
  remove(drop: (def: ResourceDefinition) => boolean): void {
    this.replace(this.snapshot.stores.filter((s) => !drop(s.def)));
  }

  /** Listens for changes; returns the function that stops listening. */
  onChange(listener: ServedSetListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private replace(stores: readonly Store[]): void {
    const previous = this.snapshot;
    this.snapshot = new ServedSet(stores);
    for (const listener of this.listeners) listener(this.snapshot, previous);
  }
}

const key = (def: ResourceDefinition): string => `${def.group}/${def.version}/${def.resource}`;
