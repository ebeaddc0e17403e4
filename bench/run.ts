// `npm run bench`: every scenario in turn, then one table of side-by-side ratios, targets, and ratios
// against the last run (bench/last-results.json, saved at the end).
//   node dist/bench/run.js [--only=create,pods,deployments,get,sa-get,apply,list,watch,startup,memory,etcd,rbac,gc] [--cpu-prof=<dir>] [--no-save]
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTokenFile } from './fixtures.js';
import { loadPerCore, loadResults, saveResults, type Measurement } from './results.js';
import type { BenchContext } from './scenarios/context.js';
import { measureCreateThroughput } from './scenarios/create-throughput.js';
import { measurePodCreate } from './scenarios/pod-create.js';
import { measureEtcdCreate } from './scenarios/etcd-create.js';
import { measureGetByName } from './scenarios/get-by-name.js';
import { measureGetWithServiceAccount } from './scenarios/get-service-account.js';
import { CONFIGMAP_APPLY, DEPLOYMENT_APPLY, measureApplyVsPut } from './scenarios/apply-vs-put.js';
import { measureDeploymentCreate } from './scenarios/deployment-create.js';
import { measureRbacDecision } from './scenarios/rbac-decision.js';
import { measureGarbageCollection } from './scenarios/garbage-collection.js';
import { startHttpPair } from './scenarios/http-pair.js';
import { measureListFromCache } from './scenarios/list-cache.js';
import { measureMemoryPerObject } from './scenarios/memory-per-object.js';
import { measureStartup } from './scenarios/startup.js';
import { measureWatchFanout } from './scenarios/watch-fanout.js';
import { elapsedMs, fmt } from './stats.js';
import { renderTable } from './table.js';
import { ensureWrk } from './wrk.js';

const SCENARIOS = ['create', 'pods', 'deployments', 'get', 'sa-get', 'apply', 'list', 'watch', 'startup', 'memory', 'etcd', 'rbac', 'gc'] as const;
type Scenario = (typeof SCENARIOS)[number];
/** The saved figures live in the source tree (committed), not in dist/. */
const RESULTS_PATH = fileURLToPath(new URL('../../bench/last-results.json', import.meta.url));

interface Args {
  only: ReadonlySet<Scenario>;
  cpuProfDir: string | undefined;
  save: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  let only = new Set<Scenario>(SCENARIOS);
  let cpuProfDir: string | undefined;
  let save = true;
  for (const arg of argv) {
    if (arg.startsWith('--only=')) {
      const names = arg.slice('--only='.length).split(',');
      const unknown = names.filter((n) => !SCENARIOS.includes(n as Scenario));
      if (unknown.length > 0) throw new Error(`unknown scenario(s) ${unknown.join(', ')}; known: ${SCENARIOS.join(', ')}`);
      only = new Set(names as Scenario[]);
    } else if (arg.startsWith('--cpu-prof=')) cpuProfDir = resolve(arg.slice('--cpu-prof='.length));
    else if (arg === '--no-save') save = false;
    else throw new Error(`unknown argument ${arg}`);
  }
  return { only, cpuProfDir, save };
}

/** Runs the selected scenarios; one that fails is reported and the others still run. */
async function runScenarios(ctx: BenchContext, only: ReadonlySet<Scenario>): Promise<{ results: Measurement[]; failures: string[] }> {
  const results: Measurement[] = [];
  const failures: string[] = [];
  const attempt = async (name: string, body: () => Promise<void>): Promise<void> => {
    try {
      await body();
    } catch (error) {
      failures.push(name);
      console.error(`[bench] ${name} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  };
  if (['create', 'pods', 'deployments', 'get', 'sa-get', 'apply', 'list'].some((s) => only.has(s as Scenario))) {
    await attempt('create/get/list', async () => {
      const pair = await startHttpPair(ctx);
      try {
        if (only.has('create')) results.push(await measureCreateThroughput(ctx, pair));
        if (only.has('pods')) results.push(await measurePodCreate(ctx, pair));
        if (only.has('deployments')) results.push(await measureDeploymentCreate(ctx, pair));
        if (only.has('get')) results.push(await measureGetByName(ctx, pair));
        if (only.has('sa-get')) results.push(await measureGetWithServiceAccount(ctx, pair));
        if (only.has('apply')) results.push(await measureApplyVsPut(ctx, pair, CONFIGMAP_APPLY), await measureApplyVsPut(ctx, pair, DEPLOYMENT_APPLY));
        if (only.has('list')) results.push(...(await measureListFromCache(ctx, pair)));
      } finally {
        await pair.stop();
      }
    });
  }
  if (only.has('watch')) await attempt('watch', async () => void results.push(...(await measureWatchFanout(ctx))));
  if (only.has('startup')) await attempt('startup', async () => void results.push(...(await measureStartup(ctx))));
  if (only.has('memory')) await attempt('memory', async () => void results.push(await measureMemoryPerObject(ctx)));
  if (only.has('rbac')) await attempt('rbac', async () => void results.push(measureRbacDecision(ctx)));
  if (only.has('gc')) await attempt('gc', async () => void results.push(...(await measureGarbageCollection(ctx))));
  if (only.has('etcd')) await attempt('etcd', async () => void results.push(...(await measureEtcdCreate(ctx))));
  return { results, failures };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  try {
    ensureWrk();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const started = process.hrtime.bigint();
  const workDir = await mkdtemp(join(tmpdir(), 'kplane-bench-'));
  const loadBefore = loadPerCore();
  let maxLoad = loadBefore;
  const loadTimer = setInterval(() => (maxLoad = Math.max(maxLoad, loadPerCore())), 5_000);
  try {
    const tokens = await writeTokenFile(workDir);
    const ctx: BenchContext = {
      workDir,
      token: tokens.token,
      adminToken: tokens.adminToken,
      tokenFile: tokens.path,
      serverNodeArgs: args.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${args.cpuProfDir}`] : [],
      log: (message) => console.error(`[bench] ${message}`),
    };
    const previous = loadResults(RESULTS_PATH);
    const { results: measurements, failures } = await runScenarios(ctx, args.only);
    if (failures.length > 0) process.exitCode = 1;
    console.log(renderTable(measurements, previous));
    console.log('');
    console.log(`Node.js ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; ` +
      `load average per core ${fmt(loadBefore)} at start, up to ${fmt(maxLoad)} during the run; ` +
      `${fmt(elapsedMs(started) / 1000, 0)} s in all.` + (previous ? ` Last run: ${previous.date}.` : ''));
    const spreads = measurements.flatMap((m) =>
      Object.entries(m.raw).filter(([k]) => k.endsWith('Spread')).map(([k, v]) => `${m.id} ${k.replace(/Spread$/, '')} ${fmt(v * 100, 0)} %`));
    if (spreads.length > 0) console.log(`Run-to-run spread of repeated runs, (max - min) / median: ${spreads.join('; ')}.`);
    if (failures.length > 0) console.log(`FAILED scenarios (see stderr): ${failures.join(', ')}.`);
    if (args.save) await saveResults(RESULTS_PATH, measurements, previous);
  } finally {
    clearInterval(loadTimer);
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
