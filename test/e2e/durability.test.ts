// SQLite durability end to end: what a server acknowledged is there after a clean restart and after
// SIGKILL in the middle of a burst of writes, with the same resourceVersions and uids, and the revision
// counter carries on above them (ARCHITECTURE §3: SQLite in WAL mode, synchronous=FULL).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../../src/index.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { openWatch } from './support/watch-stream.js';

/** The ConfigMap the root CA publisher puts into every namespace. */
const ROOT_CA = 'kube-root-ca.crt';

/** The bundled command, as `npm start` runs it. */
const CLI = fileURLToPath(new URL('../../kplane-cli.js', import.meta.url));

interface Meta {
  metadata: { name: string; uid: string; resourceVersion: string };
  data?: Record<string, string>;
}
interface MetaList {
  metadata: { resourceVersion: string };
  items: Meta[];
}

const configMap = (name: string, data: Record<string, string>) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
const namespace = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });

async function ok<T>(client: RawClient, method: string, path: string, body?: string): Promise<T> {
  const res = await client.request(method, path, body === undefined ? {} : { body });
  assert.ok(res.status >= 200 && res.status < 300, `${method} ${path}: ${res.status} ${res.body}`);
  return res.json() as T;
}

const sqliteServer = (dataDir: string) => startServer({ storage: 'sqlite', dataDir, securePort: 0 });

/** Runs `kplane serve` as a child process on a free port; resolves once it logs its URL. */
function serveInChild(dataDir: string, flags: readonly string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--data-dir', dataDir, '--secure-port', '0', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /kplane: serving on (https:\/\/\S+)/.exec(stdout)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code, signal) => reject(new Error(`kplane serve exited (${code ?? signal}) before serving: ${stderr}`)));
  });
}

/** Fires `total` creates, `concurrency` at a time; `onAck` runs after each 201. Failures are the kill. */
async function burst(client: RawClient, total: number, concurrency: number, onAck: (name: string) => void): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      const i = next++;
      const name = `burst-${String(i).padStart(4, '0')}`;
      try {
        const res = await client.request('POST', '/api/v1/namespaces/burst/configmaps', { body: configMap(name, { i: String(i) }) });
        if (res.status === 201) onAck(name);
      } catch {
        // connection refused or reset: the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

describe('SQLite durability', () => {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const children: ChildProcess[] = [];
  const tempDataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kplane-durable-'));
    dirs.push(dir);
    return join(dir, 'data');
  };
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  test('a clean restart brings back every object with its resourceVersion and uid; new writes go higher', async () => {
    const dataDir = await tempDataDir();
    const first = await sqliteServer(dataDir);
    servers.push(first);
    let client = rawClient(first.kubeconfig);
    await ok(client, 'POST', '/api/v1/namespaces', namespace('keep'));
    const before = new Map<string, Meta>();
    for (let i = 0; i < 5; i++) {
      const created = await ok<Meta>(client, 'POST', '/api/v1/namespaces/keep/configmaps', configMap(`cm-${i}`, { i: String(i) }));
      before.set(created.metadata.name, created);
    }
    const updated = await ok<Meta>(client, 'PUT', '/api/v1/namespaces/keep/configmaps/cm-0', JSON.stringify({ ...before.get('cm-0'), data: { i: 'changed' } }));
    before.set('cm-0', updated);
    await ok(client, 'DELETE', '/api/v1/namespaces/keep/configmaps/cm-4');
    before.delete('cm-4');
    const listedBefore = await ok<MetaList>(client, 'GET', '/api/v1/namespaces/keep/configmaps');
    const watchFrom = before.get('cm-1')?.metadata.resourceVersion ?? '';
    await first.stop();

    const second = await sqliteServer(dataDir);
    servers.push(second);
    client = rawClient(second.kubeconfig);
    const listed = await ok<MetaList>(client, 'GET', '/api/v1/namespaces/keep/configmaps');
    assert.deepEqual(
      // kube-root-ca.crt is the root CA publisher's, not this test's.
      listed.items.filter((o) => o.metadata.name !== ROOT_CA).map((o) => [o.metadata.name, o.metadata.uid, o.metadata.resourceVersion, o.data]),
      [...before.values()].map((o) => [o.metadata.name, o.metadata.uid, o.metadata.resourceVersion, o.data]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    assert.ok(BigInt(listed.metadata.resourceVersion) >= BigInt(listedBefore.metadata.resourceVersion));
    const got = await ok<Meta>(client, 'GET', '/api/v1/namespaces/keep/configmaps/cm-0');
    assert.deepEqual(got, updated);

    const fresh = await ok<Meta>(client, 'POST', '/api/v1/namespaces/keep/configmaps', configMap('after-restart', {}));
    assert.ok(BigInt(fresh.metadata.resourceVersion) > BigInt(listedBefore.metadata.resourceVersion), `${fresh.metadata.resourceVersion} > ${listedBefore.metadata.resourceVersion}`);

    // History survives too: a watch from a revision written before the restart replays what followed.
    const watched = await client.request('GET', `/api/v1/namespaces/keep/configmaps?watch=1&resourceVersion=${watchFrom}&timeoutSeconds=1`);
    assert.equal(watched.status, 200);
    const events = watched.body.trim().split('\n').map((l) => JSON.parse(l) as { type: string; object: Meta });
    assert.deepEqual(events.filter((e) => e.object.metadata.name !== ROOT_CA).map((e) => `${e.type} ${e.object.metadata.name}`), [
      'ADDED cm-2', 'ADDED cm-3', 'ADDED cm-4', 'MODIFIED cm-0', 'DELETED cm-4', 'ADDED after-restart',
    ]);
  });

  test('SIGKILL during a burst of creates loses no acknowledged write', async () => {
    const dataDir = await tempDataDir();
    const { child } = await serveInChild(dataDir);
    children.push(child);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    let client = rawClient(await readFile(join(dataDir, 'admin.kubeconfig'), 'utf8'));
    await ok(client, 'POST', '/api/v1/namespaces', namespace('burst'));

    const acknowledged: string[] = [];
    await burst(client, 300, 50, (name) => {
      acknowledged.push(name);
      if (acknowledged.length === 100) child.kill('SIGKILL'); // mid-burst: ~50 requests are in flight
    });
    assert.equal(await exited, 'SIGKILL');
    assert.ok(acknowledged.length >= 100 && acknowledged.length < 300, `acknowledged ${acknowledged.length}`);

    const restarted = await sqliteServer(dataDir); // the OS released the dead process's lock
    servers.push(restarted);
    client = rawClient(restarted.kubeconfig);
    const listed = await ok<MetaList>(client, 'GET', '/api/v1/namespaces/burst/configmaps');
    const present = new Map(listed.items.map((o) => [o.metadata.name, o]));
    const missing = acknowledged.filter((name) => !present.has(name));
    assert.deepEqual(missing, [], 'acknowledged creates missing after SIGKILL');
    for (const name of acknowledged) assert.deepEqual(present.get(name)?.data, { i: String(Number(name.slice('burst-'.length))) });
    assert.ok(present.size < 300, 'the kill happened before the burst finished');

    // The store is writable and counts on from the highest surviving revision.
    const highest = listed.items.reduce((max, o) => (BigInt(o.metadata.resourceVersion) > max ? BigInt(o.metadata.resourceVersion) : max), 0n);
    const fresh = await ok<Meta>(client, 'POST', '/api/v1/namespaces/burst/configmaps', configMap('after-kill', {}));
    assert.ok(BigInt(fresh.metadata.resourceVersion) > highest);
    const uids = new Set(listed.items.map((o) => o.metadata.uid));
    assert.equal(uids.size, listed.items.length);
  });

  test('SIGTERM during a burst of creates: a clean exit, and every acknowledged write is there', async () => {
    const dataDir = await tempDataDir();
    const { child } = await serveInChild(dataDir);
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let client = rawClient(await readFile(join(dataDir, 'admin.kubeconfig'), 'utf8'));
    await ok(client, 'POST', '/api/v1/namespaces', namespace('burst'));

    const acknowledged: string[] = [];
    await burst(client, 300, 50, (name) => {
      acknowledged.push(name);
      if (acknowledged.length === 100) child.kill('SIGTERM'); // mid-burst: requests in flight finish, new ones are refused
    });
    assert.equal(await exited, 0, 'graceful termination exits 0');
    assert.ok(acknowledged.length >= 100 && acknowledged.length < 300, `acknowledged ${acknowledged.length}`);

    const restarted = await sqliteServer(dataDir);
    servers.push(restarted);
    client = rawClient(restarted.kubeconfig);
    const listed = await ok<MetaList>(client, 'GET', '/api/v1/namespaces/burst/configmaps');
    const present = new Set(listed.items.map((o) => o.metadata.name));
    assert.deepEqual(acknowledged.filter((name) => !present.has(name)), [], 'acknowledged creates missing after SIGTERM');
  });

  test('SIGTERM with a shutdown delay under create load: in-flight requests answered, /readyz fails, watches end cleanly, no write lost', async () => {
    const dataDir = await tempDataDir();
    const { child } = await serveInChild(dataDir, ['--shutdown-delay-duration', '1s']);
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const kubeconfig = await readFile(join(dataDir, 'admin.kubeconfig'), 'utf8');
    let client = rawClient(kubeconfig);
    await ok(client, 'POST', '/api/v1/namespaces', namespace('term'));
    const watch = openWatch(kubeconfig, '/api/v1/namespaces/term/configmaps?watch=1');

    // Every create of the load, with when it started and how it ended (a status, or the client's error code).
    const requests: Array<{ name: string; started: number; ended?: number; status?: number; error?: string }> = [];
    let sigterm = Infinity;
    const readyzDuringDelay: string[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < 600) {
        const name = `term-${String(next++).padStart(4, '0')}`;
        const record: (typeof requests)[number] = { name, started: performance.now() };
        requests.push(record);
        try {
          record.status = (await client.request('POST', '/api/v1/namespaces/term/configmaps', { body: configMap(name, {}) })).status;
        } catch (error) {
          record.error = (error as NodeJS.ErrnoException).code ?? String(error);
        }
        record.ended = performance.now();
        if (record.status === 201 && requests.filter((r) => r.status === 201).length === 100) {
          sigterm = performance.now();
          child.kill('SIGTERM');
          void (async () => {
            // /readyz during the delay: upstream's shutdown check fails at once.
            for (let i = 0; i < 5; i++) readyzDuringDelay.push((await client.request('GET', '/readyz?verbose').catch(() => ({ body: 'no answer' }))).body);
          })();
        }
        if (record.error === 'ECONNREFUSED') return; // the listener is closed
      }
    };
    await Promise.all(Array.from({ length: 30 }, worker));
    assert.equal(await exited, 0, 'graceful termination exits 0');

    const inFlight = requests.filter((r) => r.started < sigterm && (r.ended ?? Infinity) > sigterm);
    assert.ok(inFlight.length >= 10, `${inFlight.length} creates in flight at SIGTERM`);
    const cut = requests.filter((r) => r.started < sigterm + 500 && r.status === undefined);
    assert.deepEqual(cut.map((r) => `${r.name}: ${r.error ?? ''}`), [], 'requests started before SIGTERM or early in the delay all answered');
    assert.ok(inFlight.every((r) => r.status === 201), 'requests in flight at SIGTERM were served');
    assert.ok(readyzDuringDelay.some((body) => /^\[-\]shutdown failed: reason withheld$/m.test(body)), `readyz during the delay: ${readyzDuringDelay.join(' | ')}`);
    assert.ok(requests.some((r) => r.started > sigterm && r.status === 201), 'creates are served during the delay');

    // The watch saw the creates and ended with the end of its chunked body, not a reset.
    const ended = await watch.ended;
    assert.deepEqual(ended, { complete: true }, 'the watch ends cleanly');
    assert.ok(watch.events.filter((e) => e.type === 'ADDED').length >= 100);

    const restarted = await sqliteServer(dataDir);
    servers.push(restarted);
    client = rawClient(restarted.kubeconfig);
    const present = new Set((await ok<MetaList>(client, 'GET', '/api/v1/namespaces/term/configmaps')).items.map((o) => o.metadata.name));
    const acknowledged = requests.filter((r) => r.status === 201).map((r) => r.name);
    assert.deepEqual(acknowledged.filter((name) => !present.has(name)), [], 'acknowledged creates missing after SIGTERM');
  });
});
