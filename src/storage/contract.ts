// The backend contract suite (ARCHITECTURE §3, STYLE: one suite per pluggable interface): every backend
// (memory, sqlite, etcd) runs these same tests from its own test file:
//
//   runBackendContract('sqlite', async () => ({ backend, reopen, cleanup }));
//
// Tests use unique key prefixes and relative revisions so that a backend on a shared store can run them.
// Points the interface leaves open and this suite pins down (etcd semantics):
// - a fresh store is at a revision >= 1 and every successful write takes exactly the next revision;
// - `watch(prefix, 0)` streams the events after the current revision;
// - compacting at or below the compacted revision is a no-op; above the current one is FutureRevision;
// - a watch from exactly the compacted revision works and its first event still has its prevKv;
// - an update without `ttlSeconds` clears an earlier TTL (a put without lease detaches it);
// - close ends open watches and is idempotent.
import { describe } from 'node:test';
import type { OpenFixture } from './contract/helpers.js';
import { kvCases } from './contract/kv-cases.js';
import { rangeCases } from './contract/range-cases.js';
import { watchCases } from './contract/watch-cases.js';
import { lifecycleCases } from './contract/lifecycle-cases.js';

export type { BackendFixture, OpenFixture } from './contract/helpers.js';

/** Registers the contract tests for one backend; `open` makes a fresh fixture for every test. */
export function runBackendContract(name: string, open: OpenFixture, options: { durable: boolean }): void {
  describe(`${name} backend contract`, () => {
    describe('keys and revisions', () => kvCases(open));
    describe('ranges', () => rangeCases(open));
    describe('watch', () => watchCases(open));
    describe('lifecycle', () => lifecycleCases(open, options.durable));
  });
}
