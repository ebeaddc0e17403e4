import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryBackend } from '../../../storage/memory/index.js';
import { StoredRange } from './stored-range.js';

describe('StoredRange', () => {
  it('stores the bitmap as a RangeAllocation and batches concurrent changes', async () => {
    const backend = createMemoryBackend();
    const range = new StoredRange(backend, '/registry/ranges/serviceips', '10.0.0.0/24', 254);
    const before = await backend.currentRevision();
    await Promise.all(Array.from({ length: 50 }, (_, i) => range.run((b) => b.allocate(i))));
    const kv = await backend.get('/registry/ranges/serviceips');
    const stored = JSON.parse(kv!.value) as { kind: string; range: string; data: string };
    assert.equal(stored.kind, 'RangeAllocation');
    assert.equal(stored.range, '10.0.0.0/24');
    assert.equal((await range.read()).free(), 204);
    assert.ok(kv!.modRevision - before < 50, 'fewer writes than changes');
    await backend.close();
  });

  it('two allocators on one store never hand out one offset twice', async () => {
    const backend = createMemoryBackend();
    const a = new StoredRange(backend, '/registry/ranges/x', '0-99', 100);
    const b = new StoredRange(backend, '/registry/ranges/x', '0-99', 100);
    const take = (r: StoredRange) =>
      r.run((bitmap) => {
        for (let i = 0; i < 100; i++) if (bitmap.allocate(i)) return i;
        throw new Error('full');
      });
    const got = await Promise.all(Array.from({ length: 100 }, (_, i) => take(i % 2 ? a : b)));
    assert.equal(new Set(got).size, 100);
    await assert.rejects(take(a), /full/);
    await backend.close();
  });

  it('a refused change fails alone and leaves the others in the batch', async () => {
    const backend = createMemoryBackend();
    const r = new StoredRange(backend, '/registry/ranges/y', '0-9', 10);
    const results = await Promise.allSettled([
      r.run((b) => b.allocate(1)),
      r.run(() => {
        throw new Error('no');
      }),
      r.run((b) => b.allocate(2)),
    ]);
    assert.deepEqual(results.map((x) => x.status), ['fulfilled', 'rejected', 'fulfilled']);
    assert.deepEqual([...(await r.read()).usedOffsets()], [1, 2]);
    await backend.close();
  });
});
