// The live keys of the SQLite store, in memory: key -> the revision holding its value, their order, and
// the expiry of keys written with a TTL. Why not a table: a key B-tree takes new keys at random places, so
// every create dirtied a 4 KB page of it (and another of a (key, revision) index) in each commit's WAL;
// measured with 46 creates per commit at 20k-60k keys, ~68 µs of the event loop per write, ~20 µs with
// the log alone. kv_log stays the one source of truth: this index is rebuilt from it when the store opens.
// Writes of one transaction go to a batch overlay that is applied after the commit, or dropped with it.
import { KeyOrder } from '../key-order.js';

/** A transaction's changes: the new revision of a key, or null once deleted; and new expiries. */
interface Overlay {
  readonly revisions: Map<string, number | null>;
  readonly expiries: Map<string, number | null>;
}

/** One row of kv_log as the index is built from it, in revision order. */
export interface LogEntry {
  key: string;
  revision: number;
  deleted: number;
  expiresAt: number | null;
}

/** The live-key index of one database. */
export class LiveKeys {
  readonly #revisions = new Map<string, number>();
  readonly #order: KeyOrder;
  /** Keys with a TTL: key -> expiry (ms since the epoch). Only leases and events have one. */
  readonly #expiries = new Map<string, number>();
  /** At most the earliest expiry held (a removal leaves it lower): until then no key is due, and a reap walks none. */
  #nextExpiry = Number.POSITIVE_INFINITY;
  #overlay: Overlay | undefined;

  /** Builds the index from every kv_log row, oldest first: the newest row of each key decides. */
  constructor(log: Iterable<LogEntry>) {
    for (const { key, revision, deleted, expiresAt } of log) {
      if (deleted) {
        this.#revisions.delete(key);
        this.#expiries.delete(key);
        continue;
      }
      this.#revisions.set(key, revision);
      if (expiresAt === null) this.#expiries.delete(key);
      else this.#expiries.set(key, expiresAt);
    }
    for (const expiresAt of this.#expiries.values()) this.#nextExpiry = Math.min(this.#nextExpiry, expiresAt);
    this.#order = new KeyOrder(this.#revisions.keys(), (key) => this.#revisions.has(key));
  }

  /** The revision of the key's current value, undefined when it does not exist (writes of the open batch included). */
  revisionOf(key: string): number | undefined {
    const pending = this.#overlay?.revisions.get(key);
    if (pending !== undefined) return pending ?? undefined;
    return this.#revisions.get(key);
  }

  /** Opens a batch: the writes until commit() or rollback() are seen by revisionOf but not yet by ranges. */
  begin(): void {
    this.#overlay = { revisions: new Map(), expiries: new Map() };
  }

  /** Records a write of the open batch. */
  put(key: string, revision: number, expiresAt: number | null): void {
    const overlay = this.#overlay as Overlay;
    overlay.revisions.set(key, revision);
    this.#expire(overlay, key, expiresAt);
  }

  /** Records a deletion of the open batch. */
  remove(key: string): void {
    const overlay = this.#overlay as Overlay;
    overlay.revisions.set(key, null);
    this.#expire(overlay, key, null);
  }

  /** Records an expiry, or its absence where the key may have had one (most keys never have any). */
  #expire(overlay: Overlay, key: string, expiresAt: number | null): void {
    if (expiresAt !== null || overlay.expiries.has(key) || this.#expiries.has(key)) overlay.expiries.set(key, expiresAt);
  }

  /** The batch committed: its writes become the index. */
  commit(): void {
    const overlay = this.#overlay;
    this.#overlay = undefined;
    if (overlay === undefined) return;
    for (const [key, revision] of overlay.revisions) {
      if (revision === null) {
        if (this.#revisions.delete(key)) this.#order.remove(key);
      } else if (this.#revisions.get(key) === undefined) {
        this.#revisions.set(key, revision);
        this.#order.add(key);
      } else {
        this.#revisions.set(key, revision);
      }
    }
    for (const [key, expiresAt] of overlay.expiries) {
      if (expiresAt === null) this.#expiries.delete(key);
      else {
        this.#expiries.set(key, expiresAt);
        this.#nextExpiry = Math.min(this.#nextExpiry, expiresAt);
      }
    }
  }

  /** The batch rolled back: nothing it wrote happened. */
  rollback(): void {
    this.#overlay = undefined;
  }

  /** Live keys in [start, end) in key order (no end bound when `end` is undefined), at most `limit` (-1: all). */
  range(start: string, end: string | undefined, limit: number): Array<{ key: string; revision: number }> {
    const found: Array<{ key: string; revision: number }> = [];
    if (limit === 0) return found;
    for (const key of this.#order.range(start, end)) {
      found.push({ key, revision: this.#revisions.get(key) as number });
      if (found.length === limit) break;
    }
    return found;
  }

  /** How many live keys lie in [start, end). */
  count(start: string, end: string | undefined): number {
    return this.#order.count(start, end);
  }

  /** Keys whose TTL passed at `now`, soonest first, at most `limit`. */
  expired(now: number, limit: number): Array<{ key: string; modRevision: number }> {
    if (now < this.#nextExpiry) return [];
    const due: Array<{ key: string; expiresAt: number }> = [];
    let next = Number.POSITIVE_INFINITY;
    for (const [key, expiresAt] of this.#expiries) {
      if (expiresAt <= now) due.push({ key, expiresAt });
      next = Math.min(next, expiresAt); // the due ones too: they stay until their deletes commit
    }
    this.#nextExpiry = next;
    due.sort((a, b) => a.expiresAt - b.expiresAt);
    return due.slice(0, limit).map(({ key }) => ({ key, modRevision: this.#revisions.get(key) as number }));
  }
}
