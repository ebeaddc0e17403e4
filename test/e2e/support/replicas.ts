// Test support: a real etcd of its own per test file and several kplane replicas on it, started with
// one shared `certDir` (so they share the CA and the admin credentials), each with kubectl, a raw HTTPS
// client and a @kubernetes/client-node KubeConfig pointed at it.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { startServer, type RunningServer, type ServerOptions } from '../../../src/index.js';
import { startTestEtcd, type TestEtcd } from '../../../src/storage/etcd/test-etcd.js';
import { KUBECTL } from './cluster.js';
import { rawClient, type RawClient } from './raw-client.js';

/** Leader election durations for tests: a takeover after a crash within 2 s, renewals every 250 ms. */
export const TEST_LEADER_ELECTION = { leaseDurationMs: 2_000, renewDeadlineMs: 1_500, retryPeriodMs: 250 } as const;

/** One kplane replica. */
export interface Replica {
  readonly name: string;
  /** Its identity in Leases: `replica-<name>`. */
  readonly identity: string;
  readonly server: RunningServer;
  readonly raw: RawClient;
  readonly kubeConfig: KubeConfig;
  /** Runs kubectl against this replica; rejects with stderr on a non-zero exit. */
  kubectl(args: readonly string[], options?: { input?: string; kubeconfig?: string }): Promise<string>;
  /** Runs kubectl and returns exit code, stdout and stderr without throwing. */
  kubectlResult(args: readonly string[], options?: { input?: string; kubeconfig?: string }): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Starts a long-running kubectl (e.g. `get -w`); its output accumulates in `output()`. */
  kubectlStream(args: readonly string[]): { output(): string; stop(): void };
  readonly stopped: boolean;
  stop(): Promise<void>;
}

/** The etcd, the replicas, and the shared directories. */
export interface ReplicaGroup {
  readonly etcd: TestEtcd;
  readonly certDir: string;
  readonly replicas: Replica[];
  /** Starts one more replica on the same etcd and certificates. */
  add(name: string): Promise<Replica>;
  close(): Promise<void>;
}

/** Options of startReplicas. */
export interface ReplicaOptions {
  /** More server options per replica (e.g. a distinct `advertiseAddress` each). */
  serverOptions?(name: string): Partial<ServerOptions>;
}

/** Starts etcd, then the named replicas concurrently (which also exercises concurrent first starts of the PKI). */
export async function startReplicas(names: readonly string[], options: ReplicaOptions = {}): Promise<ReplicaGroup> {
  const dir = await mkdtemp(join(tmpdir(), 'kplane-replicas-'));
  const certDir = join(dir, 'certs');
  const etcd = await startTestEtcd();
  const replicas: Replica[] = [];
  const add = async (name: string): Promise<Replica> => {
    const replica = await startReplica(etcd, certDir, join(dir, name), name, options.serverOptions?.(name) ?? {});
    replicas.push(replica);
    return replica;
  };
  // Every start is waited for, also after one failed: a replica still starting would otherwise be left
  // running (its leader election and watches keep the test process alive).
  const started = await Promise.allSettled(names.map(add));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  // `replicas` filled in the order the starts finished; callers destructure it in the order they named.
  replicas.sort((x, y) => names.indexOf(x.name) - names.indexOf(y.name));
  if (failed) {
    await Promise.all(replicas.map((r) => r.stop()));
    await etcd.close();
    throw failed.reason;
  }
  return {
    etcd,
    certDir,
    replicas,
    add,
    async close() {
      await Promise.all(replicas.map((r) => r.stop()));
      await etcd.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function startReplica(etcd: TestEtcd, certDir: string, dataDir: string, name: string, more: Partial<ServerOptions>): Promise<Replica> {
  const identity = `replica-${name}`;
  const server = await startServer({
    storage: 'etcd',
    etcd: { servers: [etcd.endpoint] },
    certDir,
    dataDir,
    securePort: 0,
    leaderElection: { ...TEST_LEADER_ELECTION, identity },
    ...more,
  });
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromString(server.kubeconfig);
  const cacheDir = join(dataDir, 'kube-cache');
  const run = (args: readonly string[], opts: { input?: string; kubeconfig?: string } = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        KUBECTL,
        ['--kubeconfig', opts.kubeconfig ?? server.kubeconfigPath, '--cache-dir', cacheDir, ...args],
        { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      if (opts.input !== undefined) child.stdin?.end(opts.input);
    });
  let stopped = false;
  return {
    name,
    identity,
    server,
    raw: rawClient(server.kubeconfig),
    kubeConfig,
    async kubectl(args, opts) {
      const result = await run(args, opts);
      if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')} against ${name} failed (${result.code}): ${result.stderr}`);
      return result.stdout;
    },
    kubectlResult: run,
    kubectlStream(args) {
      const child: ChildProcessWithoutNullStreams = spawn(KUBECTL, ['--kubeconfig', server.kubeconfigPath, '--cache-dir', cacheDir, ...args]);
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return { output: () => output, stop: () => void child.kill() };
    },
    get stopped() {
      return stopped;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/** The parsed JSON body of a successful raw request; throws with the body otherwise. */
export async function okJson<T>(client: RawClient, method: string, path: string, body?: unknown): Promise<T> {
  const response = await client.request(method, path, body === undefined ? {} : { body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.body}`);
  return response.json() as T;
}
