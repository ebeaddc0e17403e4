// A real etcd for tests: one `/usr/bin/etcd` process on loopback ports with its own data directory,
// which a test can stop and start again (same ports, same data) to see how clients ride out an outage.
// Used by the etcd backend's contract run and, later, by multi-replica tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Where Debian's `etcd-server` package puts the binary; `KPLANE_ETCD_BINARY` overrides it. */
export const ETCD_BINARY = process.env['KPLANE_ETCD_BINARY'] ?? '/usr/bin/etcd';

/** How long a start may take before the helper gives up (a liveness guard, not a timing assertion). */
const START_PATIENCE_MS = 30_000;

/** Serve clients over TLS with these files' contents (PEM), requiring client certificates signed by `ca`. */
export interface TestEtcdTls {
  ca: string;
  cert: string;
  key: string;
}

/** One etcd member for tests. */
export interface TestEtcd {
  /** The client URL, `http(s)://127.0.0.1:<port>`. */
  readonly endpoint: string;
  readonly dataDir: string;
  /** True while the process runs. */
  readonly running: boolean;
  /** Stops the process (SIGTERM) and waits for it to exit; the data stays. */
  stop(): Promise<void>;
  /** Starts the process again on the same ports and data, and waits until it is healthy. */
  start(): Promise<void>;
  /** Freezes the process (SIGSTOP): it keeps its connections open and answers nothing, as a hung etcd. */
  pause(): void;
  /** Lets a paused process run again (SIGCONT). */
  resume(): void;
  /** Stops the process and removes its data. */
  close(): Promise<void>;
}

/** A loopback port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port from the loopback listener');
  return address.port;
}

/** Fails with a message that says what to install when the etcd binary is missing. */
function requireBinary(): void {
  try {
    accessSync(ETCD_BINARY, constants.X_OK);
  } catch {
    throw new Error(
      `etcd is required for the etcd backend tests but ${ETCD_BINARY} is not executable: ` +
        'install it with `apt-get install -y etcd-server` (CI does this in .ci/run)',
    );
  }
}

async function healthy(endpoint: string): Promise<boolean> {
  try {
    const response = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1_000) });
    const body = (await response.json()) as { health?: unknown };
    return response.ok && body.health === 'true';
  } catch {
    return false;
  }
}

/** Command-line flags for client TLS with client-certificate authentication, the files written to `dir`. */
function tlsArgs(dir: string, tls: TestEtcdTls): string[] {
  const files = { ca: join(dir, 'ca.crt'), cert: join(dir, 'server.crt'), key: join(dir, 'server.key') };
  writeFileSync(files.ca, tls.ca);
  writeFileSync(files.cert, tls.cert);
  writeFileSync(files.key, tls.key, { mode: 0o600 });
  return ['--cert-file', files.cert, '--key-file', files.key, '--trusted-ca-file', files.ca, '--client-cert-auth'];
}

/**
 * Starts a fresh single-member etcd in a temporary data directory and waits until it is healthy; with
 * `tls`, clients connect over https. Health is read from a plain-http metrics listener either way.
 */
export async function startTestEtcd(options: { tls?: TestEtcdTls } = {}): Promise<TestEtcd> {
  requireBinary();
  const dataDir = mkdtempSync(join(tmpdir(), 'kplane-etcd-test-'));
  const clientUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${await freePort()}`;
  const peerUrl = `http://127.0.0.1:${await freePort()}`;
  const healthUrl = `http://127.0.0.1:${await freePort()}`;
  const args = [
    '--name', 'default', '--data-dir', join(dataDir, 'member-data'),
    '--listen-client-urls', clientUrl, '--advertise-client-urls', clientUrl,
    '--listen-peer-urls', peerUrl, '--initial-advertise-peer-urls', peerUrl,
    '--initial-cluster', `default=${peerUrl}`, '--initial-cluster-state', 'new',
    '--listen-metrics-urls', healthUrl,
    '--logger', 'zap', '--log-level', 'error',
    ...(options.tls ? tlsArgs(dataDir, options.tls) : []),
  ];
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';

  async function start(): Promise<void> {
    if (child !== undefined) return;
    output = '';
    const proc = spawn(ETCD_BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-4_000);
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    void exited.then(() => {
      if (child === proc) child = undefined;
    });
    const deadline = Date.now() + START_PATIENCE_MS;
    while (!(await healthy(healthUrl))) {
      if (child !== proc) throw new Error(`etcd exited during start:\n${output}`);
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`etcd did not become healthy within ${START_PATIENCE_MS} ms:\n${output}`);
      }
      await sleep(50);
    }
  }

  function signal(name: 'SIGSTOP' | 'SIGCONT'): void {
    if (child === undefined) throw new Error(`etcd is not running: no ${name}`);
    child.kill(name);
  }

  async function stop(): Promise<void> {
    const proc = child;
    if (proc === undefined) return;
    child = undefined;
    proc.kill('SIGCONT'); // a paused etcd would not act on SIGTERM
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }

  await start();
  return {
    endpoint: clientUrl,
    dataDir,
    get running() {
      return child !== undefined;
    },
    start,
    stop,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
