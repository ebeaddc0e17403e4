// Scenario 6: resident memory per cached ~1 KB ConfigMap. The CLI runs as a child process (SQLite) with
// memory-probe.ts preloaded; after a warm-up, RSS (VmRSS in /proc/<pid>/status, after forced full GCs)
// is read before and after creating 20,000 ConfigMaps, and the difference is divided by the count. For
// context, the same is measured without the garbage of 20,000 requests: a restart on that data directory
// against a start on an empty one.
import { readFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ApiClient } from '../client.js';
import { startKplaneCli, type ServerProcess } from '../processes.js';
import type { Measurement } from '../results.js';
import { fmt } from '../stats.js';
import type { BenchContext } from './context.js';

const OBJECTS = 20_000;
const WARMUP_OBJECTS = 500;
const PROBE_URL = pathToFileURL(fileURLToPath(new URL('../memory-probe.js', import.meta.url))).href;

interface Sample {
  rss: number;
  heapUsed: number;
}

/** Scenario 6: RSS growth per cached ConfigMap, in KB (target <= 3). */
export async function measureMemoryPerObject(ctx: BenchContext): Promise<Measurement> {
  const dataDir = join(ctx.workDir, 'memory-data');
  await mkdir(dataDir, { recursive: true });
  ctx.log(`memory: ${OBJECTS} ConfigMaps into a CLI server`);
  const server = await startProbed(dataDir, ctx);
  const client = await ApiClient.connect(server.url, ctx.token);
  let live: Measurement;
  try {
    // Warm-up: JIT-compiled code, connection buffers and SQLite's page cache exist before the first sample.
    await client.createNamespace('warmup');
    await client.createConfigMaps('warmup', WARMUP_OBJECTS, 50);
    await client.expect(200, 'GET', '/api/v1/namespaces/warmup/configmaps');
    await client.createNamespace('memory');
    const before = await sample(server);
    await client.createConfigMaps('memory', OBJECTS, 50);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await sample(server);
    const one = await client.expect(200, 'GET', '/api/v1/namespaces/memory/configmaps/cm-000000');
    const perObject = (after.rss - before.rss) / OBJECTS;
    const heapPerObject = (after.heapUsed - before.heapUsed) / OBJECTS;
    live = {
      id: 'memory.perObject',
      label: `Resident memory per cached ConfigMap (${OBJECTS.toLocaleString('en-US')} objects of ${one.length} B JSON)`,
      kplane: `${fmt(perObject / 1024)} KB RSS (${fmt(heapPerObject / 1024)} KB V8 heap); RSS ${fmt(before.rss / 2 ** 20, 0)} → ${fmt(after.rss / 2 ** 20, 0)} MiB`,
      reference: `${fmt(perObject / one.length)}× the object's JSON size`,
      value: perObject / 1024,
      unit: 'KB',
      target: { op: '<=', value: 3 },
      higherIsBetter: false,
      raw: { rssBefore: before.rss, rssAfter: after.rss, heapBefore: before.heapUsed, heapAfter: after.heapUsed, jsonBytes: one.length, heapPerObjectKB: heapPerObject / 1024 },
    };
  } finally {
    client.close();
    await server.stop();
  }
  const restarted = await restartDelta(ctx, dataDir);
  live.kplane += `; after a restart ${fmt(restarted / OBJECTS / 1024)} KB`;
  live.raw['restartPerObjectKB'] = restarted / OBJECTS / 1024;
  return live;
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
      rss.push((await sample(server)).rss);
    } finally {
      await server.stop();
    }
  }
  return rss[1]! - rss[0]!;
}

/** Full GCs in the server (SIGUSR2 to the probe), then its VmRSS and V8 heap. */
async function sample(server: ServerProcess): Promise<Sample> {
  const reply = server.nextLine(/^memory-probe (.*)$/);
  process.kill(server.pid, 'SIGUSR2');
  const usage = JSON.parse((await reply)[1]!) as { heapUsed: number };
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!kb) throw new Error(`no VmRSS in /proc/${server.pid}/status`);
  return { rss: Number(kb[1]) * 1024, heapUsed: usage.heapUsed };
}
