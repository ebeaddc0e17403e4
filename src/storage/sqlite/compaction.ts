// History compaction. Compacting to C keeps, for every key, the rows at or above C and the newest row
// below C (dropped too when it is a tombstone). That is exactly what a read at any revision >= C needs,
// and what a watch from C needs: every event >= C together with the value before it (its prevKv).
// Work is done in chunks of revisions, each its own transaction, yielding to the event loop in between
// so that a large compaction does not stall requests.
import type Database from 'better-sqlite3';
import { unavailable } from '../errors.js';
import type { Statements } from './statements.js';
import type { RevisionState } from './write-ops.js';

/** Revisions compacted per transaction. */
const CHUNK = 10_000;

/** Serialized compaction of one database. */
export interface Compactor {
  /** Compacts history below `revision` (<= current); resolves once the compacted revision reached it. */
  compactTo(revision: number): Promise<void>;
  /** Compacts what was committed before `cutoff` (wall time, ms); resolves with the compacted revision. */
  compactBefore(cutoff: number): Promise<number>;
  /** Stops between chunks; pending compactions reject with `Unavailable`. */
  stop(): Promise<void>;
}

/** Creates the compactor of `db`; the compacted revision is kept in `state` and in `meta`. */
export function createCompactor(db: Database.Database, stmts: Statements, state: RevisionState): Compactor {
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();

  const step = db.transaction((from: number, to: number) => {
    stmts.deleteSuperseded.run({ from, to });
    stmts.deleteTombstones.run({ from, to });
    stmts.deleteCommitsBefore.run(to);
    stmts.setCompactedRevision.run(to);
  });

  async function run(target: number): Promise<void> {
    while (state.compactedRevision < target) {
      if (stopped) throw unavailable('sqlite: backend closed during compaction');
      const from = state.compactedRevision;
      const to = Math.min(target, from + CHUNK);
      step(from, to);
      state.compactedRevision = to;
      if (to < target) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = chain.then(task);
    chain = result.catch(() => undefined);
    return result;
  }

  return {
    compactTo: (revision) => enqueue(() => run(revision)),
    compactBefore: (cutoff) =>
      enqueue(async () => {
        if (stopped) throw unavailable('sqlite: backend closed');
        const last = stmts.lastCommitBefore.get(cutoff)?.revision ?? null;
        if (last !== null) await run(Math.min(last + 1, state.revision));
        return state.compactedRevision;
      }),
    async stop() {
      stopped = true;
      await chain;
    },
  };
}
