import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStorageError } from '../errors.js';
import { prefixRangeEnd, translateError } from './etcd-client.js';
import { GrpcCode, GrpcStatusError } from './grpc/grpc-status.js';

test('prefixRangeEnd increments the last byte below 0xff, as etcd clients do', () => {
  const cases: Array<[number[], number[]]> = [
    [[0x2f, 0x61, 0x2f], [0x2f, 0x61, 0x30]],
    [[0x61, 0xff], [0x62]],
    [[0x61, 0xff, 0xff], [0x62]],
    [[0xff], [0x00]],
    [[], [0x00]],
  ];
  for (const [prefix, end] of cases) assert.deepEqual([...prefixRangeEnd(Buffer.from(prefix))], end, `prefix ${prefix.join(',')}`);
  const input = Buffer.from('/a/');
  prefixRangeEnd(input);
  assert.equal(input.toString(), '/a/', 'the prefix is not modified');
});

test('translateError: "etcd did not answer" is Unavailable, anything else passes through', () => {
  const unavailable = [
    new GrpcStatusError(GrpcCode.Unavailable, 'etcd connection failed: connect ECONNREFUSED 127.0.0.1:2379'),
    new GrpcStatusError(GrpcCode.DeadlineExceeded, 'etcd did not answer within 10000 ms'),
    new GrpcStatusError(GrpcCode.Unavailable, 'etcdserver: request timed out'),
    new GrpcStatusError(GrpcCode.Unavailable, 'etcdserver: no leader'),
  ];
  for (const error of unavailable) assert.ok(isStorageError(translateError(error, 'read'), 'Unavailable'), error.message);
  const other = new GrpcStatusError(GrpcCode.InvalidArgument, 'etcdserver: request is too large');
  assert.equal(translateError(other, 'write'), other);
  assert.equal(translateError('text', 'write'), 'text');
});
