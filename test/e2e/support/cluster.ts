// Test support: a kplane server of its own per test file, and the machine's kubectl pointed at it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { startServer, type RunningServer, type ServerOptions } from '../../../src/index.js';
import { rawClient, type RawClient } from './raw-client.js';

export const KUBECTL = '/usr/bin/kubectl';

export interface TestCluster {
  server: RunningServer;
  /** Runs kubectl against the server; rejects with stderr on a non-zero exit. */
  kubectl(args: readonly string[], options?: { input?: string; env?: Record<string, string> }): Promise<string>;
  /** Runs kubectl and returns exit code, stdout and stderr without throwing. */
  kubectlResult(args: readonly string[], options?: { input?: string }): Promise<{ code: number; stdout: string; stderr: string }>;
  stop(): Promise<void>;
}

export async function startCluster(options: ServerOptions = {}): Promise<TestCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'kplane-e2e-'));
  const server = await startServer({ storage: 'memory', dataDir: join(dir, 'data'), securePort: 0, ...options });
  const cacheDir = join(dir, 'kube-cache');
  const run = (args: readonly string[], opts: { input?: string; env?: Record<string, string> } = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        KUBECTL,
        ['--kubeconfig', server.kubeconfigPath, '--cache-dir', cacheDir, ...args],
        { env: { ...process.env, ...opts.env }, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      if (opts.input !== undefined) child.stdin?.end(opts.input);
    });
  return {
    server,
    async kubectl(args, opts) {
      const result = await run(args, opts);
      if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
      return result.stdout;
    },
    kubectlResult: (args, opts) => run(args, opts),
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Poll `check` until it returns a value, for effects that happen asynchronously (controllers). */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits for the `kubernetes` Service: the server makes it (and its Endpoints and EndpointSlice, in the same
 * pass, right after) in the background once it serves, as upstream's bootstrap controller, not within the start.
 */
export async function untilKubernetesService(client: RawClient): Promise<void> {
  await eventually(async () => ((await client.request('GET', '/api/v1/namespaces/default/services/kubernetes')).status === 200 ? true : undefined), 'the kubernetes Service');
}

/** A test file's own cluster and raw client: started before its tests, stopped after them. */
export interface ClusterFixture {
  readonly cluster: TestCluster;
  readonly client: RawClient;
}

/** Registers the hooks of a ClusterFixture (call at the top level of a test file); read it inside tests. */
export function useCluster(options: ServerOptions = {}): ClusterFixture {
  const fixture: { cluster?: TestCluster; client?: RawClient } = {};
  before(async () => {
    fixture.cluster = await startCluster(options);
    fixture.client = rawClient(fixture.cluster.server.kubeconfig);
  });
  after(() => fixture.cluster?.stop());
  return {
    get cluster() {
      if (!fixture.cluster) throw new Error('the cluster starts in before()');
      return fixture.cluster;
    },
    get client() {
      if (!fixture.client) throw new Error('the cluster starts in before()');
      return fixture.client;
    },
  };
}
