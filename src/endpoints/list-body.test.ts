// A streamed list's body, compressed: the gzip stream pauses while the response is full and resumes when it
// drains, and a writer waiting on it always learns when the response will take nothing more (also for an
// HTTP/1 response queued behind another on a pipelining connection that died: it emits neither 'drain' nor
// 'close').
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { RequestContext } from './context.js';
import { openListBody } from './list-body.js';

/** Writes `chunks` incompressible chunks of 64 KiB through a compressed body; resolves with how it ended. */
async function streamCompressed(req: IncomingMessage, res: ServerResponse, chunks: readonly Buffer[]): Promise<'ended' | 'stopped'> {
  const ctx = { req, res, auditId: 'test', warnings: [] } as unknown as RequestContext;
  const body = openListBody(ctx, 'application/json', true);
  assert.ok(body);
  for (const chunk of chunks) {
    const written = body.write(chunk);
    if (written !== true && !(await written)) return 'stopped';
  }
  await body.end(Buffer.from('end'));
  return 'ended';
}

async function withServer(handle: (req: IncomingMessage, res: ServerResponse) => void, use: (port: number) => Promise<void>): Promise<void> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use((server.address() as AddressInfo).port);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('a compressed body larger than what the connection holds reaches a reading client whole', async () => {
  const chunks = Array.from({ length: 64 }, () => randomBytes(65_536)); // 4 MiB that gzip cannot shrink
  let outcome: Promise<'ended' | 'stopped'> | undefined;
  await withServer((req, res) => (outcome = streamCompressed(req, res, chunks)), async (port) => {
    const received = await new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) =>
      get({ port, host: '127.0.0.1', path: '/' }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(parts) }));
      }).on('error', reject),
    );
    assert.equal(received.encoding, 'gzip');
    assert.deepEqual(gunzipSync(received.bytes), Buffer.concat([...chunks, Buffer.from('end')]));
    assert.equal(await outcome, 'ended');
  });
});

test('compressed bodies of pipelined HTTP/1 responses whose client leaves settle, the queued one too', async () => {
  // The first fills the socket and waits; the second, with no socket yet, takes its one chunk into the gzip
  // stream, whose output then waits for a 'drain' that never comes, and ends: its end must still settle.
  const plans: Record<string, Buffer[]> = { '/a': Array.from({ length: 1_000 }, () => randomBytes(65_536)), '/b': [randomBytes(20_000)] };
  const outcomes: Array<Promise<'ended' | 'stopped'>> = [];
  await withServer((req, res) => void outcomes.push(streamCompressed(req, res, plans[req.url ?? ''] ?? [])), async (port) => {
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    client.pause(); // reads nothing
    client.write('GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n');
    while (outcomes.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200)); // both are waiting now
    client.destroy();
    const settled = await Promise.race([Promise.all(outcomes), new Promise((resolve) => setTimeout(resolve, 5_000, 'hung'))]);
    assert.deepEqual(settled, ['stopped', 'ended']);
  });
});
