import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeHeaderBlock, HpackDecoder, HpackError } from './hpack.js';
import { decodeHuffman, huffmanCodes } from './huffman.js';

const hex = (text: string): Buffer => Buffer.from(text.replace(/\s/g, ''), 'hex');
const fields = (pairs: [string, string][]): Record<string, string> => Object.assign(Object.create(null) as object, Object.fromEntries(pairs));

test('Huffman: the canonical code built from the lengths is RFC 7541 Appendix B', () => {
  const codes = huffmanCodes();
  // Spot checks from the appendix: the first and last code of every length, and symbols far apart.
  const expected: [number, number, number][] = [
    [48, 0x0, 5], [116, 0x9, 5], [32, 0x14, 6], [122, 0x7b, 7], [38, 0xf8, 8], [90, 0xfd, 8], [33, 0x3f8, 10],
    [63, 0x3fc, 10], [39, 0x7fa, 11], [124, 0x7fc, 11], [35, 0xffa, 12], [62, 0xffb, 12], [0, 0x1ff8, 13],
    [126, 0x1ffd, 13], [94, 0x3ffc, 14], [125, 0x3ffd, 14], [60, 0x7ffc, 15], [123, 0x7ffe, 15], [92, 0x7fff0, 19],
    [208, 0x7fff2, 19], [128, 0xfffe6, 20], [226, 0xfffed, 20], [153, 0x1fffdc, 21], [230, 0x1fffe8, 21],
    [129, 0x3fffd2, 22], [233, 0x3fffeb, 22], [1, 0x7fffd8, 23], [239, 0x7ffff4, 23], [9, 0xffffea, 24],
    [237, 0xfffff5, 24], [199, 0x1ffffec, 25], [235, 0x1ffffef, 25], [192, 0x3ffffe0, 26], [255, 0x3ffffee, 26],
    [203, 0x7ffffde, 27], [254, 0x7fffff0, 27], [2, 0xfffffe2, 28], [249, 0xffffffe, 28], [10, 0x3ffffffc, 30],
    [22, 0x3ffffffe, 30], [256, 0x3fffffff, 30],
  ];
  for (const [symbol, code, length] of expected) assert.deepEqual(codes[symbol], { code, length }, `symbol ${symbol}`);
  // A complete prefix code: the Kraft sum is exactly one.
  assert.equal(codes.reduce((sum, { length }) => sum + 2 ** (30 - length), 0), 2 ** 30);
});

test('Huffman: the strings of RFC 7541 C.4 and C.6 decode; EOS and bad padding are errors', () => {
  assert.equal(decodeHuffman(hex('f1e3c2e5f23a6ba0ab90f4ff')), 'www.example.com');
  assert.equal(decodeHuffman(hex('a8eb10649cbf')), 'no-cache');
  assert.equal(decodeHuffman(hex('25a849e95bb8e8b4bf')), 'custom-value');
  assert.equal(decodeHuffman(hex('d07abe941054d444a8200595040b8166e082a62d1bff')), 'Mon, 21 Oct 2013 20:13:21 GMT');
  assert.equal(decodeHuffman(hex('640eff')), '307');
  assert.throws(() => decodeHuffman(hex('ffffffff')), /Huffman/); // EOS inside the string
  assert.throws(() => decodeHuffman(hex('00')), /padding/); // '0' then three zero bits of padding
  assert.throws(() => decodeHuffman(hex('1fff')), /padding/); // '0' then eleven bits of padding
});

test('decoder: the requests of RFC 7541 C.3 and C.4 share one dynamic table', () => {
  for (const blocks of [
    ['828684410f7777772e6578616d706c652e636f6d', '828684be58086e6f2d6361636865', '828785bf400a637573746f6d2d6b65790c637573746f6d2d76616c7565'],
    ['828684418cf1e3c2e5f23a6ba0ab90f4ff', '828684be5886a8eb10649cbf', '828785bf408825a849e95ba97d7f8925a849e95bb8e8b4bf'],
  ]) {
    const decoder = new HpackDecoder();
    const base: [string, string][] = [[':method', 'GET'], [':scheme', 'http'], [':path', '/'], [':authority', 'www.example.com']];
    assert.deepEqual(decoder.decode(hex(blocks[0]!)), fields(base));
    assert.deepEqual(decoder.decode(hex(blocks[1]!)), fields([...base, ['cache-control', 'no-cache']]));
    assert.deepEqual(decoder.decode(hex(blocks[2]!)), fields([[':method', 'GET'], [':scheme', 'https'], [':path', '/index.html'],
      [':authority', 'www.example.com'], ['custom-key', 'custom-value']]));
    assert.deepEqual(decoder.dynamicTable, [['custom-key', 'custom-value'], ['cache-control', 'no-cache'], [':authority', 'www.example.com']]);
  }
});

test('decoder: the responses of RFC 7541 C.6 evict the oldest entries of a 256-byte table', () => {
  const decoder = new HpackDecoder(256);
  decoder.decode(hex('488264025885aec3771a4b6196d07abe941054d444a8200595040b8166e082a62d1bff6e919d29ad171863c78f0b97c8e9ae82ae43d3'));
  assert.deepEqual(decoder.decode(hex('4883640effc1c0bf')), fields([[':status', '307'], ['cache-control', 'private'],
    ['date', 'Mon, 21 Oct 2013 20:13:21 GMT'], ['location', 'https://www.example.com']]));
  const third = decoder.decode(hex(`88c16196d07abe941054d444a8200595040b8166e084a62d1bffc05a839bd9ab77ad94e7821dd7f2e6c7b335dfdfcd5b3960d5af
    27087f3672c1ab270fb5291f9587316065c003ed4ee5b1063d5007`));
  assert.equal(third[':status'], '200');
  assert.equal(third['set-cookie'], 'foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1');
  assert.deepEqual(decoder.dynamicTable, [['set-cookie', 'foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1'],
    ['content-encoding', 'gzip'], ['date', 'Mon, 21 Oct 2013 20:13:22 GMT']]);
});

test('decoder: size updates, unknown indexes and cut blocks', () => {
  assert.throws(() => new HpackDecoder().decode(hex('4001610162 00')), HpackError); // a second field cut short
  assert.throws(() => new HpackDecoder().decode(hex('be')), HpackError); // dynamic index 1 of an empty table
  assert.throws(() => new HpackDecoder().decode(hex('80')), HpackError); // index 0
  assert.throws(() => new HpackDecoder().decode(hex('0403')), HpackError); // string cut short
  assert.throws(() => new HpackDecoder(100).decode(hex('3f46')), HpackError); // 101 > the announced 100
  assert.throws(() => new HpackDecoder().decode(hex('8220')), HpackError); // an update after a field
  assert.deepEqual(new HpackDecoder().decode(hex('20 3fe11f 82')), fields([[':method', 'GET']])); // two updates, then a field
  const shrinking = new HpackDecoder();
  assert.deepEqual(shrinking.decode(hex('4001610162 4001630164')), fields([['a', 'b'], ['c', 'd']]));
  assert.deepEqual(shrinking.dynamicTable, [['c', 'd'], ['a', 'b']]);
  assert.deepEqual(shrinking.decode(hex('20')), fields([])); // size 0 empties the table
  assert.equal(shrinking.dynamicTable.length, 0);
});

test('encoder: static fields indexed, others literal without indexing, as a decoder reads them back', () => {
  const block = encodeHeaderBlock([[':method', 'POST'], [':scheme', 'http'], [':path', '/etcdserverpb.KV/Txn'],
    ['content-type', 'application/grpc'], ['te', 'trailers'], ['x-long', 'v'.repeat(300)]]);
  assert.deepEqual([...block.subarray(0, 3)], [0x83, 0x86, 0x04]);
  const decoder = new HpackDecoder();
  assert.deepEqual(decoder.decode(block), fields([[':method', 'POST'], [':scheme', 'http'], [':path', '/etcdserverpb.KV/Txn'],
    ['content-type', 'application/grpc'], ['te', 'trailers'], ['x-long', 'v'.repeat(300)]]));
  assert.equal(decoder.dynamicTable.length, 0);
});
