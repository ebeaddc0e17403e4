// Scenario 2: GET of one ConfigMap by name vs the baseline's GET of the same bytes, 50 connections.
import type { Measurement } from '../results.js';
import type { BenchContext } from './context.js';
import { BENCH_NAMESPACE, PROBE_NAME, type HttpPair } from './http-pair.js';
import { compareWithWrk, throughputMeasurement, WRK_CONNECTIONS } from './wrk-compare.js';

/** Scenario 2: kplane GETs per second over the baseline's GETs per second (target >= 0.5). */
export async function measureGetByName(ctx: BenchContext, pair: HttpPair): Promise<Measurement> {
  ctx.log('get by name (wrk)');
  const path = `/api/v1/namespaces/${BENCH_NAMESPACE}/configmaps/${PROBE_NAME}`;
  const c = await compareWithWrk(ctx, pair, 'get', path, {
    method: 'GET',
    headers: { Authorization: `Bearer ${ctx.token}`, Accept: 'application/json' },
  });
  return throughputMeasurement(c, {
    id: 'get.ratio',
    label: `ConfigMap GET by name, ${WRK_CONNECTIONS} connections`,
    reference: 'node:https fixed GET',
    target: 0.5,
  });
}
