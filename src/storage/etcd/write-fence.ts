// What "watch from revision 0" means on a remote store. The contract says: the events after the current
// revision. Reading etcd's revision is a round trip, and a write this backend issues right after calling
// watch() can reach etcd before that read and be counted as "already current", so the watch would miss a
// write its own caller made after starting it. The fence closes that gap: every write issued while a start
// revision is being resolved lowers it to just below that write's revision.

/** Tracks writes in flight for the resolutions of "now" that are pending. */
export class WriteFence {
  /** One set per pending resolution: the writes issued since it began, as their revisions. */
  readonly #pending = new Set<Set<Promise<number | undefined>>>();

  /** Registers a write at the moment it is issued; returns it unchanged. */
  track<T>(write: Promise<T>, revisionOf: (result: T) => number): Promise<T> {
    if (this.#pending.size > 0) {
      const revision = write.then(revisionOf, () => undefined);
      for (const writes of this.#pending) writes.add(revision);
    }
    return write;
  }

  /**
   * The first revision a watch from "now" must include: after `readCurrent()`'s revision, and no later than
   * any write issued after this call. Writes issued after the read returned come after it anyway.
   */
  async firstRevisionAfterNow(readCurrent: () => Promise<number>): Promise<number> {
    const writes = new Set<Promise<number | undefined>>();
    this.#pending.add(writes);
    try {
      let first = (await readCurrent()) + 1;
      for (const revision of await Promise.all(writes)) {
        if (revision !== undefined && revision < first) first = revision;
      }
      return first;
    } finally {
      this.#pending.delete(writes);
    }
  }
}
