// A local mirror of one resource (client-go's shared informer, in the small): list, then watch from the
// list's revision, keeping every object by namespace/name and telling handlers of each change. A watch
// that ends is followed by a relist, which also reports objects deleted meanwhile. In-process readers that
// must answer without a storage round trip (the RBAC authorizer's index) read from it. A transform (as
// client-go's) keeps only what its reader needs of each object (the Node authorizer's pods).
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Store } from './store/index.js';

/** How long to wait before listing again after a watch failed. */
const RESTART_DELAY_MS = 500;

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

const keyOf = (namespace: string, name: string): string => `${namespace}/${name}`;

export class Informer<T extends KubeObject = KubeObject> implements ObjectIndex<T> {
  readonly #objects = new Map<string, T>();
  readonly #handlers: InformerHandlers<T>[] = [];
  #synced = false;
  #watching = false;
  readonly #syncWaiters: (() => void)[] = [];

  /**
   * `transform` turns each object read into what is kept and handed to handlers (default: the object); it
   * must keep `metadata.namespace`, `name` and `resourceVersion`.
   */
  constructor(
    private readonly store: Store,
    private readonly transform: (object: KubeObject) => T = (object) => object as T,
  ) {}

  addHandlers(handlers: InformerHandlers<T>): void {
    this.#handlers.push(handlers);
    for (const object of this.#objects.values()) handlers.onAdd?.(object);
  }

  /** Follows the store until `signal` aborts. Never rejects. */
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
    return this.#objects.get(keyOf(namespace, name));
  }

  /** Every object, or those of one namespace. */
  list(namespace?: string): T[] {
    const all = [...this.#objects.values()];
    return namespace === undefined ? all : all.filter((o) => (o.metadata.namespace ?? '') === namespace);
  }

  async #follow(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const list = await this.store.list('', {});
        this.#replace(list.items.map((item) => this.transform(item.object)));
        this.#markSynced();
        this.#watching = true;
        for await (const event of this.store.watch('', { resourceVersion: String(list.revision), allowWatchBookmarks: false, signal })) {
          if (event.type === 'BOOKMARK') continue;
          const object = this.transform(event.item.object);
          if (event.type === 'DELETED') this.#delete(object);
          else this.#put(object);
        }
      } catch (error) {
        if (!signal.aborted) console.error(`kplane: informer of ${this.store.def.resource}.${this.store.def.group} ended, relisting:`, error instanceof Error ? error.message : error);
      }
      this.#watching = false;
      if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS).unref());
    }
  }

  #replace(objects: T[]): void {
    const seen = new Set<string>();
    for (const object of objects) {
      seen.add(keyOf(object.metadata.namespace ?? '', object.metadata.name ?? ''));
      this.#put(object);
    }
    for (const [key, object] of this.#objects) if (!seen.has(key)) this.#delete(object);
  }

  #put(object: T): void {
    const key = keyOf(object.metadata.namespace ?? '', object.metadata.name ?? '');
    const old = this.#objects.get(key);
    if (old !== undefined && old.metadata.resourceVersion === object.metadata.resourceVersion) return;
    this.#objects.set(key, object);
    for (const handlers of this.#handlers) {
      if (old === undefined) handlers.onAdd?.(object);
      else handlers.onUpdate?.(old, object);
    }
  }

  #delete(object: T): void {
    const key = keyOf(object.metadata.namespace ?? '', object.metadata.name ?? '');
    const old = this.#objects.get(key);
    if (old === undefined) return;
    this.#objects.delete(key);
    for (const handlers of this.#handlers) handlers.onDelete?.(old);
  }

  #markSynced(): void {
    if (this.#synced) return;
    this.#synced = true;
    for (const resolve of this.#syncWaiters.splice(0)) resolve();
  }
}
