import { test } from 'node:test';
import assert from 'node:assert/strict';
import { constants, type ServerHttp2Stream } from 'node:http2';
import { isStorageError } from '../../errors.js';
import { translateError } from '../etcd-client.js';
import { GrpcChannel } from './channel.js';
import { GrpcCode, GrpcStatusError } from './grpc-status.js';
import { fakeEtcd, framed } from './test-grpc-server.js';

const echo = (_path: string, message: Buffer, stream: ServerHttp2Stream): void => {
  stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
  stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
  stream.end(framed(Buffer.concat([Buffer.from('echo:'), message])));
};

async function closedPort(): Promise<string> {
  const { url, server } = await fakeEtcd(echo);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

test('a unary call sends one framed message and resolves with the framed answer', async () => {
  const { url, server } = await fakeEtcd(echo);
  const channel = new GrpcChannel({ endpoints: [url], requestTimeoutMs: 5_000 });
  try {
    const answers = await Promise.all([1, 2, 3].map((i) => channel.unary('/etcdserverpb.KV/Range', Buffer.from(`m${i}`))));
    assert.deepEqual(answers.map(String), ['echo:m1', 'echo:m2', 'echo:m3']);
  } finally {
    channel.close();
    server.close();
  }
});

test('a non-OK status rejects with etcd\'s message, from trailers or from a trailers-only answer', async () => {
  const { url, server } = await fakeEtcd((path, _message, stream) => {
    const status = { 'grpc-status': String(GrpcCode.OutOfRange), 'grpc-message': encodeURIComponent('etcdserver: mvcc: required revision has been compacted') };
    if (path.endsWith('/Trailers')) {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers(status));
      stream.end();
    } else {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc', ...status }, { endStream: true });
    }
  });
  const channel = new GrpcChannel({ endpoints: [url], requestTimeoutMs: 5_000 });
  try {
    for (const path of ['/x/Trailers', '/x/TrailersOnly']) {
      await assert.rejects(channel.unary(path, Buffer.alloc(0)), (error: unknown) => {
        assert.ok(error instanceof GrpcStatusError);
        assert.equal(error.code, GrpcCode.OutOfRange);
        assert.equal(error.message, 'etcdserver: mvcc: required revision has been compacted');
        assert.equal(translateError(error, 'range'), error, 'an answer from etcd is not a connectivity failure');
        return true;
      });
    }
  } finally {
    channel.close();
    server.close();
  }
});

test('an unreachable member fails fast as Unavailable, and the next call goes to the next member', async () => {
  const dead = await closedPort();
  const { url, server } = await fakeEtcd(echo);
  const channel = new GrpcChannel({ endpoints: [dead, url], requestTimeoutMs: 30_000 });
  try {
    await assert.rejects(channel.unary('/etcdserverpb.KV/Range', Buffer.from('a')), (error: unknown) => {
      assert.ok(error instanceof GrpcStatusError && error.code === GrpcCode.Unavailable, String(error));
      assert.ok(isStorageError(translateError(error, 'read'), 'Unavailable'));
      return true;
    });
    assert.equal(String(await channel.unary('/etcdserverpb.KV/Range', Buffer.from('b'))), 'echo:b');
  } finally {
    channel.close();
    server.close();
  }
});

test('a call etcd does not answer within the deadline is cancelled as DeadlineExceeded (Unavailable)', async () => {
  const { url, server } = await fakeEtcd(() => undefined);
  const channel = new GrpcChannel({ endpoints: [url], requestTimeoutMs: 50 });
  try {
    await assert.rejects(channel.unary('/etcdserverpb.KV/Txn', Buffer.from('a')), (error: unknown) => {
      assert.ok(error instanceof GrpcStatusError && error.code === GrpcCode.DeadlineExceeded, String(error));
      assert.ok(isStorageError(translateError(error, 'write'), 'Unavailable'));
      return true;
    });
  } finally {
    channel.close();
    server.close();
  }
});

test('a closed channel refuses calls', async () => {
  const channel = new GrpcChannel({ endpoints: ['http://127.0.0.1:1'], requestTimeoutMs: 1_000 });
  channel.close();
  await assert.rejects(channel.unary('/x', Buffer.alloc(0)), GrpcStatusError);
});

test('a call etcd refused unprocessed (REFUSED_STREAM) is tried once more', async () => {
  let calls = 0;
  const { url, server } = await fakeEtcd((path, message, stream) => {
    if (++calls === 1) {
      stream.on('error', () => undefined);
      stream.close(constants.NGHTTP2_REFUSED_STREAM);
      return;
    }
    echo(path, message, stream);
  });
  const channel = new GrpcChannel({ endpoints: [url], requestTimeoutMs: 5_000 });
  try {
    assert.equal(String(await channel.unary('/etcdserverpb.KV/Txn', Buffer.from('once'))), 'echo:once');
    assert.equal(calls, 2);
  } finally {
    channel.close();
    server.close();
  }
});

test('an endpoint that is not an http(s) URL is refused when the channel is made', () => {
  for (const endpoint of ['127.0.0.1:2379', 'unix:///run/etcd.sock', '']) {
    assert.throws(() => new GrpcChannel({ endpoints: [endpoint], requestTimeoutMs: 1_000 }), /not an http:\/\/ or https:\/\/ URL/);
  }
});
