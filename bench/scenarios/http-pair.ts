// kplane's CLI (SQLite, durable) and the baseline node:https server, side by side for the wrk scenarios.
// The baseline's GET answers exactly the bytes kplane answers for the ConfigMap the GET scenario reads.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient } from '../client.js';
import { configMap } from '../fixtures.js';
import { startBaselineProcess, startKplaneCli, type ServerProcess } from '../processes.js';
import type { BenchContext } from './context.js';

/** The namespace the throughput scenarios write to and read from. */
export const BENCH_NAMESPACE = 'bench';
/** The ConfigMap the GET scenario reads. */
export const PROBE_NAME = 'probe';

/** Both servers, clients to kplane, and the data directory (kplane's certificates live there). */
export interface HttpPair {
  kplane: ServerProcess;
  baseline: ServerProcess;
  /** As the measured user (authorized by RBAC in the bench namespaces). */
  client: ApiClient;
  /** As a system:masters user, for setting the stage. */
  admin: ApiClient;
  dataDir: string;
  /** Creates a namespace the measured user may work in (see ApiClient.createBenchNamespace). */
  createBenchNamespace(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts kplane (fresh SQLite data directory) and the baseline, with the namespace and ConfigMap the scenarios use. */
export async function startHttpPair(ctx: BenchContext): Promise<HttpPair> {
  const dataDir = join(ctx.workDir, 'throughput-data');
  await mkdir(dataDir, { recursive: true });
  const kplane = await startKplaneCli({ dataDir, tokenAuthFile: ctx.tokenFile, nodeArgs: ctx.serverNodeArgs });
  const client = await ApiClient.connect(kplane.url, ctx.token);
  const admin = await ApiClient.connect(kplane.url, ctx.adminToken);
  let baseline: ServerProcess | undefined;
  try {
    // `serving on` comes before readiness, as kube-apiserver's serving line does: until /readyz passes (the priority
    // and fairness configuration in place), a burst of the bench's user would meet catch-all's few seats.
    await waitReady(admin);
    await admin.createBenchNamespace(BENCH_NAMESPACE, client);
    await client.expect(201, 'POST', `/api/v1/namespaces/${BENCH_NAMESPACE}/configmaps`, configMap({ name: PROBE_NAME }));
    const getBody = await client.expect(200, 'GET', `/api/v1/namespaces/${BENCH_NAMESPACE}/configmaps/${PROBE_NAME}`);
    const getBodyFile = join(ctx.workDir, 'baseline-get-body.json');
    await writeFile(getBodyFile, getBody);
    baseline = await startBaselineProcess(dataDir, getBodyFile);
  } catch (error) {
    client.close();
    admin.close();
    await kplane.stop();
    throw error;
  }
  const started = baseline;
  return {
    kplane,
    baseline: started,
    client,
    admin,
    dataDir,
    createBenchNamespace: (name) => admin.createBenchNamespace(name, client),
    stop: async () => {
      client.close();
      admin.close();
      await Promise.all([kplane.stop(), started.stop()]);
    },
  };
}

/** Polls /readyz until it answers 200 (at most 30 s). */
async function waitReady(admin: ApiClient): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await admin.request('GET', '/readyz')).status !== 200) {
    if (Date.now() > deadline) throw new Error('kplane did not become ready within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
