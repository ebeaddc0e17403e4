import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerHttp2Stream } from 'node:http2';
import { GrpcChannel } from './channel.js';
import type { WatchResponse } from './etcd-proto.js';
import { fakeEtcd, framed, upstreamProto } from './test-grpc-server.js';
import { openWatchStream } from './watch-stream.js';

/** A Watch call the test drives from the server side; the client's listener records what it hears. */
async function watchCall(serve: (stream: ServerHttp2Stream) => void): Promise<{ heard: string[]; done: Promise<void>; close: () => void }> {
  const { url, server } = await fakeEtcd(() => undefined, (path, stream) => {
    assert.equal(path, '/etcdserverpb.Watch/Watch');
    stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
    serve(stream);
  });
  const channel = new GrpcChannel({ endpoints: [url], requestTimeoutMs: 5_000 });
  const heard: string[] = [];
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const watch = openWatchStream(channel, {
    response: (r: WatchResponse) => heard.push(`response created=${r.created === true} events=${r.events.length}`),
    error: (e) => (heard.push(`error ${e.message}`), finish()),
    end: () => (heard.push('end'), finish()),
  });
  watch.write({ create_request: { key: Buffer.from('/a'), start_revision: 1 } });
  return { heard, done, close: () => (watch.close(), channel.close(), server.close()) };
}

const responseType = (await upstreamProto()).lookupType('etcdserverpb.WatchResponse');
const message = (response: object): Buffer => Buffer.from(responseType.encode(responseType.fromObject(response)).finish());

test('watch stream: responses arrive whole however HTTP/2 splits them, and an OK end is an end', async () => {
  const call = await watchCall((stream) => {
    const both = Buffer.concat([framed(message({ created: true })), framed(message({ events: [{ kv: { key: Buffer.from('/a/x'), value: Buffer.from('v') } }] }))]);
    stream.write(both.subarray(0, 3)); // inside the first frame's header
    setTimeout(() => stream.write(both.subarray(3, both.length - 2)), 10);
    setTimeout(() => {
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(both.subarray(both.length - 2));
    }, 20);
  });
  await call.done;
  assert.deepEqual(call.heard, ['response created=true events=0', 'response created=false events=1', 'end']);
  call.close();
});

test('watch stream: an error status and a message that does not decode both end the call as an error', async () => {
  const refused = await watchCall((stream) => {
    stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '14', 'grpc-message': encodeURIComponent('etcdserver: no leader') }));
    stream.end();
  });
  await refused.done;
  assert.deepEqual(refused.heard, ['error etcdserver: no leader']);
  refused.close();

  const garbled = await watchCall((stream) => stream.write(framed(Buffer.from([0xff, 0xff, 0xff]))));
  await garbled.done;
  assert.equal(garbled.heard.length, 1);
  assert.match(garbled.heard[0] ?? '', /^error /);
  garbled.close();
});
