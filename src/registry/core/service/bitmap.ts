// An allocation bitmap over offsets [0, size): the state a RangeAllocation stores (upstream
// registry/core/service/allocator AllocationBitmap). Offset i is bit i of one big integer whose
// big-endian bytes (Go's big.Int.Bytes(): no leading zero bytes) are the RangeAllocation's `data`.

/** Picks a free offset: upstream's random scan, optionally preferring offsets at or above `offset`. */
export type ScanStrategy = (bitmap: AllocationBitmap) => number | undefined;

export class AllocationBitmap {
  private readonly bits: Uint8Array;
  private used = 0;

  constructor(readonly size: number) {
    this.bits = new Uint8Array(Math.ceil(size / 8));
  }

  /** Number of offsets still free. */
  free(): number {
    return this.size - this.used;
  }

  has(offset: number): boolean {
    if (offset < 0 || offset >= this.size) return false;
    return (this.bits[offset >> 3]! & (1 << (offset & 7))) !== 0;
  }

  /** Marks `offset` used; false when it already was (or lies outside the range). */
  allocate(offset: number): boolean {
    if (offset < 0 || offset >= this.size || this.has(offset)) return false;
    this.bits[offset >> 3]! |= 1 << (offset & 7);
    this.used++;
    return true;
  }

  /** Frees `offset`; freeing a free or out-of-range offset does nothing. */
  release(offset: number): void {
    if (!this.has(offset)) return;
    this.bits[offset >> 3]! &= ~(1 << (offset & 7));
    this.used--;
  }

  /** Every used offset, ascending. */
  *usedOffsets(): Iterable<number> {
    for (let i = 0; i < this.size; i++) if (this.has(i)) yield i;
  }

  /** The big-endian bytes of the bitmap as one integer, without leading zero bytes (Go big.Int.Bytes). */
  snapshot(): Uint8Array {
    let top = this.bits.length;
    while (top > 0 && this.bits[top - 1] === 0) top--;
    const out = new Uint8Array(top);
    for (let i = 0; i < top; i++) out[top - 1 - i] = this.bits[i]!;
    return out;
  }

  /** Replaces the state with a snapshot; bits beyond `size` are dropped (a range that shrank). */
  restore(data: Uint8Array): void {
    this.bits.fill(0);
    this.used = 0;
    for (let i = 0; i < data.length; i++) {
      const byte = data[data.length - 1 - i]!;
      for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) this.allocate(i * 8 + bit);
    }
  }

  clone(): AllocationBitmap {
    const copy = new AllocationBitmap(this.size);
    copy.bits.set(this.bits);
    copy.used = this.used;
    return copy;
  }
}

/** First free offset scanning [from, from + length) circularly from a random start, or undefined. */
function scan(bitmap: AllocationBitmap, from: number, length: number, random: (n: number) => number): number | undefined {
  if (length <= 0) return undefined;
  const start = random(length);
  for (let i = 0; i < length; i++) {
    const at = from + ((start + i) % length);
    if (!bitmap.has(at)) return at;
  }
  return undefined;
}

const mathRandom = (n: number): number => Math.floor(Math.random() * n);

/** Upstream randomScanStrategy: a random start, then the first free offset after it (node ports). */
export function randomScan(random: (n: number) => number = mathRandom): ScanStrategy {
  return (bitmap) => (bitmap.free() === 0 ? undefined : scan(bitmap, 0, bitmap.size, random));
}

/**
 * Upstream randomScanStrategyWithOffset: dynamic allocations come from [offset, size) first and from the
 * lower band [0, offset), kept for static requests, only when the upper band is full (cluster IPs).
 */
export function randomScanWithOffset(offset: number, random: (n: number) => number = mathRandom): ScanStrategy {
  if (offset <= 0) return randomScan(random);
  return (bitmap) => {
    if (bitmap.free() === 0) return undefined;
    return scan(bitmap, offset, bitmap.size - offset, random) ?? scan(bitmap, 0, offset, random);
  };
}
