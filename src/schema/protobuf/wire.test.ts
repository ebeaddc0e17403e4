import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ProtoDecodeError, ProtoReader, ProtoWriter, WireType } from './wire.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const reader = (h: string): ProtoReader => new ProtoReader(Buffer.from(h, 'hex'));

test('varints are written as Go writes them', () => {
  const cases: [string, (w: ProtoWriter) => ProtoWriter, string][] = [
    ['uint32 0', (w) => w.uint32(0), '00'],
    ['uint32 300', (w) => w.uint32(300), 'ac02'],
    ['int32 -1 sign-extended to 10 bytes', (w) => w.int32(-1), 'ffffffffffffffffff01'],
    ['int64 2^40', (w) => w.int64(2 ** 40), '808080808020'],
    ['int64 -2', (w) => w.int64(-2), 'feffffffffffffffff01'],
    ['bool true', (w) => w.bool(true), '01'],
    ['tag field 17 length-delimited', (w) => w.tag(17, WireType.LengthDelimited), '8a01'],
    ['string', (w) => w.string('héllo'), '0668c3a96c6c6f'],
  ];
  for (const [name, write, expected] of cases) assert.equal(hex(write(new ProtoWriter()).finish()), expected, name);
});

test('int32 and int64 round-trip, negative values included', () => {
  fc.assert(
    fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.maxSafeInteger(), fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }), (i32, i64, neg) => {
      const bytes = new ProtoWriter().int32(i32).int64(i64).int64(neg).finish();
      const r = new ProtoReader(bytes);
      assert.equal(r.int32(), i32);
      assert.equal(r.int64(), i64);
      assert.equal(r.int64(), neg);
      assert.ok(r.done());
    }),
  );
});

test('doubles, strings and bytes round-trip', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true }), fc.string(), fc.uint8Array(), (d, s, b) => {
      const r = new ProtoReader(new ProtoWriter().double(d).string(s).bytes(b).finish());
      assert.equal(Object.is(r.double(), d), true);
      assert.equal(r.string(), s);
      assert.deepEqual(Array.from(r.bytes()), Array.from(b));
    }),
  );
});

test('embedded messages get their length inserted, also when it takes several bytes', () => {
  for (const size of [0, 1, 127, 128, 20_000]) {
    const w = new ProtoWriter();
    const start = w.beginMessage(2);
    w.tag(1, WireType.LengthDelimited).string('x'.repeat(size));
    w.endMessage(start);
    w.tag(3, WireType.Varint).uint32(7);
    const r = new ProtoReader(w.finish());
    assert.deepEqual(r.tag(), { field: 2, wireType: WireType.LengthDelimited });
    const inner = r.message();
    assert.deepEqual(inner.tag(), { field: 1, wireType: WireType.LengthDelimited });
    assert.equal(inner.string().length, size);
    assert.ok(inner.done());
    assert.deepEqual(r.tag(), { field: 3, wireType: WireType.Varint });
    assert.equal(r.int32(), 7);
  }
});

test('skip passes over every wire type, groups included', () => {
  // field 1 varint, 2 fixed64, 3 bytes, 4 group { 5 varint }, 6 fixed32, then field 7 = 42
  const body = '089601' + '11' + '0102030405060708' + '1a03616263' + '23' + '2801' + '24' + '3501020304' + '382a';
  const skipper = reader(body);
  for (let i = 0; i < 5; i++) {
    const { field, wireType } = skipper.tag();
    skipper.skip(wireType, field);
  }
  assert.deepEqual(skipper.tag(), { field: 7, wireType: WireType.Varint });
  assert.equal(skipper.int32(), 42);
  assert.ok(skipper.done());
});

test('malformed input fails with Go unmarshaler texts', () => {
  const cases: [string, (r: ProtoReader) => unknown, string][] = [
    ['truncated varint', (r) => r.int64(), 'unexpected EOF'],
    ['length past the end', (r) => r.bytes(), 'unexpected EOF'],
    ['varint over 10 bytes', (r) => r.int64(), 'proto: integer overflow'],
    ['negative length', (r) => r.bytes(), 'proto: negative length found during unmarshaling'],
    ['field number 0', (r) => r.tag(), 'proto: illegal tag 0 (wire type 2)'],
    ['illegal wire type', (r) => r.skip(7), 'proto: illegal wireType 7'],
  ];
  const inputs = ['8080', '05616263', 'ffffffffffffffffffff01', 'ffffffffffffffffff01', '02', ''];
  cases.forEach(([name, read, message], i) => {
    assert.throws(() => read(reader(inputs[i] ?? '')), (error: unknown) => error instanceof ProtoDecodeError && error.message === message, name);
  });
});
