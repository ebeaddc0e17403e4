import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompareResult, CompareTarget, rangeCodec, toNumber, txnCodec } from './etcd-proto.js';
import { upstreamProto } from './test-grpc-server.js';

test('a Txn request encodes to what etcd\'s rpc.proto decodes, field for field', async () => {
  const upstream = (await upstreamProto()).lookupType('etcdserverpb.TxnRequest');
  const key = Buffer.from('/registry/configmaps/ns/a');
  const bytes = txnCodec.encode({
    compare: [{ key, target: CompareTarget.Mod, result: CompareResult.Equal, mod_revision: 41 }],
    success: [{ request_put: { key, value: Buffer.from('{}'), lease: '7', prev_kv: true } }],
    failure: [{ request_range: { key } }],
  });
  const decoded = upstream.toObject(upstream.decode(bytes), { longs: Number, enums: String });
  assert.deepEqual(decoded, {
    compare: [{ key, target: 'Mod', result: 'Equal', mod_revision: 41 }],
    success: [{ request_put: { key, value: Buffer.from('{}'), lease: 7, prev_kv: true } }],
    failure: [{ request_range: { key } }],
  });
});

test('Txn and Range responses written by etcd\'s rpc.proto decode with revisions as numbers', async () => {
  const root = await upstreamProto();
  const kv = { key: Buffer.from('/k'), value: Buffer.from('v'), create_revision: 5, mod_revision: 9, version: 2 };
  const txn = root.lookupType('etcdserverpb.TxnResponse');
  const txnBytes = txn.encode(txn.fromObject({ header: { revision: 12 }, succeeded: false, responses: [{ response_range: { kvs: [kv], count: 1 } }] })).finish();
  const decodedTxn = txnCodec.decode(txnBytes);
  assert.equal(toNumber(decodedTxn.header?.revision), 12);
  assert.equal(decodedTxn.succeeded, false);
  const found = decodedTxn.responses[0]?.response_range?.kvs[0];
  assert.equal(found?.key.toString(), '/k');
  assert.equal(found?.value.toString(), 'v');
  assert.deepEqual([toNumber(found?.create_revision), toNumber(found?.mod_revision), toNumber(found?.version)], [5, 9, 2]);

  const range = root.lookupType('etcdserverpb.RangeResponse');
  const decodedRange = rangeCodec.decode(range.encode(range.fromObject({ header: { revision: 3 }, more: true, count: 1000 })).finish());
  assert.deepEqual([toNumber(decodedRange.header?.revision), decodedRange.more, toNumber(decodedRange.count), decodedRange.kvs], [3, true, 1000, []]);
});
