// Following one resource as client-go's reflector does: list, then watch from the list's revision. A watch
// that the server ends (its timeout, a watcher the cache closed as unresponsive) is opened again from the
// last version seen, so the server replays what was missed from its history; only a failure (an ERROR
// event such as 410 Gone, storage unavailable, a refused request) lists again, after a pause. A relist hands
// over everything that exists, so a reader also learns what was deleted meanwhile. The informer and the
// garbage collector follow their resources through it, over a client (controllers) or a store (the server's
// own authorizers).
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { ResourceClient } from './resource-client.js';
import type { InformerFilter } from './shared-informer-factory.js';
import type { WatchBatch } from './watch-stream.js';

/** How long to wait before listing again after a failure; after more failures the wait doubles up to the maximum (client-go's reflector backs off to 30 s). */
const RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** Failures further apart than this do not add up (client-go's reflector backoff reset). */
const BACKOFF_RESET_MS = 2 * 60_000;

/** The two reads a reflector makes of one resource, across all namespaces (client-go's cache.ListerWatcher). */
export interface ListerWatcher {
  /** For log lines: `configmaps`, `leases.coordination.k8s.io`. */
  readonly description: string;
  list(): Promise<{ objects: readonly Readonly<KubeObject>[]; resourceVersion: string }>;
  watch(resourceVersion: string, signal: AbortSignal): AsyncIterable<WatchBatch>;
}

/** A ListerWatcher over a client: all namespaces, or one, the objects a field selector picks, whole or their metadata only. */
export function clientListerWatcher(client: ResourceClient, filter: InformerFilter = {}): ListerWatcher {
  const { group, resource } = client.ref;
  const namespace = filter.namespace ?? '';
  const query = { ...(filter.fieldSelector ? { fieldSelector: filter.fieldSelector } : {}), ...(filter.metadataOnly ? { metadataOnly: true } : {}), ...(filter.omitManagedFields ? { omitManagedFields: true } : {}) };
  return {
    description: group ? `${resource}.${group}` : resource,
    async list() {
      const { items, resourceVersion } = await client.list(namespace, query);
      return { objects: items, resourceVersion };
    },
    watch: (resourceVersion, signal) => client.watch(namespace, { ...query, resourceVersion, signal }),
  };
}

/** What one follower of a resource is told (a reflector may tell several: a shared informer's). */
export interface ListWatchSubscriber {
  /** Every object of a (re)list. */
  onList(objects: readonly Readonly<KubeObject>[]): void;
  onEvent(object: Readonly<KubeObject>, type: 'ADDED' | 'MODIFIED' | 'DELETED'): void;
  /** True once a list is delivered and the watch opens; false when it ends. */
  onWatching?(watching: boolean): void;
  /** A list or watch failed. */
  onError?(): void;
}

export interface ListWatchHandlers extends ListWatchSubscriber {
  signal: AbortSignal;
  /** Who follows, for the log line of a failure (`kplane: <who> of configmaps ended, relisting: ...`). */
  who: string;
}

/** Follows `source` until `signal` aborts. Never rejects. */
export async function listThenWatch(source: ListerWatcher, h: ListWatchHandlers): Promise<void> {
  const { signal } = h;
  let failures = 0;
  // Since when nothing failed: client-go's backoff manager forgets failures after two quiet minutes.
  let quietSince = performance.now();
  while (!signal.aborted) {
    try {
      const list = await source.list();
      h.onList(list.objects);
      h.onWatching?.(true);
      let resourceVersion = list.resourceVersion;
      for (;;) {
        resourceVersion = await watchOnce(source, resourceVersion, h);
        if (signal.aborted) break;
        failures = 0; // the server ended a working watch
      }
    } catch (error) {
      if (performance.now() - quietSince >= BACKOFF_RESET_MS) failures = 0;
      quietSince = performance.now();
      failures++;
      if (!signal.aborted) {
        h.onError?.();
        console.error(`kplane: ${h.who} of ${source.description} ended, relisting:`, error instanceof Error ? error.message : error);
      }
    }
    h.onWatching?.(false);
    // A list or watch that keeps failing (storage down, a policy that forbids it) is retried less and less often.
    const delay = Math.min(RESTART_DELAY_MS * 2 ** Math.max(0, failures - 1), MAX_RESTART_DELAY_MS);
    if (!signal.aborted) await sleep(delay, undefined, { signal, ref: false }).catch(() => undefined);
  }
}

/** A watch that ends this soon without an event is not opened again at once (client-go's errorVeryShortWatch). */
const VERY_SHORT_WATCH_MS = 1000;

/** One watch from `resourceVersion` until the server ends it; returns the last version seen (bookmarks included). */
async function watchOnce(source: ListerWatcher, resourceVersion: string, h: ListWatchHandlers): Promise<string> {
  const started = performance.now();
  let events = 0;
  for await (const batch of source.watch(resourceVersion, h.signal)) {
    for (const event of batch) {
      events++;
      resourceVersion = event.object.metadata?.resourceVersion || resourceVersion;
      if (event.type !== 'BOOKMARK') h.onEvent(event.object, event.type);
    }
  }
  if (events === 0 && !h.signal.aborted && performance.now() - started < VERY_SHORT_WATCH_MS) {
    throw new Error('very short watch: the watch ended too soon and without an event');
  }
  return resourceVersion;
}
