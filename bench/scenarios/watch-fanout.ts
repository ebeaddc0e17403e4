// Scenario 4: 1,000 HTTP/2 watchers on the ConfigMaps of one namespace each receive all of 1,000 creates.
// kplane runs in this process (memory storage: the figure is about fan-out, not disk) so that its JSON
// serializations can be counted; the watch clients run in a child process. Side by side: the same client
// against a minimal HTTP/2 fan-out server (baseline-watch-server.ts) with the same TLS.
import { startServer } from '../../src/index.js';
import { startBaselineWatchServer } from '../baseline-watch-server.js';
import { ApiClient } from '../client.js';
import type { Measurement } from '../results.js';
import { countStringify } from '../stringify-counter.js';
import { fmt } from '../stats.js';
import type { BenchContext } from './context.js';
import { forkWatchClient } from './watch-client-process.js';

const WATCHERS = 1000;
const CHANGES = 1000;
// 4 sessions × 250 watchers: exactly the 250 streams per connection kube-apiserver (and kplane) allow.
const SESSIONS = 4;
const WRITE_CONCURRENCY = 16;
const WATCHED = 'fanout';
const CALIBRATION = 'fanout-calibration';

interface FanoutRun {
  totalMs: number;
  writesMs: number;
  bytes: number;
  verified: string;
}

/** Scenario 4: fan-out time against the baseline, and JSON serializations per event (target 1). */
export async function measureWatchFanout(ctx: BenchContext): Promise<Measurement[]> {
  ctx.log(`watch fan-out: ${WATCHERS} watchers x ${CHANGES} changes`);
  const server = await startServer({ storage: 'memory', securePort: 0, tokenAuthFile: ctx.tokenFile });
  const baseline = await startBaselineWatchServer(server.certDir);
  const client = await ApiClient.connect(server.url, ctx.adminToken);
  try {
    await client.createNamespace(WATCHED);
    await client.createNamespace(CALIBRATION);
    // Writes alone: what creating the objects costs without watchers (also the serializations of the write path).
    const withoutWatchers = countConfigMapSerializations(CALIBRATION);
    const calibration = await fanout(server.url, ctx.adminToken, CALIBRATION, 0);
    const countsWithout = withoutWatchers.stop();
    ctx.log(`  kplane, no watchers: ${fmt(calibration.totalMs)} ms`);

    const base = await fanout(baseline.url, ctx.adminToken, WATCHED, WATCHERS, async () => waitUntil(() => baseline.watchers() >= WATCHERS));
    ctx.log(`  baseline: ${fmt(base.totalMs)} ms (${base.verified})`);

    let withWatchers: ReturnType<typeof countConfigMapSerializations> | undefined;
    const run = await fanout(server.url, ctx.adminToken, WATCHED, WATCHERS, async () => {
      await waitUntil(async () => (await registeredWatchers(client)) >= WATCHERS);
      withWatchers = countConfigMapSerializations(WATCHED);
    });
    const countsWith = withWatchers!.stop();
    ctx.log(`  kplane: ${fmt(run.totalMs)} ms (${run.verified})`);
    if (!run.verified.startsWith('ok') || !base.verified.startsWith('ok')) throw new Error(`watch content check failed: kplane ${run.verified}, baseline ${base.verified}`);
    return report(run, base, calibration, countsWith, countsWithout);
  } finally {
    client.close();
    await baseline.close();
    await server.stop();
  }
}

async function fanout(url: string, token: string, ns: string, watchers: number, beforeGo?: () => Promise<void>): Promise<FanoutRun> {
  const watchClient = forkWatchClient();
  try {
    const path = `/api/v1/namespaces/${ns}/configmaps`;
    // The bench's own ConfigMaps (fixtures.ts labels them): every namespace also holds kube-root-ca.crt.
    await watchClient.open({ url, token, watchPath: `${path}?watch=1&labelSelector=app%3Dkplane-bench`, watchers, sessions: SESSIONS });
    await beforeGo?.();
    return await watchClient.go({ postPath: path, changes: CHANGES, concurrency: WRITE_CONCURRENCY });
  } finally {
    await watchClient.close();
  }
}

/** The watch cache's serialization of a changed object (storage/cacher/cached-object.ts). */
const CACHE_CALLER = /\bcachedObjectOf\b/;

/**
 * Counts JSON.stringify calls on a ConfigMap of namespace `ns` (or a `{type, object}` frame holding one).
 * Calls from the watch cache's cachedObjectOf (found on the stack) are the cache's one serialization per
 * change; the rest is the write path (storage encoding, the 201 response) or, if the cache's text were
 * not reused, the watchers.
 */
function countConfigMapSerializations(ns: string) {
  const isOurs = (v: unknown): boolean => {
    if (typeof v !== 'object' || v === null) return false;
    const o = v as { kind?: unknown; metadata?: { namespace?: unknown } };
    return o.kind === 'ConfigMap' && o.metadata?.namespace === ns;
  };
  return countStringify((value) => {
    if (isOurs(value)) return CACHE_CALLER.test(new Error().stack ?? '') ? 'cache' : 'other';
    const frame = value as { object?: unknown } | null;
    return typeof frame === 'object' && frame !== null && isOurs(frame.object) ? 'frame' : undefined;
  });
}

async function registeredWatchers(client: ApiClient): Promise<number> {
  const text = await client.expect(200, 'GET', '/metrics');
  const match = /apiserver_registered_watchers\{[^}]*kind="ConfigMap"[^}]*\} (\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
}

async function waitUntil(condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('watchers did not register within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function report(run: FanoutRun, base: FanoutRun, calibration: FanoutRun, withW: Record<string, number>, withoutW: Record<string, number>): Measurement[] {
  const per = (n: number | undefined): number => (n ?? 0) / CHANGES;
  const totalWith = per(withW['cache']) + per(withW['other']) + per(withW['frame']);
  const totalWithout = per(withoutW['cache']) + per(withoutW['other']) + per(withoutW['frame']);
  // What the watchers cost in serializations: the cache's one, plus anything that appears only with watchers.
  const perEvent = per(withW['cache']) + Math.max(0, totalWith - totalWithout);
  const events = WATCHERS * CHANGES;
  return [
    {
      id: 'watch.ratio',
      label: `Watch fan-out: ${WATCHERS.toLocaleString('en-US')} h2 watchers x ${CHANGES.toLocaleString('en-US')} creates (memory storage)`,
      kplane: `${fmt(run.totalMs / 1000)} s, ${fmt(events / (run.totalMs / 1000))} events/s (${fmt(run.bytes / 1e9)} GB; creates alone ${fmt(calibration.totalMs / 1000)} s)`,
      reference: `minimal h2 fan-out server ${fmt(base.totalMs / 1000)} s`,
      value: run.totalMs / base.totalMs,
      unit: '×',
      higherIsBetter: false,
      raw: { kplaneMs: run.totalMs, baselineMs: base.totalMs, createsAloneMs: calibration.totalMs, kplaneWritesMs: run.writesMs, bytes: run.bytes },
    },
    {
      id: 'watch.serializations',
      label: 'Watch fan-out: JSON serializations per event (counted in-process)',
      kplane: `${fmt(perEvent)} per event for ${WATCHERS} watchers (cache ${fmt(per(withW['cache']))}; write path ${fmt(per(withW['other']))} per create with or without watchers)`,
      reference: `without watchers: ${fmt(totalWithout)} per create`,
      value: perEvent,
      unit: 'per event',
      target: { op: '<=', value: 1 },
      higherIsBetter: false,
      raw: { cache: per(withW['cache']), other: per(withW['other']), frame: per(withW['frame']), totalWithout, totalWith },
    },
  ];
}
