// Helpers of the backend contract suite: fixtures, unique key prefixes, error assertions, and a watch
// recorder that consumes a watch in the background.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Backend, WatchBatch, WatchEvent } from '../interface.js';
import { isStorageError, type StorageErrorCode } from '../errors.js';

/** What a backend's test file hands the contract suite for each test. */
export interface BackendFixture {
  backend: Backend;
  /** Opens the same storage again after the test closed `backend` (durable backends only). */
  reopen?: () => Promise<Backend>;
  /** Closes whatever is still open and removes the storage. */
  cleanup: () => Promise<void>;
}

/** Opens a fresh fixture per test. */
export type OpenFixture = () => Promise<BackendFixture>;

/** Upper bound for waiting on something that must happen; a liveness guard, not a timing assertion. */
export const PATIENCE_MS = 20_000;

/** Runs `body` on a fresh fixture and always cleans up. */
export async function withBackend(open: OpenFixture, body: (fixture: BackendFixture) => Promise<void>): Promise<void> {
  const fixture = await open();
  try {
    await body(fixture);
  } finally {
    await fixture.cleanup();
  }
}

/** A key prefix no other test uses, so that backends on a shared store (etcd) can run the suite. */
export function uniquePrefix(): string {
  return `/contract/${randomUUID().slice(0, 8)}/`;
}

/** Asserts that `promise` rejects with StorageError `code`; returns the error. */
export async function rejectsWith(promise: Promise<unknown>, code: StorageErrorCode) {
  try {
    await promise;
  } catch (error) {
    assert.ok(isStorageError(error, code), `expected StorageError ${code}, got ${String(error)}`);
    return error;
  }
  assert.fail(`expected StorageError ${code}, but it resolved`);
}

/** Waits until `condition` holds, polling; fails after PATIENCE_MS. */
export async function eventually(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A watch consumed in the background. */
export interface WatchRecorder {
  readonly batches: WatchBatch[];
  /** Every event received so far, in order. */
  events(): WatchEvent[];
  /** The error the iterator threw, once it ended with one. */
  readonly error: unknown;
  readonly ended: boolean;
  /** Waits until at least `n` events arrived. */
  waitForEvents(n: number): Promise<WatchEvent[]>;
  /** Aborts the watch and waits for the iterator to end. */
  stop(): Promise<void>;
}

/** Starts consuming `backend.watch(prefix, from)`. */
export function recordWatch(backend: Backend, prefix: string, from: number): WatchRecorder {
  const controller = new AbortController();
  const batches: WatchBatch[] = [];
  const state: { error: unknown; ended: boolean } = { error: undefined, ended: false };
  const iterable = backend.watch(prefix, from, controller.signal);
  const done = (async () => {
    try {
      for await (const batch of iterable) batches.push(batch);
    } catch (error) {
      state.error = error;
    } finally {
      state.ended = true;
    }
  })();
  const events = (): WatchEvent[] => batches.flatMap((batch) => batch.events);
  return {
    batches,
    events,
    get error() {
      return state.error;
    },
    get ended() {
      return state.ended;
    },
    async waitForEvents(n) {
      await eventually(() => {
        if (state.error !== undefined) throw state.error;
        return events().length >= n;
      }, `${n} watch events on ${prefix}`);
      return events();
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}

/** A short description of an event, for readable assertions. */
export function describeEvent(event: WatchEvent): string {
  if (event.type === 'DELETE') return `DELETE ${event.key}@${event.revision} prev=${event.prevKv.value}`;
  return `PUT ${event.kv.key}=${event.kv.value}@${event.kv.modRevision} prev=${event.prevKv?.value ?? '-'}`;
}
