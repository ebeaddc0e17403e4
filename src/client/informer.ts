// A local mirror of one resource (client-go's shared informer, in the small): list, then watch from the
// list's revision, keeping every object by namespace/name and telling handlers of each change. A watch
// the server ends is opened again from the last version seen; a failed one is followed by a relist, which
// also reports objects deleted meanwhile. In-process readers that
// must answer without a storage round trip (the RBAC authorizer's index) read from it. A transform (as
// client-go's) keeps only what its reader needs of each object (the Node authorizer's pods).
import type { KubeObject } from '../apis/meta/v1/types.js';
import { listThenWatch, type ListerWatcher, type ListWatchSubscriber } from './list-watch.js';


export interface InformerHandlers<T> {
  onAdd?(object: T): void;
  onUpdate?(old: T, object: T): void;
  onDelete?(object: T): void;
}

/** What readers of an informer use: lookups and change events (tests give a fixed set of objects). */
export interface ObjectIndex<T> {
  get(namespace: string, name: string): T | undefined;
  addHandlers(handlers: InformerHandlers<T>): void;
}

const namespaceOf = (o: KubeObject): string => o.metadata.namespace ?? '';
const nameOf = (o: KubeObject): string => o.metadata.name ?? '';

export class Informer<T extends KubeObject = KubeObject> implements ObjectIndex<T> {
  /** namespace ('' for cluster-scoped objects) -> name -> object: a lookup builds no key string. */
  readonly #objects = new Map<string, Map<string, T>>();
  readonly #handlers: InformerHandlers<T>[] = [];
  #synced = false;
  #watching = false;
  readonly #syncWaiters: (() => void)[] = [];

  /**
   * `source` is what `run` follows; an informer of a shared factory has none (the factory's reflector feeds
   * its `subscriber`). `transform` turns each object read into what is kept and handed to handlers
   * (default: the object); it must keep `metadata.namespace`, `name` and `resourceVersion`.
   */
  constructor(
    private readonly source: ListerWatcher | undefined,
    private readonly transform: (object: KubeObject) => T = (object) => object as T,
  ) {}

  /** What a reflector tells this informer: lists, events, and whether its watch is open. */
  readonly subscriber: ListWatchSubscriber = {
    onList: (objects) => {
      this.#replace(objects.map(this.transform));
      this.#markSynced();
    },
    onEvent: (object, type) => {
      if (type === 'DELETED') this.#delete(this.transform(object));
      else this.#put(this.transform(object));
    },
    onWatching: (watching) => (this.#watching = watching),
  };

  addHandlers(handlers: InformerHandlers<T>): void {
    this.#handlers.push(handlers);
    for (const object of this.#all()) handlers.onAdd?.(object);
  }

  /** Follows the resource until `signal` aborts. Never rejects. */
  run(signal: AbortSignal): void {
    void this.#follow(signal);
  }

  /** Resolves after the first list has been delivered. */
  synced(): Promise<void> {
    if (this.#synced) return Promise.resolve();
    return new Promise((resolve) => this.#syncWaiters.push(resolve));
  }

  get hasSynced(): boolean {
    return this.#synced;
  }

  /** Whether the watch is open (for health checks). */
  get watching(): boolean {
    return this.#watching;
  }

  get(namespace: string, name: string): T | undefined {
    return this.#objects.get(namespace)?.get(name);
  }

  /** Every object, or those of one namespace. */
  list(namespace?: string): T[] {
    if (namespace !== undefined) return [...(this.#objects.get(namespace)?.values() ?? [])];
    return [...this.#all()];
  }

  *#all(): Iterable<T> {
    for (const byName of this.#objects.values()) yield* byName.values();
  }

  #follow(signal: AbortSignal): Promise<void> {
    if (!this.source) throw new Error('kplane: an informer of a shared factory runs with the factory');
    return listThenWatch(this.source, { signal, who: 'informer', ...this.subscriber });
  }

  #replace(objects: T[]): void {
    const seen = new Set<T>();
    for (const object of objects) seen.add(this.#put(object));
    for (const object of [...this.#all()]) if (!seen.has(object)) this.#delete(object);
  }

  /** Keeps `object` (unless the same version is kept already); answers the object kept. */
  #put(object: T): T {
    const namespace = namespaceOf(object);
    let byName = this.#objects.get(namespace);
    if (byName === undefined) this.#objects.set(namespace, (byName = new Map()));
    const old = byName.get(nameOf(object));
    if (old !== undefined && old.metadata.resourceVersion === object.metadata.resourceVersion) return old;
    byName.set(nameOf(object), object);
    for (const handlers of this.#handlers) {
      if (old === undefined) handlers.onAdd?.(object);
      else handlers.onUpdate?.(old, object);
    }
    return object;
  }

  #delete(object: T): void {
    const byName = this.#objects.get(namespaceOf(object));
    const old = byName?.get(nameOf(object));
    if (byName === undefined || old === undefined) return;
    byName.delete(nameOf(object));
    if (byName.size === 0) this.#objects.delete(namespaceOf(object));
    for (const handlers of this.#handlers) handlers.onDelete?.(old);
  }

  #markSynced(): void {
    if (this.#synced) return;
    this.#synced = true;
    for (const resolve of this.#syncWaiters.splice(0)) resolve();
  }
}

/**
 * Calls `onChange` once after a burst of changes to any of `informers` (a list, several events delivered
 * together), on the next turn of the microtask queue: for readers that rebuild a whole view from the caches.
 */
export function onChanges(informers: readonly Informer[], onChange: () => void): void {
  let pending = false;
  const changed = (): void => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      onChange();
    });
  };
  for (const informer of informers) informer.addHandlers({ onAdd: changed, onUpdate: changed, onDelete: changed });
}
