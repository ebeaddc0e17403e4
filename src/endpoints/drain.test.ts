// drained(): a writer waiting for a response to take more always learns when it never will, also for an
// HTTP/1 response queued behind another on a pipelining connection (it has no socket, and emits neither
// 'drain' nor 'close' when the connection dies).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { drained } from './drain.js';
import type { ApiResponse, HttpRequest } from './context.js';

/** Writes 64 KiB chunks until the response stops taking them for good; resolves with how it ended. */
async function stream(req: IncomingMessage, res: ServerResponse): Promise<'ended' | 'stopped'> {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(65_536, 0x61);
  for (let i = 0; i < 1_000; i++) {
    if (!res.write(chunk) && !(await drained({ req: req as HttpRequest, res: res as unknown as ApiResponse }))) return 'stopped';
  }
  res.end();
  return 'ended';
}

test('pipelined HTTP/1 responses whose client leaves stop waiting, the queued one too', async () => {
  const outcomes: Array<Promise<'ended' | 'stopped'>> = [];
  const server = createServer((req, res) => void outcomes.push(stream(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    client.on('error', () => undefined);
    client.pause(); // reads nothing: the first response fills the socket, the second waits without one
    client.write('GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n');
    while (outcomes.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    client.destroy();
    const settled = await Promise.race([Promise.all(outcomes), new Promise((resolve) => setTimeout(resolve, 5_000, 'hung'))]);
    assert.deepEqual(settled, ['stopped', 'stopped']);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
