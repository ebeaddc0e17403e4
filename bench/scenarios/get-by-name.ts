// Scenario 2: GET of one ConfigMap by name vs the baseline's GET of the same bytes, 50 connections.
import type { Measurement } from '../results.js';
import { fmt, spread } from '../stats.js';
import type { BenchContext } from './context.js';
import { BENCH_NAMESPACE, PROBE_NAME, type HttpPair } from './http-pair.js';
import { compareWithWrk, successRate, WRK_CONNECTIONS } from './wrk-compare.js';

/** Scenario 2: kplane GETs per second over the baseline's GETs per second (target >= 0.5). */
export async function measureGetByName(ctx: BenchContext, pair: HttpPair): Promise<Measurement> {
  ctx.log('get by name (wrk)');
  const path = `/api/v1/namespaces/${BENCH_NAMESPACE}/configmaps/${PROBE_NAME}`;
  const c = await compareWithWrk(ctx, pair, 'get', path, {
    method: 'GET',
    headers: { Authorization: `Bearer ${ctx.token}`, Accept: 'application/json' },
  });
  const k = c.bestKplane;
  const b = c.bestBaseline;
  return {
    id: 'get.ratio',
    label: `ConfigMap GET by name, ${WRK_CONNECTIONS} connections`,
    kplane: `${fmt(successRate(k))} req/s, p50 ${fmt(k.latencyP50Ms ?? NaN)} ms, p99 ${fmt(k.latencyP99Ms ?? NaN)} ms, ${fmt(c.kplaneCpuUs)} µs CPU/req`,
    reference: `node:https fixed GET ${fmt(successRate(b))} req/s, ${fmt(c.baselineCpuUs)} µs CPU/req`,
    value: successRate(k) / successRate(b),
    unit: '×',
    target: { op: '>=', value: 0.5 },
    higherIsBetter: true,
    raw: {
      kplaneRps: successRate(k),
      baselineRps: successRate(b),
      kplaneP50Ms: k.latencyP50Ms ?? NaN,
      kplaneP99Ms: k.latencyP99Ms ?? NaN,
      kplaneCpuUsPerRequest: c.kplaneCpuUs,
      baselineCpuUsPerRequest: c.baselineCpuUs,
      kplaneSpread: spread(c.kplane.map(successRate)),
      baselineSpread: spread(c.baseline.map(successRate)),
    },
  };
}
