// The protobuf wire format (varints, length-delimited fields, fixed64), just what the Kubernetes
// messages use. Hand-written rather than a dependency: the subset is small, and 64-bit varints are
// read as two exact 32-bit halves so negative int32/int64 values (10-byte varints) survive.

/** Wire types of the protobuf encoding. */
export const WireType = { Varint: 0, Fixed64: 1, LengthDelimited: 2, StartGroup: 3, EndGroup: 4, Fixed32: 5 } as const;

/** A malformed message; the text is what Go's generated unmarshalers report. */
export class ProtoDecodeError extends Error {
  override readonly name = 'ProtoDecodeError';
}

const TWO_32 = 4294967296;
const utf8Decoder = new TextDecoder('utf-8');
const utf8Encoder = new TextEncoder();

/** Reads one message (or a slice of one) field by field. */
export class ProtoReader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    pos = 0,
    readonly end = buf.length,
  ) {
    this.pos = pos;
  }

  /** True once every byte of the slice was read. */
  done(): boolean {
    return this.pos >= this.end;
  }

  /** The next field's number and wire type. */
  tag(): { field: number; wireType: number } {
    const [lo, hi] = this.varint64();
    if (hi !== 0 || lo >>> 3 === 0) throw new ProtoDecodeError(`proto: illegal tag ${lo >>> 3} (wire type ${lo & 7})`);
    return { field: lo >>> 3, wireType: lo & 7 };
  }

  /** A varint as int32 (the low 32 bits, signed), as Go reads `int32`. */
  int32(): number {
    return this.varint64()[0] | 0;
  }

  /** A varint as int64; exact within JavaScript's safe integers. */
  int64(): number {
    const [lo, hi] = this.varint64();
    return (hi | 0) * TWO_32 + lo;
  }

  bool(): boolean {
    const [lo, hi] = this.varint64();
    return lo !== 0 || hi !== 0;
  }

  /** A little-endian IEEE 754 double (wire type 1). */
  double(): number {
    this.need(8);
    const view = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8);
    this.pos += 8;
    return view.getFloat64(0, true);
  }

  /** The bytes of a length-delimited field (a view, not a copy). */
  bytes(): Uint8Array {
    const length = this.length();
    const start = this.pos;
    this.pos += length;
    return this.buf.subarray(start, start + length);
  }

  string(): string {
    return utf8Decoder.decode(this.bytes());
  }

  /** A reader over the next length-delimited field (an embedded message). */
  message(): ProtoReader {
    const length = this.length();
    const reader = new ProtoReader(this.buf, this.pos, this.pos + length);
    this.pos += length;
    return reader;
  }

  /** Skips a field of an unknown number (groups included, as Go's skipGenerated does). */
  skip(wireType: number, field = 0): void {
    switch (wireType) {
      case WireType.Varint:
        this.varint64();
        return;
      case WireType.Fixed64:
        this.advance(8);
        return;
      case WireType.LengthDelimited:
        this.advance(this.length());
        return;
      case WireType.Fixed32:
        this.advance(4);
        return;
      case WireType.StartGroup:
        for (;;) {
          const next = this.tag();
          if (next.wireType === WireType.EndGroup) {
            if (next.field !== field) throw new ProtoDecodeError('proto: unexpected end of group');
            return;
          }
          this.skip(next.wireType, next.field);
        }
      default:
        throw new ProtoDecodeError(`proto: illegal wireType ${wireType}`);
    }
  }

  private length(): number {
    const [lo, hi] = this.varint64();
    if (hi !== 0 || lo > 0x7fffffff) throw new ProtoDecodeError('proto: negative length found during unmarshaling');
    this.need(lo);
    return lo;
  }

  private advance(count: number): void {
    this.need(count);
    this.pos += count;
  }

  private need(count: number): void {
    if (this.pos + count > this.end) throw new ProtoDecodeError('unexpected EOF');
  }

  /** A varint of up to 10 bytes as its exact low and high 32-bit halves (both unsigned). */
  private varint64(): [number, number] {
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new ProtoDecodeError('unexpected EOF');
      const byte = this.buf[this.pos++] as number;
      const bits = byte & 0x7f;
      if (i < 4) lo |= bits << (i * 7);
      else if (i === 4) {
        lo |= bits << 28;
        hi |= bits >>> 4;
      } else hi |= bits << (i * 7 - 32);
      if (byte < 0x80) return [lo >>> 0, hi >>> 0];
    }
    throw new ProtoDecodeError('proto: integer overflow');
  }
}

/** Builds one message; embedded messages are written in place and length-prefixed on close. */
export class ProtoWriter {
  private buf = new Uint8Array(256);
  private len = 0;

  /** The field key: number and wire type. */
  tag(field: number, wireType: number): this {
    return this.uint32(((field << 3) | wireType) >>> 0);
  }

  uint32(value: number): this {
    this.ensure(5);
    let v = value >>> 0;
    while (v > 0x7f) {
      this.buf[this.len++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.len++] = v;
    return this;
  }

  /** int32 as Go writes it: negative values sign-extended to 10 bytes. */
  int32(value: number): this {
    return value < 0 ? this.int64(value) : this.uint32(value);
  }

  /** int64 from a JavaScript integer (two's complement for negative values). */
  int64(value: number): this {
    let lo = value % TWO_32;
    const hi = Math.floor(value / TWO_32);
    if (lo < 0) lo += TWO_32;
    return this.varint64(lo >>> 0, hi >>> 0);
  }

  bool(value: boolean): this {
    return this.uint32(value ? 1 : 0);
  }

  double(value: number): this {
    this.ensure(8);
    new DataView(this.buf.buffer, this.buf.byteOffset + this.len, 8).setFloat64(0, value, true);
    this.len += 8;
    return this;
  }

  /** Length-prefixed bytes. */
  bytes(value: Uint8Array): this {
    this.uint32(value.length);
    this.ensure(value.length);
    this.buf.set(value, this.len);
    this.len += value.length;
    return this;
  }

  string(value: string): this {
    return this.bytes(utf8Encoder.encode(value));
  }

  /** Starts an embedded message of field `field`; close it with `endMessage(start)`. */
  beginMessage(field: number): number {
    this.tag(field, WireType.LengthDelimited);
    return this.len;
  }

  /** Closes an embedded message: inserts its length before its bytes. */
  endMessage(start: number): this {
    const length = this.len - start;
    const size = varintSize(length);
    this.ensure(size);
    this.buf.copyWithin(start + size, start, this.len);
    const end = this.len + size;
    this.len = start;
    this.uint32(length);
    this.len = end;
    return this;
  }

  /** The message written so far. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  private varint64(lo: number, hi: number): this {
    this.ensure(10);
    while (hi !== 0 || lo > 0x7f) {
      this.buf[this.len++] = (lo & 0x7f) | 0x80;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    this.buf[this.len++] = lo;
    return this;
  }

  private ensure(count: number): void {
    if (this.len + count <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.len + count));
    grown.set(this.buf.subarray(0, this.len));
    this.buf = grown;
  }
}

/** Bytes a varint of `value` (unsigned 32-bit) takes. */
function varintSize(value: number): number {
  let size = 1;
  for (let v = value >>> 7; v !== 0; v >>>= 7) size++;
  return size;
}
