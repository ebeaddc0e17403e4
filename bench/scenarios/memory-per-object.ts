// Scenario 6: resident memory per cached ~1 KB ConfigMap. The CLI runs as a child process (SQLite) with
// memory-probe.ts preloaded, which reports RSS (VmRSS in /proc/<pid>/status) after forced full GCs.
// The figure is the steady-state cost of one more cached object: ConfigMaps are created in windows of
// 15,000 and RSS sampled after each; the first window also pays one-time growth (JIT code, V8's and the
// allocator's first expansions; it is reported beside), so the per-object figure is the least-squares
// slope of RSS over the windows after it. For context, the same is measured without the garbage of the
// requests: a restart on that data directory against a start on an empty one.
import { readFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ApiClient } from '../client.js';
import { startKplaneCli, type ServerProcess } from '../processes.js';
import type { Measurement } from '../results.js';
import { fmt, slope } from '../stats.js';
import type { BenchContext } from './context.js';

const WINDOW = 15_000;
const WINDOWS = 4;
const WARMUP_OBJECTS = 500;
const PROBE_URL = pathToFileURL(fileURLToPath(new URL('../memory-probe.js', import.meta.url))).href;

interface Sample {
  objects: number;
  rss: number;
  heapUsed: number;
}

/** Scenario 6: steady-state RSS growth per cached ConfigMap, in KB (target <= 3). */
export async function measureMemoryPerObject(ctx: BenchContext): Promise<Measurement> {
  const dataDir = join(ctx.workDir, 'memory-data');
  await mkdir(dataDir, { recursive: true });
  ctx.log(`memory: ${WINDOWS} windows of ${WINDOW} ConfigMaps into a CLI server`);
  const server = await startProbed(dataDir, ctx);
  const client = await ApiClient.connect(server.url, ctx.adminToken);
  let samples: Sample[];
  let jsonBytes: number;
  try {
    // Warm-up: connection buffers and SQLite's page cache exist before the first sample.
    await client.createNamespace('warmup');
    await client.createConfigMaps('warmup', WARMUP_OBJECTS, 50);
    await client.expect(200, 'GET', '/api/v1/namespaces/warmup/configmaps');
    samples = [await sample(server, 0)];
    for (let w = 1; w <= WINDOWS; w++) {
      await client.createNamespace(`memory-${w}`);
      await client.createConfigMaps(`memory-${w}`, WINDOW, 50);
      await new Promise((resolve) => setTimeout(resolve, 500));
      samples.push(await sample(server, w * WINDOW));
      ctx.log(`  ${w * WINDOW} objects: RSS ${fmt(samples[w]!.rss / 2 ** 20, 1)} MiB, heap ${fmt(samples[w]!.heapUsed / 2 ** 20, 1)} MiB`);
    }
    jsonBytes = (await client.expect(200, 'GET', '/api/v1/namespaces/memory-1/configmaps/cm-000000')).length;
  } finally {
    client.close();
    await server.stop();
  }
  const steady = samples.slice(1);
  const perObject = slope(steady.map((s) => [s.objects, s.rss]));
  const heapPerObject = slope(steady.map((s) => [s.objects, s.heapUsed]));
  const firstWindow = (samples[1]!.rss - samples[0]!.rss) / WINDOW;
  const objects = WINDOW * WINDOWS;
  const restarted = (await restartDelta(ctx, dataDir)) / objects;
  const first = samples[0]!;
  const last = samples[WINDOWS]!;
  return {
    id: 'memory.perObject',
    label: `Resident memory per cached ConfigMap (${objects.toLocaleString('en-US')} objects of ${jsonBytes} B JSON, steady state)`,
    kplane:
      `${fmt(perObject / 1024)} KB RSS (${fmt(heapPerObject / 1024)} KB V8 heap) per object from ${WINDOW.toLocaleString('en-US')} to ${objects.toLocaleString('en-US')} objects; ` +
      `first window ${fmt(firstWindow / 1024)} KB; after a restart ${fmt(restarted / 1024)} KB; RSS ${fmt(first.rss / 2 ** 20, 0)} → ${fmt(last.rss / 2 ** 20, 0)} MiB`,
    reference: `${fmt(perObject / jsonBytes)}× the object's JSON size`,
    value: perObject / 1024,
    unit: 'KB',
    target: { op: '<=', value: 3 },
    higherIsBetter: false,
    raw: {
      ...Object.fromEntries(samples.map((s) => [`rssAt${s.objects}`, s.rss])),
      jsonBytes,
      heapPerObjectKB: heapPerObject / 1024,
      firstWindowPerObjectKB: firstWindow / 1024,
      restartPerObjectKB: restarted / 1024,
    },
  };
}

function startProbed(dataDir: string, ctx: BenchContext): Promise<ServerProcess> {
  return startKplaneCli({ dataDir, tokenAuthFile: ctx.tokenFile, nodeArgs: ['--expose-gc', '--import', PROBE_URL] });
}

/** RSS of a fresh start on `dataDir` minus that of a fresh start on an empty directory. */
async function restartDelta(ctx: BenchContext, dataDir: string): Promise<number> {
  const emptyDir = join(ctx.workDir, 'memory-empty');
  await mkdir(emptyDir, { recursive: true });
  const rss: number[] = [];
  for (const dir of [emptyDir, dataDir]) {
    const server = await startProbed(dir, ctx);
    try {
      rss.push((await sample(server, 0)).rss);
    } finally {
      await server.stop();
    }
  }
  return rss[1]! - rss[0]!;
}

/** Full GCs in the server (SIGUSR2 to the probe), then its VmRSS and V8 heap. */
async function sample(server: ServerProcess, objects: number): Promise<Sample> {
  const reply = server.nextLine(/^memory-probe (.*)$/);
  process.kill(server.pid, 'SIGUSR2');
  const usage = JSON.parse((await reply)[1]!) as { heapUsed: number };
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!kb) throw new Error(`no VmRSS in /proc/${server.pid}/status`);
  return { objects, rss: Number(kb[1]) * 1024, heapUsed: usage.heapUsed };
}
