// Graceful termination (issue 15, item 3): stop() (what SIGTERM runs) makes /readyz fail at once with
// upstream's `shutdown` check, keeps serving for --shutdown-delay-duration, then ends watches with a clean
// end of stream and stops accepting connections. --livez-grace-period covers unfinished post-start hooks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../../src/index.js';
import { rawClient } from './support/raw-client.js';

test('stop(): /readyz fails at once, requests are served during the delay, watches end cleanly', async () => {
  const server = await startServer({ storage: 'memory', securePort: 0, shutdownDelayMs: 600 });
  const client = rawClient(server.kubeconfig);
  try {
    const ready = await client.request('GET', '/readyz?verbose');
    assert.equal(ready.status, 200);
    assert.match(ready.body, /^\[\+\]shutdown ok$/m);
    const watch = client.request('GET', '/api/v1/namespaces?watch=1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = server.stop();
    const terminating = await client.request('GET', '/readyz?verbose');
    assert.equal(terminating.status, 500);
    assert.match(terminating.body, /^\[-\]shutdown failed: reason withheld$/m);
    assert.match(terminating.body, /readyz check failed\n$/);
    // A single check prints its own error, as upstream's adaptCheckToHandler.
    const single = await client.request('GET', '/readyz/shutdown');
    assert.equal(single.status, 500);
    assert.equal(single.body, 'internal server error: process is shutting down\n');
    assert.equal(single.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal((await client.request('GET', '/livez')).status, 200);
    assert.equal((await client.request('GET', '/api/v1/namespaces/default')).status, 200, 'served during the delay');
    // The watch ends with a complete chunked body (no reset): its events parse.
    const watched = await watch;
    assert.equal(watched.status, 200);
    const events = watched.body.trim().split('\n').map((line) => JSON.parse(line) as { type: string });
    assert.ok(events.length >= 4 && events.every((e) => e.type === 'ADDED'));
    await stopped;
    await assert.rejects(client.request('GET', '/readyz'), 'no connection is accepted after stop()');
  } finally {
    await server.stop();
  }
});

test('--livez-grace-period: /livez and /readyz name the shutdown check only where upstream does', async () => {
  const server = await startServer({ storage: 'memory', securePort: 0, livezGracePeriodMs: 60_000 });
  const client = rawClient(server.kubeconfig);
  try {
    const livez = await client.request('GET', '/livez?verbose');
    assert.equal(livez.status, 200);
    assert.doesNotMatch(livez.body, /shutdown/);
    assert.equal((await client.request('GET', '/readyz/shutdown')).body, 'ok');
    // Excluding a check that does not exist adds upstream's warning line. Each `exclude` value is one name,
    // taken whole as upstream's getExcludedChecks takes it: `ping,also-missing` names no check.
    const excluded = await client.request('GET', '/readyz?verbose&exclude=nonexistent&exclude=log&exclude=ping,also-missing');
    assert.equal(excluded.status, 200);
    assert.match(excluded.body, /^\[\+\]log excluded: ok$/m);
    assert.match(excluded.body, /^\[\+\]ping ok$/m);
    assert.match(excluded.body, /^warn: some health checks cannot be excluded: no matches for "nonexistent","ping,also-missing"\nreadyz check passed\n$/m);
    // `verbose` counts when present, whatever its value.
    const verboseFalse = await client.request('GET', '/readyz?verbose=false');
    assert.match(verboseFalse.body, /^\[\+\]ping ok$/m);
    assert.match(verboseFalse.body, /readyz check passed\n$/);
    assert.equal((await client.request('GET', '/readyz')).body, 'ok');
  } finally {
    await server.stop();
  }
});
