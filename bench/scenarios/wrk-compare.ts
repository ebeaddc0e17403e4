// One wrk comparison: the same request against the baseline and kplane, interleaved B K K B B K after a
// warm-up of each, so that drift in the machine's load hits both sides alike. The figure is the median of
// the three rounds' ratios, each of two runs made one after the other. It used to be the best run of each
// side, but on this VM a slow phase can last tens of seconds and begin within a scenario: both sides then
// cost ~2x the CPU per request, and the two "best" runs came from different phases (a GET run measured
// 0.50x that way, its rounds 0.50x, 0.73x and 0.80x). The servers' CPU time per response (from /proc) is
// reported beside it, being much less sensitive to that interference.
import { cpuTimeMs } from '../proc-stat.js';
import type { Measurement } from '../results.js';
import { fmt, median, spread } from '../stats.js';
import { runWrk, writeWrkScript, type WrkRequest, type WrkResult } from '../wrk.js';
import type { BenchContext } from './context.js';
import type { HttpPair } from './http-pair.js';

/** wrk settings shared by the throughput scenarios: 50 connections, one wrk thread (the other core serves). */
export const WRK_CONNECTIONS = 50;
const WRK_THREADS = 1;
const RUN_SECONDS = 5;
const WARMUP_SECONDS = 3;

/** Successful responses per second: wrk's rate counts every response. */
export function successRate(result: WrkResult): number {
  return result.requests === 0 ? 0 : result.requestsPerSec * (1 - result.non2xx / result.requests);
}

/** Measured runs per side, after one warm-up run per side. */
const ROUNDS = 3;

/** The request path, or a function giving the path of the n-th run (0 and 1 are the warm-ups). */
export type RunPath = string | ((run: number) => string);

/** The number of wrk runs compareWithWrk makes. */
export const WRK_RUNS = 2 + 2 * ROUNDS;

/** The two runs of one round, made one after the other. */
export interface RoundPair {
  kplane: WrkResult;
  baseline: WrkResult;
}

/** All runs of both sides, and the round whose ratio is the median. */
export interface Comparison {
  kplane: WrkResult[];
  baseline: WrkResult[];
  medianRound: RoundPair;
  /** Median server CPU time (user + system) per response over the measured runs, in microseconds. */
  kplaneCpuUs: number;
  baselineCpuUs: number;
}

/**
 * Runs the comparison. `toleratedFailures` is the fraction of non-2xx responses accepted from kplane
 * (creates with generateName may collide, as upstream's may); more than that, or any socket error, makes
 * the run invalid. Rates are of successful responses.
 */
export async function compareWithWrk(ctx: BenchContext, pair: HttpPair, name: string, path: RunPath, request: WrkRequest, toleratedFailures = 0): Promise<Comparison> {
  const script = await writeWrkScript(ctx.workDir, name, request);
  let runs = 0;
  const cpuUs = { kplane: [] as number[], baseline: [] as number[] };
  const run = async (side: 'kplane' | 'baseline', seconds: number): Promise<WrkResult> => {
    const server = side === 'kplane' ? pair.kplane : pair.baseline;
    const url = server.url + (typeof path === 'string' ? path : path(runs++));
    const cpuBefore = cpuTimeMs(server.pid);
    const result = await runWrk({ url, script, connections: WRK_CONNECTIONS, threads: WRK_THREADS, durationSec: seconds });
    const cpu = ((cpuTimeMs(server.pid) - cpuBefore) * 1000) / Math.max(1, result.requests);
    if (seconds === RUN_SECONDS) cpuUs[side].push(cpu);
    const tolerated = side === 'kplane' ? toleratedFailures * result.requests : 0;
    if (result.non2xx > tolerated || result.socketErrors > 0) {
      throw new Error(`${name} on ${side}: ${result.non2xx} non-2xx responses, ${result.socketErrors} socket errors: not a valid measurement`);
    }
    const failures = result.non2xx > 0 ? `, ${result.non2xx} non-2xx` : '';
    const label = seconds === RUN_SECONDS ? side : `${side} (warm-up)`;
    ctx.log(`  ${name} ${label}: ${Math.round(successRate(result))} req/s, ${Math.round(cpu)} µs CPU/req (p50 ${result.latencyP50Ms ?? '?'} ms${failures})`);
    return result;
  };
  await run('baseline', WARMUP_SECONDS);
  await run('kplane', WARMUP_SECONDS);
  const baseline: WrkResult[] = [];
  const kplane: WrkResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which side goes first: B K, K B, B K...
    const order = round % 2 === 0 ? (['baseline', 'kplane'] as const) : (['kplane', 'baseline'] as const);
    for (const side of order) (side === 'kplane' ? kplane : baseline).push(await run(side, RUN_SECONDS));
  }
  const rounds = kplane.map((k, i) => ({ kplane: k, baseline: baseline[i] as WrkResult }));
  return { kplane, baseline, medianRound: medianRound(rounds), kplaneCpuUs: median(cpuUs.kplane), baselineCpuUs: median(cpuUs.baseline) };
}

const roundRatio = (round: RoundPair): number => successRate(round.kplane) / Math.max(1e-9, successRate(round.baseline));

/** The round whose kplane/baseline ratio is the median (ROUNDS is odd). */
export function medianRound(rounds: readonly RoundPair[]): RoundPair {
  const sorted = [...rounds].sort((a, b) => roundRatio(a) - roundRatio(b));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new RangeError('no rounds');
  return middle;
}

/** A throughput comparison as a measurement: kplane's rate over the baseline's, with latency and CPU beside it. */
export function throughputMeasurement(
  c: Comparison,
  figure: { id: string; label: string; reference: string; target?: number; extraRaw?: Record<string, number> },
): Measurement {
  const { kplane: k, baseline: b } = c.medianRound;
  return {
    id: figure.id,
    label: figure.label,
    kplane: `${fmt(successRate(k))} req/s, p50 ${fmt(k.latencyP50Ms ?? NaN)} ms, p99 ${fmt(k.latencyP99Ms ?? NaN)} ms, ${fmt(c.kplaneCpuUs)} µs CPU/req`,
    reference: `${figure.reference} ${fmt(successRate(b))} req/s, ${fmt(c.baselineCpuUs)} µs CPU/req`,
    value: successRate(k) / successRate(b),
    unit: '×',
    ...(figure.target === undefined ? {} : { target: { op: '>=' as const, value: figure.target } }),
    higherIsBetter: true,
    raw: {
      kplaneRps: successRate(k),
      baselineRps: successRate(b),
      ...figure.extraRaw,
      kplaneP50Ms: k.latencyP50Ms ?? NaN,
      kplaneP99Ms: k.latencyP99Ms ?? NaN,
      kplaneCpuUsPerRequest: c.kplaneCpuUs,
      baselineCpuUsPerRequest: c.baselineCpuUs,
      kplaneSpread: spread(c.kplane.map(successRate)),
      baselineSpread: spread(c.baseline.map(successRate)),
    },
  };
}
