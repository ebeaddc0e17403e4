import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { luaString, parseWrkOutput, runWrk, writeWrkScript } from './wrk.js';

const REPORT = `Running 1s test @ https://127.0.0.1:39861/api/v1/namespaces/bench/configmaps/probe
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     3.61ms    5.14ms  43.04ms   92.40%
    Req/Sec     3.82k     1.34k    5.81k    80.00%
  Latency Distribution
     50%  201.00us
     75%    3.09ms
     90%    6.96ms
     99%    1.15s
  3796 requests in 1.00s, 1.28MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 3796
Requests/sec:   3784.60
Transfer/sec:      1.27MB
`;

test('parseWrkOutput reads rate, latencies in every unit, errors and non-2xx', () => {
  assert.deepEqual(parseWrkOutput(REPORT), {
    requestsPerSec: 3784.6,
    requests: 3796,
    durationSec: 1,
    latencyAvgMs: 3.61,
    latencyP50Ms: 0.201,
    latencyP99Ms: 1150,
    non2xx: 3796,
    socketErrors: 3,
  });
});

test('parseWrkOutput: a clean report has no errors; garbage is rejected', () => {
  const clean = REPORT.replace(/^\s*(Socket errors|Non-2xx).*\n/gm, '');
  const result = parseWrkOutput(clean);
  assert.equal(result.non2xx, 0);
  assert.equal(result.socketErrors, 0);
  assert.throws(() => parseWrkOutput('wrk: command failed'), /unexpected wrk output/);
});

test('luaString escapes quotes, backslashes and control characters', () => {
  assert.equal(luaString('a"b\\c'), '"a\\"b\\\\c"');
  assert.equal(luaString('x\ny\tz'), '"x\\ny\\009z"');
  assert.equal(luaString(']]'), '"]]"');
});

const wrkMissing = spawnSync('wrk', ['--version']).error !== undefined;

test('a generated script makes wrk send exactly the method, headers and body', { skip: wrkMissing && 'wrk is not installed' }, async () => {
  const body = JSON.stringify({ text: 'quote " backslash \\ newline \n ]] end', unicode: 'é' });
  const seen = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.add(`${req.method} ${req.headers['authorization']} ${Buffer.concat(chunks).toString('utf8')}`);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = await mkdtemp(join(tmpdir(), 'wrk-test-'));
  try {
    const script = await writeWrkScript(dir, 'post', { method: 'POST', headers: { Authorization: 'Bearer "t"' }, body });
    const port = (server.address() as { port: number }).port;
    const result = await runWrk({ url: `http://127.0.0.1:${port}/`, script, connections: 1, threads: 1, durationSec: 1 });
    assert.ok(result.requests > 0);
    assert.equal(result.non2xx, 0);
    assert.deepEqual([...seen], [`POST Bearer "t" ${body}`]);
  } finally {
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
