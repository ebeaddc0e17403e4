// Scenario 5: startup. (a) startServer({ storage: 'memory', securePort: 0 }) in fresh processes (module
// loading reported apart); (b) the CLI on an existing SQLite data directory holding ~1,000 objects, from
// spawn to its `serving on` line, side by side with the baseline server's spawn-to-listening.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ApiClient } from '../client.js';
import { startBaselineProcess, startKplaneCli } from '../processes.js';
import type { Measurement } from '../results.js';
import { fmt, median, spread } from '../stats.js';
import type { BenchContext } from './context.js';

const RUNS = 5;
const OBJECTS = 1000;
const PROBE_PATH = fileURLToPath(new URL('../startup-probe.js', import.meta.url));

/**
 * Scenario 5: module import plus in-process startServer with the whole catalogue (target <= 300 ms), the
 * empty server's resident memory (target <= 100 MB), and CLI start on existing data (target < 1 s).
 */
export async function measureStartup(ctx: BenchContext): Promise<Measurement[]> {
  return [...(await inProcessStartup(ctx)), await cliStartup(ctx)];
}

async function inProcessStartup(ctx: BenchContext): Promise<Measurement[]> {
  ctx.log(`startup: startServer(memory) x ${RUNS}`);
  const runs: { importMs: number; readyMs: number; rssMb: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    // No Node.js flags, as a test suite runs: flags other than the build's would make V8 refuse the code cache.
    const { stdout } = await promisify(execFile)(process.execPath, [PROBE_PATH], { cwd: ctx.workDir });
    runs.push(JSON.parse(stdout.trim().split('\n').pop()!) as { importMs: number; readyMs: number; rssMb: number });
  }
  const ready = runs.map((r) => r.readyMs);
  const imports = median(runs.map((r) => r.importMs));
  const total = runs.map((r) => r.importMs + r.readyMs);
  const rss = median(runs.map((r) => r.rssMb));
  return [
    {
      id: 'startup.memory',
      label: `module import + startServer({ storage: 'memory' }) ready, whole catalogue, fresh process, median of ${RUNS}`,
      kplane: `${fmt(median(total), 0)} ms (import ${fmt(imports, 0)} ms + ready ${fmt(median(ready), 1)} ms; totals ${total.map((r) => fmt(r, 0)).join(', ')})`,
      reference: '',
      value: median(total),
      unit: 'ms',
      target: { op: '<=', value: 300 },
      higherIsBetter: false,
      raw: { readyMedianMs: median(ready), importMedianMs: imports, totalSpread: spread(total) },
    },
    {
      id: 'startup.rss',
      label: 'resident memory of an empty server (memory storage, after start-up and a GC)',
      kplane: `${fmt(rss, 1)} MB`,
      reference: '',
      value: rss,
      unit: 'MB',
      target: { op: '<=', value: 100 },
      higherIsBetter: false,
      raw: { rssMedianMb: rss, rssMaxMb: Math.max(...runs.map((r) => r.rssMb)) },
    },
  ];
}

async function cliStartup(ctx: BenchContext): Promise<Measurement> {
  const dataDir = join(ctx.workDir, 'startup-data');
  await mkdir(dataDir, { recursive: true });
  ctx.log(`startup: CLI on SQLite with ${OBJECTS} ConfigMaps x ${RUNS}`);
  const first = await startKplaneCli({ dataDir, tokenAuthFile: ctx.tokenFile });
  const client = await ApiClient.connect(first.url, ctx.adminToken);
  try {
    await client.createNamespace('startup');
    await client.createConfigMaps('startup', OBJECTS, 50);
  } finally {
    client.close();
    await first.stop();
  }
  const getBodyFile = join(ctx.workDir, 'startup-get-body.json');
  await writeFile(getBodyFile, '{}');
  const cli: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const kplane = await startKplaneCli({ dataDir, tokenAuthFile: ctx.tokenFile, nodeArgs: ctx.serverNodeArgs });
    cli.push(kplane.readyMs);
    await kplane.stop();
    const baseline = await startBaselineProcess(dataDir, getBodyFile);
    base.push(baseline.readyMs);
    await baseline.stop();
  }
  return {
    id: 'startup.cli',
    label: `CLI start on SQLite with ${OBJECTS.toLocaleString('en-US')} objects until \`serving on\`, median of ${RUNS}`,
    kplane: `${fmt(median(cli), 0)} ms (runs ${cli.map((r) => fmt(r, 0)).join(', ')})`,
    reference: `node:https baseline spawn-to-listening ${fmt(median(base), 0)} ms (${fmt(median(cli) / median(base))}×)`,
    value: median(cli),
    unit: 'ms',
    target: { op: '<', value: 1000 },
    higherIsBetter: false,
    raw: { cliMedianMs: median(cli), baselineMedianMs: median(base), ratio: median(cli) / median(base), cliSpread: spread(cli) },
  };
}
