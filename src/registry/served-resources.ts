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
  /** Stores by resource name, then told apart by group and version: no key string joined per request. */
  private readonly byResource: ReadonlyMap<string, readonly Store[]>;
  private readonly byGroupResource: ReadonlyMap<string, Store>;
  private readonly groups: ReadonlySet<string>;

  constructor(readonly stores: readonly Store[]) {
    this.definitions = stores.map((s) => s.def);
    this.byResource = indexByResource(stores);
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
    const candidates = this.byResource.get(resource);
    if (candidates === undefined) return undefined;
    for (const s of candidates) if (s.def.group === group && s.def.version === version) return s;
    return undefined;
  }

  /** The store of `resource` in `group` in any served version. */
  storeFor(group: string, resource: string): Store | undefined {
    return this.byGroupResource.get(`${group}/${resource}`);
  }
}

/** The stores of each resource name; of two with the same group and version, the later (as a Map of paths kept it). */
function indexByResource(stores: readonly Store[]): Map<string, Store[]> {
  const byResource = new Map<string, Store[]>();
  for (const s of stores) {
    const list = byResource.get(s.def.resource);
    if (list === undefined) {
      byResource.set(s.def.resource, [s]);
      continue;
    }
    const same = list.findIndex((other) => other.def.group === s.def.group && other.def.version === s.def.version);
    if (same >= 0) list[same] = s;
    else list.push(s);
  }
  return byResource;
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
