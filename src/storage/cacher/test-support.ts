// Helpers for the cacher's tests: objects, a cacher over the memory backend, and a backend wrapper whose
// watches can be broken and held, to exercise the reflector's recovery paths.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Backend, WatchBatch } from '../interface.js';
import { createMemoryBackend, type MemoryBackend } from '../memory/memory-backend.js';
import { Cacher, type CacherOptions } from './cacher.js';
import type { WatchItem } from './cache-event.js';

export const PREFIX = '/registry/configmaps/';

/** A ConfigMap's stored JSON (no resourceVersion: the cacher sets it). */
export function configMap(namespace: string, name: string, labels: Record<string, string> = {}, data: Record<string, string> = {}): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, labels }, data });
}

/** The key of a ConfigMap. */
export const keyOf = (namespace: string, name: string): string => `${PREFIX}${namespace}/${name}`;

/** Decodes stored JSON. */
export const decode: CacherOptions['decode'] = (kv) => JSON.parse(kv.value) as KubeObject;

/** A started cacher over `backend` (a fresh memory backend by default). */
export async function startCacher(
  options: Partial<CacherOptions> = {},
): Promise<{ cacher: Cacher; backend: Backend; close(): Promise<void> }> {
  const backend = options.backend ?? createMemoryBackend();
  const cacher = new Cacher({ backend, prefix: PREFIX, decode, ...options });
  await cacher.start();
  return {
    cacher,
    backend,
    async close() {
      cacher.stop();
      await backend.close();
    },
  };
}

/** A fresh memory backend (typed for compact()). */
export const memoryBackend = (): MemoryBackend => createMemoryBackend();

/** Keeps the event loop alive while a test waits on unref'd cache timers (bookmarks); returns the stopper. */
export function keepAlive(): () => void {
  const timer = setInterval(() => undefined, 1_000);
  return () => clearInterval(timer);
}

/** Reads `count` items from a watch iterator. */
export async function take(iterator: AsyncIterator<WatchItem>, count: number): Promise<WatchItem[]> {
  const items: WatchItem[] = [];
  while (items.length < count) {
    const next = await iterator.next();
    if (next.done === true) throw new Error(`watch ended after ${items.length} of ${count} items`);
    items.push(next.value);
  }
  return items;
}

/** `type name@revision` of watch items, for compact assertions. */
export function summary(items: readonly WatchItem[]): string[] {
  return items.map((item) =>
    item.type === 'BOOKMARK' ? `BOOKMARK@${item.revision}` : `${item.type} ${item.object.object.metadata.name}@${item.revision}`);
}

/** Polls `condition` on the event loop until it holds (synchronization, not a timing assertion). */
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; !condition(); i++) {
    if (i > 5_000) throw new Error('condition never held');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** A backend whose watches tests can break (the iterator throws) and hold (new watches wait). */
export interface FlakyBackend extends Backend {
  /** Starting revisions of every watch call, in order. */
  readonly watchCalls: number[];
  /** Watches waiting for release(). */
  readonly held: number;
  /** Makes every open watch throw `error`. */
  breakWatches(error: Error): void;
  /** New watches wait until release(). */
  hold(): void;
  release(): void;
}

/** Wraps `inner` (see FlakyBackend). */
export function flaky(inner: Backend): FlakyBackend {
  const breakers = new Set<(error: Error) => void>();
  const watchCalls: number[] = [];
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;
  let held = 0;

  async function* watch(prefix: string, from: number, signal: AbortSignal): AsyncGenerator<WatchBatch> {
    held++;
    await gate;
    held--;
    watchCalls.push(from);
    const controller = new AbortController();
    const onAbort = (): void => controller.abort();
    signal.addEventListener('abort', onAbort);
    let broken: Error | undefined;
    const breaker = (error: Error): void => {
      broken = error;
      controller.abort();
    };
    breakers.add(breaker);
    try {
      for await (const batch of inner.watch(prefix, from, controller.signal)) yield batch;
    } finally {
      breakers.delete(breaker);
      signal.removeEventListener('abort', onAbort);
    }
    if (broken !== undefined) throw broken;
  }

  return {
    name: inner.name,
    currentRevision: () => inner.currentRevision(),
    compactedRevision: () => inner.compactedRevision(),
    get: (key) => inner.get(key),
    range: (prefix, options) => inner.range(prefix, options),
    create: (key, value, options) => inner.create(key, value, options),
    update: (key, value, expected, options) => inner.update(key, value, expected, options),
    delete: (key, expected) => inner.delete(key, expected),
    requestProgress: () => inner.requestProgress(),
    watch,
    compact: (revision) => inner.compact(revision),
    check: () => inner.check(),
    close: () => inner.close(),
    watchCalls,
    get held() {
      return held;
    },
    breakWatches: (error) => {
      for (const breaker of [...breakers]) breaker(error);
    },
    hold: () => {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release: () => {
      gate = undefined;
      open?.();
    },
  };
}
