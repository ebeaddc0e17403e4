// --goaway-chance (upstream's WithProbabilisticGoaway): that fraction of HTTP/2 requests sends their connection a
// GOAWAY; the request that drew it, and the other streams open on the connection, still finish, and the client's
// next requests go over a new connection.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClientHttp2Session } from 'node:http2';
import { useCluster } from './support/cluster.js';
import { adminHttp2Session } from './support/raw-client.js';
import { startServer } from '../../src/server/start-server.js';

/** One GET on `session`: its status, or undefined when the session refused a new stream (after GOAWAY). */
function get(session: ClientHttp2Session, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': 'GET', ':path': path });
    let status = 0;
    stream.on('response', (headers) => (status = Number(headers[':status'])));
    stream.on('error', reject);
    stream.resume();
    stream.on('end', () => resolve(status));
  });
}

describe('--goaway-chance', () => {
  const fixture = useCluster({ goawayChance: 0.02 });

  test('an HTTP/2 connection is sent GOAWAY after about 1 in 50 requests; open streams finish; a new connection serves', async () => {
    const { cluster } = fixture;
    const session = adminHttp2Session(cluster.server.kubeconfig);
    try {
      let goaway = false;
      session.once('goaway', () => (goaway = true));
      // A watch open on the connection when the GOAWAY comes is not cut by it.
      const watch = session.request({ ':method': 'GET', ':path': '/api/v1/namespaces?watch=1&timeoutSeconds=2' });
      let watchStatus = 0;
      watch.on('response', (headers) => (watchStatus = Number(headers[':status'])));
      watch.resume();
      const watchEnded = new Promise<void>((resolve) => watch.on('close', () => resolve()));
      // 0.98^1000 ≈ 2e-9: the chance that 1,000 requests draw no GOAWAY. The watch may draw it itself; a GET sent
      // before the GOAWAY arrived is then refused, which is the GOAWAY, not a failure.
      let requests = 0;
      while (!goaway && requests < 1_000) {
        let status: number;
        try {
          status = await get(session, '/api/v1/namespaces/default');
        } catch (error) {
          await new Promise((resolve) => setImmediate(resolve));
          if (goaway) break;
          throw error;
        }
        assert.equal(status, 200, 'the request that drew the GOAWAY completes too');
        requests++;
      }
      assert.ok(goaway, `a GOAWAY within ${requests} requests`);
      await watchEnded;
      assert.equal(watchStatus, 200);
      assert.equal(watch.rstCode, 0, 'the watch ended on its own, not reset');
    } finally {
      session.destroy();
    }
    const next = adminHttp2Session(cluster.server.kubeconfig);
    try {
      assert.equal(await get(next, '/api/v1/namespaces/default'), 200);
    } finally {
      next.destroy();
    }
  });
});

test('a chance outside 0 to 0.02 is refused at start, through the API too', async () => {
  for (const goawayChance of [0.5, -0.01]) {
    await assert.rejects(startServer({ storage: 'memory', securePort: 0, goawayChance }), { message: '--goaway-chance can not be less than 0 or greater than 0.02' });
  }
});
