// Child processes of the benchmark: kplane's CLI and the baseline server, each started and timed until
// the line that says it is ready, and stopped by the pid we started (never by name).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { shebangNodeFlags } from '../tools/shebang.js';
import { elapsedMs } from './stats.js';

/** The CLI entry point, next to this file once compiled (dist/bench -> dist/src/cli). */
/** The bundled `kplane` command (`npm run build` writes it), as `npm start` and the package's bin run it. */
export const CLI_PATH = fileURLToPath(new URL('../kplane-cli.js', import.meta.url));
const BASELINE_PATH = fileURLToPath(new URL('./baseline-server.js', import.meta.url));

/** A started child process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly url: string;
  /** From spawn to the ready line. */
  readonly readyMs: number;
  /** Resolves with the next stdout line (after the ready line) matching `pattern`. */
  nextLine(pattern: RegExp): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

/** How to start kplane's CLI. */
export interface KplaneCliOptions {
  dataDir: string;
  tokenAuthFile: string;
  storage?: 'sqlite' | 'memory' | 'etcd';
  /** `--etcd-servers`, with storage `etcd`. */
  etcdServers?: readonly string[];
  /** `--cert-dir`: replicas given the same one share the CA and credentials. */
  certDir?: string;
  /** Node.js flags before the script (e.g. `--cpu-prof`, `--expose-gc`). */
  nodeArgs?: readonly string[];
}

/**
 * The Node.js flags the command's shebang gives it (`#!/usr/bin/env -S node <flags>`), so that the bench runs
 * kplane as `npm start` and the package's bin do.
 */
export function cliNodeFlags(): string[] {
  return shebangNodeFlags(CLI_PATH);
}

/** `kplane serve` on a free port; resolves at its `serving on` line. */
export async function startKplaneCli(options: KplaneCliOptions): Promise<ServerProcess> {
  const args = [...cliNodeFlags(), ...(options.nodeArgs ?? []), CLI_PATH, 'serve', '--secure-port=0', `--data-dir=${options.dataDir}`,
    `--storage=${options.storage ?? 'sqlite'}`, `--token-auth-file=${options.tokenAuthFile}`,
    ...(options.etcdServers ? [`--etcd-servers=${options.etcdServers.join(',')}`] : []),
    ...(options.certDir ? [`--cert-dir=${options.certDir}`] : [])];
  const started = await spawnUntilLine(args, /serving on (https:\/\/\S+)/);
  return { ...started, url: started.match[1]! };
}

/** The baseline server (baseline-server.ts) with kplane's certificates; resolves when it listens. */
export async function startBaselineProcess(certDir: string, getBodyFile: string, nodeArgs: readonly string[] = []): Promise<ServerProcess> {
  const started = await spawnUntilLine([...nodeArgs, BASELINE_PATH, certDir, getBodyFile], /baseline: listening on (\d+)/);
  return { ...started, url: `https://127.0.0.1:${started.match[1]!}` };
}

interface Spawned {
  child: ChildProcess;
  pid: number;
  match: RegExpExecArray;
  readyMs: number;
  nextLine(pattern: RegExp): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

/** Spawns `node args...` and waits (at most 30 s) for a stdout line matching `ready`. */
function spawnUntilLine(args: readonly string[], ready: RegExp): Promise<Spawned> {
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('did not become ready within 30 s')), 30_000);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n$ node ${args.join(' ')}\n${output}`));
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`exited with ${code} before it was ready`)));
    // Keep the end of stderr for error messages only: a long run must not accumulate its logs here.
    child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match === null) return;
      const readyMs = elapsedMs(start);
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout.removeAllListeners('data');
      resolve({ child, pid: child.pid!, match, readyMs, nextLine: linesOf(child), stop: () => stopChild(child) });
    });
  });
}

/** Keeps reading stdout after the ready line; each waiter gets the next line matching its pattern. */
function linesOf(child: ChildProcess): (pattern: RegExp) => Promise<RegExpExecArray> {
  const waiters: { pattern: RegExp; resolve(match: RegExpExecArray): void }[] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      for (let i = 0; i < waiters.length; i++) {
        const match = waiters[i]!.pattern.exec(line);
        if (match === null) continue;
        waiters.splice(i, 1)[0]!.resolve(match);
        break;
      }
    }
  });
  return (pattern) => new Promise((resolve) => waiters.push({ pattern, resolve }));
}

/** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
