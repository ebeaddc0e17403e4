import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { createServer, constants, type Http2Server, type ServerHttp2Stream } from 'node:http2';
import { once } from 'node:events';
import { encodeHeaderBlock, type HeaderFields } from './hpack.js';
import { Http2ClientSession, type Http2SessionOptions } from './session.js';

/** A node:http2 server (nghttp2: Huffman, indexing, its own flow control) as the peer. */
async function h2Server(onStream: (stream: ServerHttp2Stream, headers: Record<string, unknown>) => void, settings = {}): Promise<{ url: URL; server: Http2Server }> {
  const server = createServer({ settings });
  server.on('stream', (stream, headers) => onStream(stream, headers));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { url: new URL(`http://127.0.0.1:${address.port}`), server };
}

/** A TCP server that reads and does what `onSocket` says (nothing, by default). */
async function rawServer(onSocket: (socket: Socket) => void = () => undefined): Promise<{ url: URL; server: TcpServer }> {
  const server = createTcpServer(onSocket);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { url: new URL(`http://127.0.0.1:${address.port}`), server };
}

const session = (url: URL, overrides: Partial<Http2SessionOptions> = {}): Http2ClientSession =>
  new Http2ClientSession({ url, receiveWindow: 128 << 10, connectTimeoutMs: 10_000, keepaliveTimeMs: 30_000, keepaliveTimeoutMs: 10_000, onUnusable: () => undefined, ...overrides });

const post = (path: string): Buffer => encodeHeaderBlock([[':method', 'POST'], [':scheme', 'http'], [':path', path], [':authority', 'test']]);

/** Opens a stream, sends `body`, and collects what comes back. */
function exchange(client: Http2ClientSession, path: string, body: Buffer): Promise<{ headers: HeaderFields[]; body: Buffer; error?: Error }> {
  return new Promise((resolve) => {
    const headers: HeaderFields[] = [];
    const chunks: Buffer[] = [];
    const stream = client.request(post(path), {
      headers: (fields) => headers.push(fields),
      data: (chunk) => chunks.push(Buffer.from(chunk)),
      closed: (error) => resolve({ headers, body: Buffer.concat(chunks), ...(error ? { error } : {}) }),
    });
    client.send(stream, body, true);
  });
}

const echo = (stream: ServerHttp2Stream, headers: Record<string, unknown>): void => {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => {
    stream.respond({ ':status': 200, 'x-path': String(headers[':path']) }, { waitForTrailers: true });
    stream.on('wantTrailers', () => stream.sendTrailers({ 'x-length': String(Buffer.concat(chunks).length) }));
    stream.end(Buffer.concat(chunks));
  });
};

test('a megabyte each way crosses both flow-control windows, in frames the peer accepts', async () => {
  const { url, server } = await h2Server(echo); // the server's windows are HTTP/2's default 64 KB
  const client = session(url); // and this side's 128 KB
  try {
    const body = Buffer.alloc(1 << 20, 'k');
    const answers = await Promise.all([exchange(client, '/a', body), exchange(client, '/b', body)]);
    for (const [i, answer] of answers.entries()) {
      assert.equal(answer.error, undefined);
      assert.equal(answer.headers[0]?.[':status'], '200');
      assert.equal(answer.headers[0]?.['x-path'], i === 0 ? '/a' : '/b');
      assert.equal(answer.headers[1]?.['x-length'], String(1 << 20));
      assert.ok(answer.body.equals(body));
    }
  } finally {
    client.destroy();
    server.close();
  }
});

test('streams beyond the peer\'s SETTINGS_MAX_CONCURRENT_STREAMS wait for a free one', async () => {
  let open = 0;
  let most = 0;
  const { url, server } = await h2Server((stream, headers) => {
    most = Math.max(most, ++open);
    stream.on('close', () => open--);
    setTimeout(() => echo(stream, headers), 5);
  }, { maxConcurrentStreams: 2 });
  const client = session(url);
  try {
    await exchange(client, '/first', Buffer.from('x')); // the server's SETTINGS have arrived
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => exchange(client, `/${i}`, Buffer.from(`m${i}`))));
    assert.deepEqual(answers.map((a) => a.body.toString()), Array.from({ length: 8 }, (_, i) => `m${i}`));
    assert.equal(most, 2);
  } finally {
    client.destroy();
    server.close();
  }
});

test('a reset stream ends with an error; header blocks split into CONTINUATION frames arrive whole', async () => {
  const big = 'v'.repeat(40_000);
  const { url, server } = await h2Server((stream, headers) => {
    stream.on('error', () => undefined); // the reset below is an error on this side too
    if (headers[':path'] === '/reset') return stream.close(constants.NGHTTP2_REFUSED_STREAM);
    stream.respond({ ':status': 200, 'x-big': big }, { endStream: true });
  });
  const client = session(url);
  try {
    const reset = await exchange(client, '/reset', Buffer.alloc(0));
    assert.match(reset.error?.message ?? '', /reset by the server \(HTTP\/2 error code 7\)/);
    const large = await exchange(client, '/large', Buffer.alloc(0));
    assert.equal(large.headers[0]?.['x-big'], big);
    assert.equal(client.usable, true);
  } finally {
    client.destroy();
    server.close();
  }
});

test('GOAWAY: the session takes no new streams and ends once its streams are done', async () => {
  const { url, server } = await h2Server((stream, headers) => {
    stream.session?.goaway(constants.NGHTTP2_NO_ERROR, stream.id);
    setTimeout(() => echo(stream, headers), 20);
  });
  const unusable: boolean[] = [];
  const client = session(url, { onUnusable: (failed) => unusable.push(failed) });
  try {
    const answer = await exchange(client, '/last', Buffer.from('done'));
    assert.equal(answer.body.toString(), 'done', 'the stream GOAWAY let through completes');
    assert.equal(client.usable, false);
    assert.deepEqual(unusable, [false], 'once, and not as a failed peer');
    assert.throws(() => client.request(post('/more'), { headers: () => undefined, data: () => undefined, closed: () => undefined }));
  } finally {
    client.destroy();
    server.close();
  }
});

/** The frame types a client sent to a raw server, after the preface. */
function sentFrameTypes(data: Buffer): number[] {
  const types: number[] = [];
  for (let at = 24; at + 9 <= data.length; at += 9 + data.readUIntBE(at, 3)) types.push(data[at + 3]!);
  return types;
}

test('keepalive: pings only while streams are open; an unanswered one drops the connection as a failed peer', async () => {
  let received = Buffer.alloc(0);
  const { url, server } = await rawServer((socket) => socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk]))));
  const idle = session(url, { keepaliveTimeMs: 20, keepaliveTimeoutMs: 50 });
  await new Promise((resolve) => setTimeout(resolve, 150));
  assert.equal(sentFrameTypes(received).includes(6), false, 'no PING without streams (etcd counts those as abuse)');
  assert.equal(idle.usable, true);
  idle.destroy();

  let peerFailed: boolean | undefined;
  const client = session(url, { keepaliveTimeMs: 20, keepaliveTimeoutMs: 50, onUnusable: (failed) => (peerFailed = failed) });
  try {
    const answer = await exchange(client, '/x', Buffer.from('x'));
    assert.match(answer.error?.message ?? '', /keepalive ping timed out/);
    assert.equal(peerFailed, true);
  } finally {
    client.destroy();
    server.close();
  }
});

test('a peer not reached within the connect timeout is a failed peer', async () => {
  const { url, server } = await rawServer(); // TCP accepts, but the TLS handshake never completes
  let peerFailed: boolean | undefined;
  const client = session(new URL(url.href.replace('http:', 'https:')), { connectTimeoutMs: 100, onUnusable: (failed) => (peerFailed = failed) });
  try {
    const answer = await exchange(client, '/x', Buffer.from('x'));
    assert.match(answer.error?.message ?? '', /not connected within 100 ms/);
    assert.equal(peerFailed, true);
  } finally {
    client.destroy();
    server.close();
  }
});

test('a peer that breaks the protocol fails the connection, not the process; an unreachable one reports so', async () => {
  const { url, server } = await rawServer((socket) => {
    // HEADERS on stream 1 whose block names dynamic table entry 62 of an empty table.
    socket.once('data', () => socket.write(Buffer.from([0, 0, 1, 1, 5, 0, 0, 0, 1, 0xbe])));
  });
  const client = session(url);
  try {
    const answer = await exchange(client, '/x', Buffer.from('x'));
    assert.match(answer.error?.message ?? '', /HPACK/);
    assert.equal(client.usable, false);
  } finally {
    client.destroy();
    server.close();
  }
  const closed = await rawServer();
  await new Promise<void>((resolve) => closed.server.close(() => resolve()));
  let peerFailed: boolean | undefined;
  const unreachable = session(closed.url, { onUnusable: (failed) => (peerFailed = failed) });
  const refused = await exchange(unreachable, '/x', Buffer.from('x'));
  assert.match(refused.error?.message ?? '', /ECONNREFUSED/);
  assert.equal(peerFailed, true);
});

test('a handler that cancels its stream hears nothing more, and nothing more is sent on it', async () => {
  const { url, server } = await h2Server((stream) => {
    stream.respond({ ':status': 200 });
    stream.write('first');
    setTimeout(() => stream.end('last'), 20);
  });
  const client = session(url);
  try {
    const heard: string[] = [];
    await new Promise<void>((resolve) => {
      const stream = client.request(post('/x'), {
        headers: () => heard.push('headers'),
        data: (chunk) => {
          heard.push(`data ${String(chunk)}`);
          client.cancel(stream);
          setTimeout(resolve, 60);
        },
        closed: () => heard.push('closed'),
      });
      client.send(stream, Buffer.alloc(0), true);
    });
    assert.deepEqual(heard, ['headers', 'data first']);
    assert.equal((await exchange(client, '/y', Buffer.alloc(0))).error, undefined, 'the connection still serves');
  } finally {
    client.destroy();
    server.close();
  }
});
