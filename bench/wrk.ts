// Running wrk (the HTTP load generator from Debian's `wrk` package) and reading its report. wrk speaks
// HTTP/1.1 over TLS without client certificates, so requests authenticate with a bearer token set by a
// generated Lua script.
import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What one wrk run measured. */
export interface WrkResult {
  requestsPerSec: number;
  requests: number;
  durationSec: number;
  latencyAvgMs: number;
  latencyP50Ms: number | undefined;
  latencyP99Ms: number | undefined;
  /** Responses with a status outside 2xx/3xx: a run with any is not a valid measurement. */
  non2xx: number;
  socketErrors: number;
}

/** How to run wrk. */
export interface WrkOptions {
  url: string;
  /** Path of a Lua script (see writeWrkScript). */
  script: string;
  connections: number;
  threads: number;
  durationSec: number;
}

/** One request as wrk will repeat it. */
export interface WrkRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const INSTALL_HINT = 'wrk is required: install it with `sudo apt-get update && sudo apt-get install -y wrk` (Debian/Ubuntu).';

/** Throws with installation instructions when the `wrk` binary cannot be run. */
export function ensureWrk(): void {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined || !/wrk/i.test(`${probe.stdout}${probe.stderr}`)) throw new Error(INSTALL_HINT);
}

/** Writes a Lua script making wrk send `request`; returns its path. */
export async function writeWrkScript(dir: string, name: string, request: WrkRequest): Promise<string> {
  const lines = [`wrk.method = ${luaString(request.method)}`];
  for (const [header, value] of Object.entries(request.headers)) lines.push(`wrk.headers[${luaString(header)}] = ${luaString(value)}`);
  if (request.body !== undefined) lines.push(`wrk.body = ${luaString(request.body)}`);
  const path = join(dir, `${name}.lua`);
  await writeFile(path, lines.join('\n') + '\n');
  return path;
}

/** A double-quoted Lua string literal (escapes for backslash, quote and control characters). */
export function luaString(value: string): string {
  const escaped = value.replace(/[\\"\u0000-\u001f]/g, (c) => {
    if (c === '\\' || c === '"') return `\\${c}`;
    if (c === '\n') return '\\n';
    return `\\${String(c.charCodeAt(0)).padStart(3, '0')}`;
  });
  return `"${escaped}"`;
}

/** Runs wrk and parses its report; rejects when wrk fails. */
export function runWrk(options: WrkOptions): Promise<WrkResult> {
  const args = ['-t', String(options.threads), '-c', String(options.connections), '-d', `${options.durationSec}s`, '--latency', '-s', options.script, options.url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      try {
        resolve(parseWrkOutput(out));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Parses wrk's text report (with --latency). */
export function parseWrkOutput(text: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(text);
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)\b/.exec(text);
  const latency = /^\s*Latency\s+([\d.]+)(us|ms|s|m)\b/m.exec(text);
  if (!rps || !total || !latency) throw new Error(`unexpected wrk output:\n${text}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    requestsPerSec: Number(rps[1]),
    requests: Number(total[1]),
    durationSec: toMs(total[2]!, total[3]!) / 1000,
    latencyAvgMs: toMs(latency[1]!, latency[2]!),
    latencyP50Ms: percentile(text, '50'),
    latencyP99Ms: percentile(text, '99'),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

function percentile(text: string, p: string): number | undefined {
  const match = new RegExp(`^\\s*${p}(?:\\.0+)?%\\s+([\\d.]+)(us|ms|s|m)\\b`, 'm').exec(text);
  return match ? toMs(match[1]!, match[2]!) : undefined;
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 'ms') return n;
  if (unit === 's') return n * 1000;
  return n * 60_000;
}
