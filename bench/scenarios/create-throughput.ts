// Scenario 1: ConfigMap creates (SQLite, durable) vs the baseline's JSON POST echo, 50 connections.
// `metadata.generateName` makes every request create a new ~1 KB object.
import { configMap } from '../fixtures.js';
import type { Measurement } from '../results.js';
import type { BenchContext } from './context.js';
import { BENCH_NAMESPACE, type HttpPair } from './http-pair.js';
import { compareWithWrk, throughputMeasurement, WRK_CONNECTIONS, WRK_RUNS } from './wrk-compare.js';

/**
 * generateName adds 5 characters from a 27-letter alphabet (14 million names): among the ~10^4 objects of
 * one wrk run a few collide, and the create fails (upstream 1.25 answers 500 ServerTimeout, kplane 409).
 */
const GENERATE_NAME_COLLISIONS = 0.005;

/** Scenario 1: kplane creates per second over the baseline's POST echoes per second (target >= 0.25). */
export async function measureCreateThroughput(ctx: BenchContext, pair: HttpPair): Promise<Measurement> {
  ctx.log('create throughput (wrk)');
  // A namespace per wrk run keeps name collisions down (they grow with the objects already in a namespace).
  const namespaces = Array.from({ length: WRK_RUNS }, (_, i) => `${BENCH_NAMESPACE}-create-${i}`);
  for (const ns of namespaces) await pair.createBenchNamespace(ns);
  const path = (run: number): string => `/api/v1/namespaces/${namespaces[run]!}/configmaps`;
  const body = JSON.stringify(configMap({ generateName: 'load-' }));
  const c = await compareWithWrk(ctx, pair, 'create', path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ctx.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body,
  }, GENERATE_NAME_COLLISIONS);
  return throughputMeasurement(c, {
    id: 'create.ratio',
    label: `ConfigMap create, ${WRK_CONNECTIONS} connections, SQLite durable (${body.length} B body)`,
    reference: 'node:https POST echo',
    target: 0.25,
    extraRaw: { kplaneNon2xx: c.kplane.reduce((n, r) => n + r.non2xx, 0) },
  });
}
