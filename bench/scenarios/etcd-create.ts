// Scenario 7: ConfigMap creates through kplane on etcd. (a) One replica (wrk, 50 connections) against raw
// `etcd3` puts of the very bytes kplane stores for such an object (50 in flight, from this process), on one
// etcd in the same run; (b) two replicas sharing that etcd (25 connections each) against one (50).
// Runs alternate between the sides, and the best of each is kept, as in the other throughput scenarios.
import { join } from 'node:path';
import { Etcd3 } from 'etcd3';
import { startTestEtcd } from '../../src/storage/etcd/test-etcd.js';
import { ApiClient } from '../client.js';
import { configMap } from '../fixtures.js';
import { startKplaneCli, type ServerProcess } from '../processes.js';
import type { Measurement } from '../results.js';
import { fmt } from '../stats.js';
import { runWrk, writeWrkScript, type WrkResult } from '../wrk.js';
import type { BenchContext } from './context.js';
import { successRate, WRK_CONNECTIONS } from './wrk-compare.js';

const RUN_SECONDS = 4;
const WARMUP_SECONDS = 2;
const ROUNDS = 2;
/** generateName collisions tolerated, as in the SQLite create scenario. */
const TOLERATED_FAILURES = 0.005;

/** Scenario 7: kplane-on-etcd creates vs raw etcd puts (target >= 0.5), and two replicas vs one. */
export async function measureEtcdCreate(ctx: BenchContext): Promise<Measurement[]> {
  ctx.log('etcd create throughput: starting etcd and a kplane replica');
  const etcd = await startTestEtcd();
  const replicas: ServerProcess[] = [];
  const raw = new Etcd3({ hosts: [etcd.endpoint] });
  try {
    const certDir = join(ctx.workDir, 'etcd-certs');
    const startReplica = async (name: string): Promise<void> => {
      replicas.push(await startKplaneCli({ dataDir: join(ctx.workDir, `etcd-${name}`), certDir, tokenAuthFile: ctx.tokenFile,
        storage: 'etcd', etcdServers: [etcd.endpoint], nodeArgs: ctx.serverNodeArgs }));
    };
    // The second replica starts only for (b): in (a) its watch caches would take CPU from the one measured.
    await startReplica('a');
    const value = await storedBytes(ctx, replicas[0]!, raw);
    const run = runner(ctx, replicas);
    const single = await versusRawPuts(ctx, run, raw, value);
    await startReplica('b');
    return [single, await twoVersusOne(ctx, run)];
  } finally {
    raw.close();
    await Promise.all(replicas.map((r) => r.stop()));
    await etcd.close();
  }
}

/** The value kplane stores for the benchmark ConfigMap, read back from etcd. */
async function storedBytes(ctx: BenchContext, kplane: ServerProcess, raw: Etcd3): Promise<Buffer> {
  const client = await ApiClient.connect(kplane.url, ctx.adminToken);
  try {
    await client.createNamespace('etcd-probe');
    await client.expect(201, 'POST', '/api/v1/namespaces/etcd-probe/configmaps', configMap({ name: 'probe' }));
  } finally {
    client.close();
  }
  const stored = await raw.get('/registry/configmaps/etcd-probe/probe').buffer();
  if (stored === null) throw new Error('the probe ConfigMap is not in etcd under /registry/configmaps/');
  return stored;
}

/** Runs wrk creates against some replicas at once (connections split between them); the summed rate. */
type Runner = (side: string, targets: readonly number[], seconds: number) => Promise<number>;

function runner(ctx: BenchContext, replicas: readonly ServerProcess[]): Runner {
  let runs = 0;
  const body = JSON.stringify(configMap({ generateName: 'load-' }));
  const scriptPromise = writeWrkScript(ctx.workDir, 'etcd-create', {
    method: 'POST',
    headers: { Authorization: `Bearer ${ctx.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body,
  });
  return async (side, targets, seconds) => {
    const script = await scriptPromise;
    // A namespace per run keeps generateName collisions down.
    const ns = `etcd-bench-${runs++}`;
    const [admin, user] = await Promise.all([ApiClient.connect(replicas[0]!.url, ctx.adminToken), ApiClient.connect(replicas[0]!.url, ctx.token)]);
    await admin.createBenchNamespace(ns, user).finally(() => {
      admin.close();
      user.close();
    });
    const connections = Math.floor(WRK_CONNECTIONS / targets.length);
    const results = await Promise.all(targets.map((i) => runWrk({
      url: `${replicas[i]!.url}/api/v1/namespaces/${ns}/configmaps`, script, connections, threads: 1, durationSec: seconds,
    })));
    for (const result of results) check(side, result);
    const rate = results.reduce((sum, r) => sum + successRate(r), 0);
    ctx.log(`  etcd create ${side}: ${Math.round(rate)} req/s`);
    return rate;
  };
}

function check(side: string, result: WrkResult): void {
  if (result.non2xx > TOLERATED_FAILURES * result.requests || result.socketErrors > 0) {
    throw new Error(`etcd create ${side}: ${result.non2xx} non-2xx responses, ${result.socketErrors} socket errors: not a valid measurement`);
  }
}

/** Puts of `value` under fresh keys with WRK_CONNECTIONS in flight for `seconds`; puts per second. */
async function rawPuts(raw: Etcd3, value: Buffer, seconds: number, round: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async (w: number): Promise<void> => {
    for (let i = 0; performance.now() < end; i++) {
      await raw.put(`/bench-raw/${round}/${w}/${i}`).value(value).exec();
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: WRK_CONNECTIONS }, (_, w) => worker(w)));
  return done / ((performance.now() - started) / 1000);
}

async function versusRawPuts(ctx: BenchContext, run: Runner, raw: Etcd3, value: Buffer): Promise<Measurement> {
  ctx.log(`etcd create vs raw etcd3 puts of the same ${value.length} B`);
  await rawPuts(raw, value, WARMUP_SECONDS, -1);
  await run('kplane warm-up', [0], WARMUP_SECONDS);
  const kplane: number[] = [];
  const puts: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const rate = await rawPuts(raw, value, RUN_SECONDS, round);
    ctx.log(`  raw etcd3 puts: ${Math.round(rate)} puts/s`);
    puts.push(rate);
    kplane.push(await run('one replica', [0], RUN_SECONDS));
  }
  const k = Math.max(...kplane);
  const p = Math.max(...puts);
  return {
    id: 'etcd.create.ratio',
    label: `ConfigMap create on etcd, ${WRK_CONNECTIONS} connections, vs raw etcd3 puts of the stored ${value.length} B`,
    kplane: `${fmt(k)} req/s`,
    reference: `etcd3 put ${fmt(p)} puts/s (${WRK_CONNECTIONS} in flight)`,
    value: k / p,
    unit: '×',
    target: { op: '>=', value: 0.5 },
    higherIsBetter: true,
    raw: { kplaneRps: k, rawPutsPerSec: p, valueBytes: value.length },
  };
}

async function twoVersusOne(ctx: BenchContext, run: Runner): Promise<Measurement> {
  ctx.log('etcd create: two replicas together vs one');
  const one: number[] = [];
  const two: number[] = [];
  await run('two replicas warm-up', [0, 1], WARMUP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    one.push(await run('one replica', [0], RUN_SECONDS));
    two.push(await run('two replicas', [0, 1], RUN_SECONDS));
  }
  const o = Math.max(...one);
  const t = Math.max(...two);
  return {
    id: 'etcd.create.replicas',
    label: `ConfigMap create on one etcd: two replicas (${WRK_CONNECTIONS / 2} connections each) vs one (${WRK_CONNECTIONS})`,
    kplane: `two replicas ${fmt(t)} req/s`,
    reference: `one replica ${fmt(o)} req/s`,
    value: t / o,
    unit: '×',
    higherIsBetter: true,
    raw: { twoReplicasRps: t, oneReplicaRps: o },
  };
}
