import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AllocationBitmap, randomScan, randomScanWithOffset } from './bitmap.js';

describe('AllocationBitmap', () => {
  it('allocates each offset once, releases, and counts what is free', () => {
    const b = new AllocationBitmap(10);
    assert.equal(b.allocate(3), true);
    assert.equal(b.allocate(3), false);
    assert.equal(b.allocate(10), false, 'outside the range');
    assert.equal(b.free(), 9);
    b.release(3);
    b.release(3);
    assert.equal(b.free(), 10);
  });

  it("snapshots as Go's big.Int.Bytes(): big-endian, no leading zero bytes", () => {
    const cases: { bits: number[]; bytes: number[] }[] = [
      { bits: [], bytes: [] },
      { bits: [0], bytes: [0x01] },
      { bits: [0, 9], bytes: [0x02, 0x01] },
      { bits: [15], bytes: [0x80, 0x00] },
    ];
    for (const { bits, bytes } of cases) {
      const b = new AllocationBitmap(30);
      bits.forEach((i) => b.allocate(i));
      assert.deepEqual([...b.snapshot()], bytes);
      const copy = new AllocationBitmap(30);
      copy.restore(b.snapshot());
      assert.deepEqual([...copy.usedOffsets()], bits);
    }
  });

  it('random scan finds the last free offset and reports a full range', () => {
    const b = new AllocationBitmap(5);
    [0, 1, 2, 4].forEach((i) => b.allocate(i));
    assert.equal(randomScan()(b), 3);
    b.allocate(3);
    assert.equal(randomScan()(b), undefined);
  });

  it('the offset strategy prefers the upper band, then falls back to the lower one', () => {
    const b = new AllocationBitmap(20);
    const next = randomScanWithOffset(16);
    for (let i = 0; i < 4; i++) {
      const at = next(b)!;
      assert.ok(at >= 16, `dynamic allocation ${at} in the upper band`);
      b.allocate(at);
    }
    const lower = next(b)!;
    assert.ok(lower < 16);
  });
});
