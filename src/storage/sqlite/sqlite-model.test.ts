// Model test: random writes and compactions applied to the SQLite and memory backends side by side must
// give identical outcomes, past snapshots and watch replays. The two keep history in very different
// ways (log rows with compaction vs. an undo log), so agreement is strong evidence both are right.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backend, WatchEvent } from '../interface.js';
import { createMemoryBackend } from '../memory/memory-backend.js';
import { createSqliteBackend } from './sqlite-backend.js';

function lcg(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

type Outcome = { ok: unknown } | { code: string };

async function outcome(write: Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: await write };
  } catch (error) {
    return { code: (error as { code?: string }).code ?? String(error) };
  }
}

/** Every event under `prefix` in [from, to], read through a watch. */
async function replay(backend: Backend, prefix: string, from: number, to: number): Promise<WatchEvent[]> {
  const controller = new AbortController();
  const events: WatchEvent[] = [];
  for await (const batch of backend.watch(prefix, from, controller.signal)) {
    events.push(...batch.events);
    if (batch.revision >= to) break;
  }
  return events;
}

async function randomWrite(backend: Backend, pick: (n: number) => number, op: number, key: string, guess: number): Promise<Outcome> {
  if (op === 0) return outcome(backend.create(key, `c${pick(1000)}`, pick(5) === 0 ? { ttlSeconds: 3600 } : {}));
  if (op === 1) return outcome(backend.update(key, `u${pick(1000)}`, guess));
  return outcome(backend.delete(key, pick(2) === 0 ? undefined : guess));
}

async function compareSnapshots(sqlite: Backend, memory: Backend, pick: (n: number) => number): Promise<void> {
  const current = await memory.currentRevision();
  const compacted = Math.max(1, await memory.compactedRevision());
  assert.equal(await sqlite.currentRevision(), current);
  for (let i = 0; i < 3; i++) {
    const revision = compacted + pick(current - compacted + 1);
    const options = { revision, limit: pick(4), startKey: pick(2) === 0 ? `/m/k${pick(12)}` : undefined };
    assert.deepEqual(await sqlite.range('/m/', options), await memory.range('/m/', options), JSON.stringify(options));
  }
  const from = compacted + pick(current - compacted + 1);
  assert.deepEqual(await replay(sqlite, '/m/', from, current), await replay(memory, '/m/', from, current), `replay from ${from}`);
}

test('sqlite and memory backends agree under random writes and compactions', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kplane-model-'));
  const sqlite = createSqliteBackend({ path: join(dir, 'model.db') });
  const memory = createMemoryBackend();
  const pick = lcg(42);
  try {
    for (let step = 0; step < 1500; step++) {
      const key = `/m/k${pick(12)}`;
      const op = pick(3);
      const guess = Math.max(1, (await memory.currentRevision()) - pick(8));
      const seed = pick(1_000_000);
      const [a, b] = [await randomWrite(sqlite, lcg(seed), op, key, guess), await randomWrite(memory, lcg(seed), op, key, guess)];
      assert.deepEqual(a, b, `step ${step}: ${op} ${key}`);
      if (pick(50) === 0) {
        const current = await memory.currentRevision();
        const target = current - pick(20);
        await Promise.all([sqlite.compact(target), memory.compact(target)]);
      }
      if (step % 25 === 0) await compareSnapshots(sqlite, memory, pick);
    }
    await compareSnapshots(sqlite, memory, pick);
  } finally {
    await sqlite.close();
    await memory.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
