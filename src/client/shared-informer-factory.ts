// One list-and-watch per resource, shared by every controller of a process (client-go's
// SharedInformerFactory): a controller asks for an informer (a local cache with change handlers) or, when
// it keeps its own index as the garbage collector does, subscribes to the events alone. A subscriber that
// joins a running reflector makes it list again, so the newcomer is handed everything that exists; the
// others take the relist as a no-op (an informer tells handlers only of what changed).
import { setMaxListeners } from 'node:events';
import { Informer } from './informer.js';
import { clientListerWatcher, listThenWatch, type ListWatchSubscriber } from './list-watch.js';
import type { ResourceClient, ResourceRef } from './resource-client.js';

/**
 * What part of a resource an informer follows (client-go's filtered factories, WithNamespace and
 * WithTweakListOptions): a controller that needs a few objects of a big resource (one ConfigMap per
 * namespace) caches those only, so the process does not keep a second copy of the whole resource.
 */
export interface InformerFilter {
  readonly namespace?: string;
  readonly fieldSelector?: string;
  /** PartialObjectMetadata instead of whole objects (client-go's metadata informers). */
  readonly metadataOnly?: boolean;
  /** Objects without metadata.managedFields, for followers that never read them (ListQuery.omitManagedFields). */
  readonly omitManagedFields?: boolean;
}

const keyOf = (ref: ResourceRef, filter: InformerFilter = {}): string =>
  `${ref.group}/${ref.version}/${ref.resource}\u0000${filter.namespace ?? ''}\u0000${filter.fieldSelector ?? ''}\u0000${filter.metadataOnly ? 'metadata' : ''}\u0000${filter.omitManagedFields ? 'omit' : ''}`;

export class SharedInformerFactory {
  readonly #reflectors = new Map<string, SharedReflector>();
  readonly #informers = new Map<string, Informer>();
  #signal: AbortSignal | undefined;

  /** `clientFor` gives the client a resource is listed and watched through (the factory's own identity). */
  constructor(private readonly clientFor: (ref: ResourceRef) => ResourceClient) {}

  /** The shared informer of `ref` (of the objects `filter` selects: one informer per resource and filter). */
  informerFor<T extends Informer = Informer>(ref: ResourceRef, filter: InformerFilter = {}): T {
    const key = keyOf(ref, filter);
    let informer = this.#informers.get(key);
    if (!informer) {
      this.#informers.set(key, (informer = new Informer(undefined)));
      this.#reflector(ref, filter).subscribe(informer.subscriber);
    }
    return informer as T;
  }

  /** Tells `subscriber` every list and event of `ref` (no cache kept for it); returns the function that stops telling it. */
  subscribe(ref: ResourceRef, subscriber: ListWatchSubscriber, filter: InformerFilter = {}): () => void {
    return this.#reflector(ref, filter).subscribe(subscriber);
  }

  /** Runs every reflector, and those made later at once, until `signal` aborts. */
  start(signal: AbortSignal): void {
    setMaxListeners(0, signal); // each reflector listens on it (the garbage collector follows every resource)
    this.#signal = signal;
    for (const reflector of this.#reflectors.values()) reflector.run(signal);
  }

  #reflector(ref: ResourceRef, filter: InformerFilter = {}): SharedReflector {
    const key = keyOf(ref, filter);
    let reflector = this.#reflectors.get(key);
    if (!reflector) {
      this.#reflectors.set(key, (reflector = new SharedReflector(this.clientFor(ref), filter)));
      if (this.#signal) reflector.run(this.#signal);
    }
    return reflector;
  }
}

/** One resource's list-then-watch, told to every subscriber. */
class SharedReflector {
  #subscribers: ListWatchSubscriber[] = [];
  #round: AbortController | undefined;

  constructor(private readonly client: ResourceClient, private readonly filter: InformerFilter) {}

  subscribe(subscriber: ListWatchSubscriber): () => void {
    this.#subscribers.push(subscriber);
    this.#round?.abort(); // list again, for the newcomer
    // A new array: a delivery under way goes on over the one it started with.
    return () => void (this.#subscribers = this.#subscribers.filter((s) => s !== subscriber));
  }

  run(signal: AbortSignal): void {
    void this.#follow(signal);
  }

  async #follow(signal: AbortSignal): Promise<void> {
    const source = clientListerWatcher(this.client, this.filter);
    const each = (tell: (s: ListWatchSubscriber) => void): void => this.#subscribers.forEach(tell);
    while (!signal.aborted) {
      const round = (this.#round = new AbortController());
      const stop = (): void => round.abort();
      signal.addEventListener('abort', stop, { once: true });
      await listThenWatch(source, {
        signal: round.signal,
        who: 'shared informer',
        onList: (objects) => each((s) => s.onList(objects)),
        onEvent: (object, type) => each((s) => s.onEvent(object, type)),
        onWatching: (watching) => each((s) => s.onWatching?.(watching)),
        onError: () => each((s) => s.onError?.()),
      });
      signal.removeEventListener('abort', stop);
    }
  }
}
