// HPACK (RFC 7541) for this HTTP/2 client: a full decoder (the server's encoder indexes and Huffman-codes as
// it likes) and an encoder that sends every field as a literal without indexing, so that a request's header
// block depends on nothing but its fields and can be built once per call path.
import { HpackError } from './hpack-error.js';
import { decodeHuffman } from './huffman.js';
import { STATIC_TABLE } from './hpack-static-table.js';

/** A decoded header block: field name to value (a repeated name keeps its last value). */
export type HeaderFields = Record<string, string>;

export { HpackError };

/** Per-entry overhead of the dynamic table's size accounting (RFC 7541 §4.1). */
const ENTRY_OVERHEAD = 32;

export class HpackDecoder {
  /** Newest entry last: dynamic index 1 is the last element. */
  readonly #entries: [string, string][] = [];
  #size = 0;
  #maxSize: number;

  /** `limit` is the SETTINGS_HEADER_TABLE_SIZE this side announced (4096 unless it said otherwise). */
  constructor(private readonly limit = 4096) {
    this.#maxSize = limit;
  }

  /** The dynamic table, newest first (for tests). */
  get dynamicTable(): readonly (readonly [string, string])[] {
    return [...this.#entries].reverse();
  }

  decode(block: Uint8Array): HeaderFields {
    const fields: HeaderFields = Object.create(null) as HeaderFields;
    const reader = new BlockReader(block);
    let fieldSeen = false;
    while (!reader.done) {
      const byte = reader.peek();
      if (byte & 0x80) {
        const [name, value] = this.#field(reader.integer(7));
        fields[name] = value;
      } else if ((byte & 0xe0) === 0x20) {
        // A dynamic table size update: only before the block's first field (§4.2; there may be two), never
        // above the announced limit.
        const size = reader.integer(5);
        if (fieldSeen || size > this.limit) throw new HpackError('HPACK: misplaced or oversized table size update');
        this.#maxSize = size;
        this.#evict(0);
        continue;
      } else {
        const indexing = (byte & 0xc0) === 0x40;
        const index = reader.integer(indexing ? 6 : 4);
        const name = index === 0 ? reader.string() : this.#field(index)[0];
        const value = reader.string();
        if (indexing) this.#add(name, value);
        fields[name] = value;
      }
      fieldSeen = true;
    }
    return fields;
  }

  #field(index: number): readonly [string, string] {
    if (index > 0 && index < STATIC_TABLE.length) return STATIC_TABLE[index]!;
    const entry = this.#entries[this.#entries.length - 1 - (index - STATIC_TABLE.length)];
    if (index === 0 || entry === undefined) throw new HpackError(`HPACK: no table entry ${index}`);
    return entry;
  }

  #add(name: string, value: string): void {
    const size = name.length + value.length + ENTRY_OVERHEAD;
    this.#evict(size);
    // An entry larger than the whole table empties it and is not added (§4.4).
    if (size > this.#maxSize) return;
    this.#entries.push([name, value]);
    this.#size += size;
  }

  /** Drops the oldest entries until `room` more bytes fit. */
  #evict(room: number): void {
    while (this.#size + room > this.#maxSize && this.#entries.length > 0) {
      const [name, value] = this.#entries.shift()!;
      this.#size -= name.length + value.length + ENTRY_OVERHEAD;
    }
  }
}

/** Reads a header block's primitives: prefixed integers (§5.1) and string literals (§5.2). */
class BlockReader {
  #at = 0;
  constructor(private readonly block: Uint8Array) {}

  get done(): boolean {
    return this.#at >= this.block.length;
  }

  peek(): number {
    return this.block[this.#at]!;
  }

  integer(prefixBits: number): number {
    const max = (1 << prefixBits) - 1;
    let value = this.#byte() & max;
    if (value < max) return value;
    for (let shift = 0; ; shift += 7) {
      if (shift > 21) throw new HpackError('HPACK: integer too large');
      const byte = this.#byte();
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
  }

  string(): string {
    const huffman = (this.peek() & 0x80) !== 0;
    const length = this.integer(7);
    const end = this.#at + length;
    if (end > this.block.length) throw new HpackError('HPACK: string runs past the block');
    const bytes = this.block.subarray(this.#at, end);
    this.#at = end;
    return huffman ? decodeHuffman(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  }

  #byte(): number {
    if (this.#at >= this.block.length) throw new HpackError('HPACK: block ends inside a field');
    return this.block[this.#at++]!;
  }
}

/**
 * A header block of `fields`: a field the static table holds whole is indexed, any other is a literal
 * without indexing (with the static table's name where it has one), strings plain.
 */
export function encodeHeaderBlock(fields: readonly (readonly [string, string])[]): Buffer {
  const bytes: number[] = [];
  for (const [name, value] of fields) {
    const whole = STATIC_TABLE.findIndex(([n, v], i) => i > 0 && n === name && v === value);
    if (whole > 0) {
      pushInteger(bytes, whole, 7, 0x80);
      continue;
    }
    const named = STATIC_TABLE.findIndex(([n], i) => i > 0 && n === name);
    pushInteger(bytes, Math.max(named, 0), 4, 0x00);
    if (named <= 0) pushString(bytes, name);
    pushString(bytes, value);
  }
  return Buffer.from(bytes);
}

function pushInteger(bytes: number[], value: number, prefixBits: number, flags: number): void {
  const max = (1 << prefixBits) - 1;
  if (value < max) {
    bytes.push(flags | value);
    return;
  }
  bytes.push(flags | max);
  let rest = value - max;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
}

function pushString(bytes: number[], text: string): void {
  const raw = Buffer.from(text, 'latin1');
  pushInteger(bytes, raw.length, 7, 0x00);
  bytes.push(...raw);
}
