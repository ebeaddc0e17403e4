// Creates of a realistic object of a large kind (SQLite, durable) vs the baseline's JSON POST echo, 50
// connections: the fixture with generateName, each measured run in a namespace of its own, so that
// decoding, defaulting, validation and field ownership of the kind are on the measured path.
import type { KubeObject } from '../../src/apis/meta/v1/types.js';
import type { Measurement } from '../results.js';
import type { BenchContext } from './context.js';
import { BENCH_NAMESPACE, type HttpPair } from './http-pair.js';
import { compareWithWrk, throughputMeasurement, WRK_CONNECTIONS, WRK_RUNS } from './wrk-compare.js';

/** As in the ConfigMap scenario: generateName collides a few times among the ~10^4 objects of a run. */
const GENERATE_NAME_COLLISIONS = 0.005;

export interface FixtureCreate {
  /** Scenario name (wrk script, log lines) and the figure's id prefix. */
  name: string;
  /** The collection path in a namespace (`/api/v1/namespaces/<ns>/pods`). */
  collection: (namespace: string) => string;
  fixture: KubeObject;
  /** Objects the fixture needs in its namespace (a pod's ServiceAccount), created before the runs. */
  prerequisites?: (namespace: string) => Array<{ path: string; body: unknown }>;
  /** How the figure is labelled; the body's size is appended. */
  label: string;
  target?: number;
}

/** kplane creates per second over the baseline's POST echoes per second. */
export async function measureFixtureCreate(ctx: BenchContext, pair: HttpPair, spec: FixtureCreate): Promise<Measurement> {
  ctx.log(`${spec.name} throughput (wrk)`);
  const namespaces = Array.from({ length: WRK_RUNS }, (_, i) => `${BENCH_NAMESPACE}-${spec.name}-${i}`);
  for (const ns of namespaces) {
    await pair.createBenchNamespace(ns);
    for (const { path, body } of spec.prerequisites?.(ns) ?? []) await pair.client.expect(201, 'POST', path, body);
  }
  const { name: _name, namespace: _namespace, ...metadata } = spec.fixture.metadata;
  const body = JSON.stringify({ ...spec.fixture, metadata: { ...metadata, generateName: `${spec.name}-` } });
  const c = await compareWithWrk(
    ctx,
    pair,
    spec.name,
    (run: number): string => spec.collection(namespaces[run] ?? BENCH_NAMESPACE),
    { method: 'POST', headers: { Authorization: `Bearer ${ctx.token}`, 'Content-Type': 'application/json', Accept: 'application/json' }, body },
    GENERATE_NAME_COLLISIONS,
  );
  return throughputMeasurement(c, {
    id: `${spec.name}.ratio`,
    label: `${spec.label}, ${WRK_CONNECTIONS} connections, SQLite durable (${body.length} B body)`,
    reference: 'node:https POST echo',
    ...(spec.target === undefined ? {} : { target: spec.target }),
    extraRaw: { kplaneNon2xx: c.kplane.reduce((n, r) => n + r.non2xx, 0) },
  });
}
