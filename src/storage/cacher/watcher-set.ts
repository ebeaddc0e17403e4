// The live watchers of one cache, indexed so that an event reaches only those whose key range covers it:
// prefix watchers (lists, namespaces) are scanned; single-object watchers are found by exact key.
import type { CacheEvent } from './cache-event.js';
import type { Watcher } from './watcher.js';

/** Registered watchers and event dispatch. */
export class WatcherSet {
  readonly #prefixWatchers = new Set<Watcher>();
  readonly #keyWatchers = new Map<string, Set<Watcher>>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  add(watcher: Watcher): void {
    const key = watcher.keyPrefix;
    if (key.endsWith('/')) {
      this.#prefixWatchers.add(watcher);
    } else {
      let watchers = this.#keyWatchers.get(key);
      if (watchers === undefined) this.#keyWatchers.set(key, (watchers = new Set()));
      watchers.add(watcher);
    }
    this.#size++;
  }

  remove(watcher: Watcher): void {
    const key = watcher.keyPrefix;
    let removed: boolean;
    if (key.endsWith('/')) {
      removed = this.#prefixWatchers.delete(watcher);
    } else {
      const watchers = this.#keyWatchers.get(key);
      removed = watchers?.delete(watcher) ?? false;
      if (watchers?.size === 0) this.#keyWatchers.delete(key);
    }
    if (removed) this.#size--;
  }

  /** Hands one shared event to every watcher whose key range covers it, in registration order. */
  dispatch(event: CacheEvent): void {
    const key = event.object.key;
    for (const watcher of this.#prefixWatchers) {
      if (key.startsWith(watcher.keyPrefix)) watcher.deliver(event);
    }
    const exact = this.#keyWatchers.get(key);
    if (exact !== undefined) for (const watcher of exact) watcher.deliver(event);
  }

  /** The oldest revision any watcher has yet to hand over (Infinity when none has any). */
  oldestPending(): number {
    let oldest = Infinity;
    const consider = (watcher: Watcher): void => {
      const pending = watcher.oldestPending;
      if (pending !== undefined && pending < oldest) oldest = pending;
    };
    this.#prefixWatchers.forEach(consider);
    for (const watchers of this.#keyWatchers.values()) watchers.forEach(consider);
    return oldest;
  }

  /** Every registered watcher (a copy: callbacks may remove watchers). */
  all(): Watcher[] {
    const all = [...this.#prefixWatchers];
    for (const watchers of this.#keyWatchers.values()) all.push(...watchers);
    return all;
  }
}
