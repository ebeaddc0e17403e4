import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Etcd3 } from 'etcd3';
import { runBackendContract, type BackendFixture } from '../contract.js';
import { eventually, recordWatch, rejectsWith } from '../contract/helpers.js';
import { isStorageError } from '../errors.js';
import type { KeyValue, WatchBatch } from '../interface.js';
import { eventRevision } from '../watch-event.js';
import { COMPACT_REV_KEY, createEtcdBackend, type EtcdBackend, type EtcdBackendOptions } from './index.js';
import { startTestEtcd, type TestEtcd } from './test-etcd.js';
import { generateAdminCertificate, generateCa, generateServingCertificate } from '../../server/pki/generate.js';

let etcd: TestEtcd | undefined;
let startError: unknown;
before(async () => {
  // Kept, not thrown: every test then fails (not merely "cancelled") with the install hint.
  etcd = await startTestEtcd().catch((error: unknown) => void (startError = error));
});
after(async () => {
  await etcd?.close();
});

function endpoint(): string {
  if (etcd === undefined) throw startError ?? new Error('etcd did not start');
  return etcd.endpoint;
}

/** A backend on the shared test etcd; no background compaction unless asked for. */
const open = (options: Partial<EtcdBackendOptions> = {}): Promise<EtcdBackend> =>
  createEtcdBackend({ endpoints: [endpoint()], prefix: '/contract', compactionIntervalMs: 0, ...options });

/** A client that talks to etcd directly, to look behind the backend. */
async function withRawClient<T>(body: (client: Etcd3) => Promise<T>): Promise<T> {
  const client = new Etcd3({ hosts: [endpoint()] });
  try {
    return await body(client);
  } finally {
    client.close();
  }
}

runBackendContract('etcd', async () => {
  const first = await open();
  let latest = first;
  return {
    backend: first,
    reopen: async () => (latest = await open()),
    cleanup: async () => {
      await first.close();
      await latest.close();
    },
  } satisfies BackendFixture;
}, { durable: true });

const uniquePrefix = (root = '/contract'): string => `${root}/${randomUUID().slice(0, 8)}/`;

/** Runs `body` with a fresh backend and closes it. */
async function withEtcdBackend(body: (backend: EtcdBackend) => Promise<void>, options: Partial<EtcdBackendOptions> = {}) {
  const backend = await open(options);
  try {
    await body(backend);
  } finally {
    await backend.close();
  }
}

/** The first batch (or error) of a watch. */
async function firstOf(iterable: AsyncIterable<WatchBatch>): Promise<WatchBatch | undefined> {
  for await (const batch of iterable) return batch;
  return undefined;
}

describe('etcd backend', () => {
  test('keys are stored verbatim under the prefix; keys outside it are refused', () =>
    withEtcdBackend(async (backend) => {
      assert.equal(backend.prefix, '/contract/');
      const p = uniquePrefix();
      const kv = await backend.create(`${p}k`, 'v');
      const raw = await withRawClient((client) => client.get(`${p}k`).exec());
      assert.equal(raw.kvs[0]?.value.toString(), 'v');
      assert.equal(Number(raw.kvs[0]?.mod_revision), kv.modRevision);
      await assert.rejects(backend.get('/registry/configmaps/x'), TypeError);
      await assert.rejects(backend.create('/contractor/x', 'v'), TypeError);
      assert.throws(() => backend.watch('/other/', 0, new AbortController().signal), TypeError);
    }));

  test('writes outside the prefix, by anyone, advance watches with progress batches', () =>
    withEtcdBackend(async (backend) => {
      const p = uniquePrefix();
      const watch = recordWatch(backend, p, (await backend.currentRevision()) + 1);
      try {
        const foreign = await withRawClient((client) => client.put(`/elsewhere/${randomUUID()}`).value('x').exec());
        const revision = Number(foreign.header.revision);
        await eventually(() => {
          backend.requestProgress();
          return watch.batches.some((b) => b.revision >= revision);
        }, 'a progress batch for a foreign write');
        assert.deepEqual(watch.events(), []);
        assert.equal(await backend.currentRevision(), revision);
      } finally {
        await watch.stop();
      }
    }));

  test('a watch that needs older revisions restarts the shared etcd watch without duplicating events', () =>
    withEtcdBackend(async (backend) => {
      const p = uniquePrefix();
      const live = recordWatch(backend, p, 0);
      const other = recordWatch(backend, uniquePrefix(), 0);
      try {
        const written: KeyValue[] = [];
        for (let i = 0; i < 3; i++) written.push(await backend.create(`${p}${i}`, 'v'));
        await live.waitForEvents(3);
        const late = recordWatch(backend, p, written[0]?.modRevision ?? 0);
        await late.waitForEvents(3);
        written.push(await backend.create(`${p}3`, 'v'));
        const expected = written.map((kv) => kv.modRevision);
        assert.deepEqual((await late.waitForEvents(4)).map(eventRevision), expected);
        assert.deepEqual((await live.waitForEvents(4)).map(eventRevision), expected);
        await eventually(() => {
          backend.requestProgress();
          return other.batches.some((b) => b.revision >= (expected.at(-1) ?? 0));
        }, 'progress of the other watch');
        assert.deepEqual(other.events(), []);
        await late.stop();
        const revisions = live.batches.map((b) => b.revision);
        assert.deepEqual(revisions, [...revisions].sort((x, y) => x - y), 'batch revisions never go back');
        assert.equal(live.events().length, 4, 'no event twice');
      } finally {
        await live.stop();
        await other.stop();
      }
    }));

  test('writes with the same TTL share one lease; writes without a TTL detach it', () =>
    withEtcdBackend(async (backend) => {
      const p = uniquePrefix();
      await backend.create(`${p}a`, 'v', { ttlSeconds: 3600 });
      const b = await backend.create(`${p}b`, 'v', { ttlSeconds: 3600 });
      await backend.create(`${p}c`, 'v', { ttlSeconds: 1800 });
      await backend.update(`${p}b`, 'v2', b.modRevision);
      const leaseOf = (key: string): Promise<string> =>
        withRawClient(async (client) => (await client.get(key).exec()).kvs[0]?.lease ?? 'missing');
      const [a, c, b2] = [await leaseOf(`${p}a`), await leaseOf(`${p}c`), await leaseOf(`${p}b`)];
      assert.notEqual(a, '0');
      assert.notEqual(c, '0');
      assert.notEqual(a, c, 'another ttl, another lease');
      assert.equal(b2, '0', 'the update without TTL detached the lease');
      const again = await backend.create(`${p}d`, 'v', { ttlSeconds: 3600 });
      assert.equal(await leaseOf(again.key), a, 'the lease is reused');
    }));

  test('replicas take turns through compact_rev_key: one compacts per interval, a survivor takes over', async () => {
    await withRawClient((client) => client.delete().key(COMPACT_REV_KEY).exec()); // a fresh coordination history
    const a = await open();
    const b = await open();
    try {
      const p = uniquePrefix();
      const steps: string[] = [];
      const step = async (name: string, backend: EtcdBackend) => {
        steps.push(`${name}:${await backend.compactorStep()}`);
        await backend.create(`${p}${steps.length}`, 'v'); // time passes: the store moves on
      };
      const r0 = await a.currentRevision();
      await step('a', a); // bootstraps the key, compacts nothing
      await step('b', b); // lost the race: adopts the version
      await step('a', a); // compacts to what it observed one interval ago
      await step('b', b);
      assert.deepEqual(steps, ['a:false', 'b:false', 'a:true', 'b:false']);
      const compacted = await a.compactedRevision();
      assert.ok(compacted > r0);
      await rejectsWith(a.range(p, { revision: compacted - 1 }), 'Compacted');
      await rejectsWith(b.range(p, { revision: compacted - 1 }), 'Compacted');
      assert.ok((await b.compactedRevision()) >= compacted, 'the other replica learns it');
      await a.close(); // a dies: b compacts from the next interval on
      await step('b', b);
      assert.equal(steps.at(-1), 'b:true');
      assert.ok((await b.compactedRevision()) > compacted);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('the background compactor compacts on its interval', () =>
    withEtcdBackend(async (backend) => {
      const p = uniquePrefix();
      const r0 = await backend.currentRevision();
      await backend.create(`${p}k`, 'v');
      await eventually(async () => (await backend.compactedRevision()) > r0, 'a compaction past the start revision');
    }, { compactionIntervalMs: 100 }));

  test('creating a backend on an unreachable etcd fails with Unavailable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    assert.ok(address !== null && typeof address === 'object');
    await rejectsWith(createEtcdBackend({ endpoints: [`http://127.0.0.1:${address.port}`] }), 'Unavailable');
  });

  test('TLS: a client certificate signed by the CA gets in, a client without one does not', async () => {
    const now = new Date();
    const ca = await generateCa(now);
    const server = await generateServingCertificate(ca, { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] }, now);
    const client = await generateAdminCertificate(ca, now);
    const secure = await startTestEtcd({ tls: { ca: ca.cert, cert: server.cert, key: server.key } });
    try {
      assert.match(secure.endpoint, /^https:/);
      const backend = await createEtcdBackend({
        endpoints: [secure.endpoint], prefix: '/registry', compactionIntervalMs: 0,
        tls: { ca: ca.cert, cert: client.cert, key: client.key },
      });
      try {
        const kv = await backend.create('/registry/configmaps/default/x', 'v');
        assert.deepEqual(await backend.get(kv.key), kv);
      } finally {
        await backend.close();
      }
      await rejectsWith(createEtcdBackend({ endpoints: [secure.endpoint], tls: { ca: ca.cert } }), 'Unavailable');
    } finally {
      await secure.close();
    }
  });

  // Last: it stops the shared etcd. A liveness guard only; the requests themselves have a 10 minute deadline,
  // so a request that waited for etcd instead of failing would trip it.
  test('an etcd outage: requests fail fast with Unavailable, watches end with an error, all recover', { timeout: 120_000 }, () =>
    withEtcdBackend(async (backend) => {
      const server = etcd as TestEtcd; // open() succeeded, so etcd runs
      const p = uniquePrefix();
      const before = await backend.create(`${p}before`, 'v');
      const watch = recordWatch(backend, p, before.modRevision);
      await watch.waitForEvents(1);
      await server.stop();
      await eventually(() => watch.ended, 'the watch to end when etcd goes away');
      assert.ok(isStorageError(watch.error, 'Unavailable'), `watch error: ${String(watch.error)}`);
      await rejectsWith(backend.create(`${p}down`, 'v'), 'Unavailable');
      await rejectsWith(backend.update(`${p}before`, 'v2', before.modRevision), 'Unavailable');
      await rejectsWith(backend.get(`${p}before`), 'Unavailable');
      await rejectsWith(backend.range(p), 'Unavailable');
      await rejectsWith(backend.currentRevision(), 'Unavailable');
      await rejectsWith(backend.check(), 'Unavailable');
      await rejectsWith(firstOf(backend.watch(p, before.modRevision, new AbortController().signal)), 'Unavailable');
      await rejectsWith(firstOf(backend.watch(p, 0, new AbortController().signal)), 'Unavailable');
      await server.start();
      let revived: KeyValue | undefined;
      await eventually(async () => {
        try {
          revived = await backend.create(`${p}after`, 'v');
          return true;
        } catch (error) {
          if (isStorageError(error, 'Unavailable')) return false;
          throw error;
        }
      }, 'writes to succeed once etcd is back');
      const last = watch.batches.at(-1)?.revision ?? before.modRevision;
      const resumed = recordWatch(backend, p, last + 1);
      try {
        assert.deepEqual(await resumed.waitForEvents(1), [{ type: 'PUT', kv: revived }], 'resumed without a gap');
      } finally {
        await resumed.stop();
        await watch.stop();
      }
      assert.equal(await backend.get(`${p}down`), undefined);
      await backend.check();
    }, { requestTimeoutMs: 600_000 }));
});
