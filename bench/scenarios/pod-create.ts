// Pod creates (SQLite, durable) vs the baseline's JSON POST echo, 50 connections: a realistic ~2 KB pod
// (two containers, probes, volumes, env; src/apis/core/v1/pod/testdata.ts) with generateName, so that
// validation and defaulting of a large kind are on the measured path (issue 11: target >= 0.2x).
import { podFixture } from '../../src/apis/core/v1/pod/testdata.js';
import type { Measurement } from '../results.js';
import type { BenchContext } from './context.js';
import { BENCH_NAMESPACE, type HttpPair } from './http-pair.js';
import { compareWithWrk, throughputMeasurement, WRK_CONNECTIONS, WRK_RUNS } from './wrk-compare.js';

/** As in the ConfigMap scenario: generateName collides a few times among the ~10^4 objects of a run. */
const GENERATE_NAME_COLLISIONS = 0.005;

/** kplane pod creates per second over the baseline's POST echoes per second (target >= 0.2). */
export async function measurePodCreate(ctx: BenchContext, pair: HttpPair): Promise<Measurement> {
  ctx.log('pod create throughput (wrk)');
  const namespaces = Array.from({ length: WRK_RUNS }, (_, i) => `${BENCH_NAMESPACE}-pods-${i}`);
  for (const ns of namespaces) await pair.client.createNamespace(ns);
  const pod = podFixture();
  const { name: _name, namespace: _namespace, ...metadata } = pod.metadata;
  const body = JSON.stringify({ ...pod, metadata: { ...metadata, generateName: 'web-' } });
  const c = await compareWithWrk(
    ctx,
    pair,
    'pod-create',
    (run: number): string => `/api/v1/namespaces/${namespaces[run]!}/pods`,
    { method: 'POST', headers: { Authorization: `Bearer ${ctx.token}`, 'Content-Type': 'application/json', Accept: 'application/json' }, body },
    GENERATE_NAME_COLLISIONS,
  );
  return throughputMeasurement(c, {
    id: 'pod-create.ratio',
    label: `Pod create (two containers, probes, volumes), ${WRK_CONNECTIONS} connections, SQLite durable (${body.length} B body)`,
    reference: 'node:https POST echo',
    target: 0.2,
    extraRaw: { kplaneNon2xx: c.kplane.reduce((n, r) => n + r.non2xx, 0) },
  });
}
