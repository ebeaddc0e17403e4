// Child process of the watch fan-out scenario (forked with IPC): opens many HTTP/2 watch streams, then on
// 'go' makes the changes and reports when every watcher has received every event. Running the clients in
// their own process keeps their TLS and parsing work out of the server's process.
import { connect, constants, type ClientHttp2Session, type ClientHttp2Stream } from 'node:http2';
import { configMap } from './fixtures.js';

/** Parent -> child: open the watches. */
export interface OpenCommand {
  cmd: 'open';
  url: string;
  token: string;
  watchPath: string;
  watchers: number;
  sessions: number;
}

/** Parent -> child: make `changes` creates at `postPath` and wait until every watcher has seen them. */
export interface GoCommand {
  cmd: 'go';
  postPath: string;
  changes: number;
  concurrency: number;
}

/** Child -> parent. */
export type WatchClientReport =
  | { kind: 'opened'; watchers: number }
  | { kind: 'done'; totalMs: number; writesMs: number; bytes: number; verified: string }
  | { kind: 'error'; message: string };

const STREAMS_PER_SESSION_LIMIT = 1000;

interface WatchStream {
  stream: ClientHttp2Stream;
  lines: number;
  /** Only the first watcher keeps its data, to check the events' content at the end. */
  kept: Buffer[] | undefined;
}

let sessions: ClientHttp2Session[] = [];
let watches: WatchStream[] = [];
let token = '';
let writer: ClientHttp2Session | undefined;

async function open(command: OpenCommand): Promise<WatchClientReport> {
  token = command.token;
  sessions = await Promise.all(Array.from({ length: command.sessions }, () => session(command.url)));
  writer = await session(command.url);
  const opened = Array.from({ length: command.watchers }, (_, i) => watch(sessions[i % sessions.length]!, command.watchPath, i === 0));
  watches = await Promise.all(opened);
  return { kind: 'opened', watchers: watches.length };
}

async function session(url: string): Promise<ClientHttp2Session> {
  const s = connect(url, { rejectUnauthorized: false, peerMaxConcurrentStreams: STREAMS_PER_SESSION_LIMIT, settings: { initialWindowSize: 1 << 20 } });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('error', reject);
  });
  s.setLocalWindowSize(256 * 1024 * 1024);
  return s;
}

function headers(method: string, path: string): Record<string, string> {
  return { [constants.HTTP2_HEADER_METHOD]: method, [constants.HTTP2_HEADER_PATH]: path, authorization: `Bearer ${token}`, accept: 'application/json' };
}

/** Opens one watch; resolves once its 200 headers arrived (the server registers before answering). */
function watch(s: ClientHttp2Session, path: string, keep: boolean): Promise<WatchStream> {
  const stream = s.request(headers('GET', path), { endStream: true });
  const w: WatchStream = { stream, lines: 0, kept: keep ? [] : undefined };
  stream.on('data', (chunk: Buffer) => {
    w.kept?.push(chunk);
    let at = chunk.indexOf(10);
    while (at !== -1) {
      w.lines++;
      at = chunk.indexOf(10, at + 1);
    }
  });
  return new Promise((resolve, reject) => {
    stream.once('response', (h) => {
      const status = Number(h[constants.HTTP2_HEADER_STATUS]);
      if (status === 200) resolve(w);
      else reject(new Error(`watch ${path}: status ${status}`));
    });
    stream.once('error', reject);
  });
}

async function go(command: GoCommand): Promise<WatchClientReport> {
  const start = process.hrtime.bigint();
  const base = watches.map((w) => w.lines);
  await writeChanges(command);
  const writesMs = Number(process.hrtime.bigint() - start) / 1e6;
  await waitFor(() => watches.every((w, i) => w.lines - base[i]! >= command.changes));
  const totalMs = Number(process.hrtime.bigint() - start) / 1e6;
  const bytes = watches.reduce((sum, w) => sum + (w.kept ? w.kept.reduce((n, c) => n + c.length, 0) : 0), 0) * watches.length;
  return { kind: 'done', totalMs, writesMs, bytes, verified: verify(command.changes) };
}

async function writeChanges(command: GoCommand): Promise<void> {
  const body = (i: number): Buffer => Buffer.from(JSON.stringify(configMap({ name: `fan-${String(i).padStart(5, '0')}` })));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < command.changes) {
      const payload = body(next++);
      const stream = writer!.request({ ...headers('POST', command.postPath), 'content-type': 'application/json' });
      stream.end(payload);
      const status = await new Promise<number>((resolve, reject) => {
        let code = 0;
        stream.once('response', (h) => (code = Number(h[constants.HTTP2_HEADER_STATUS])));
        stream.on('data', () => undefined);
        stream.once('end', () => resolve(code));
        stream.once('error', reject);
      });
      if (status !== 201) throw new Error(`POST ${command.postPath}: status ${status}`);
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, worker));
}

function waitFor(condition: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 180_000;
    const poll = (): void => {
      if (condition()) return resolve();
      if (Date.now() > deadline) return reject(new Error(`watchers incomplete: min lines ${Math.min(...watches.map((w) => w.lines))}`));
      setTimeout(poll, 5);
    };
    poll();
  });
}

/** The kept watcher's events: all ADDED, one per change, every object distinct. */
function verify(changes: number): string {
  const kept = watches[0]?.kept;
  if (kept === undefined) return 'no watchers';
  const lines = Buffer.concat(kept).toString('utf8').split('\n').filter((l) => l !== '');
  const events = lines.map((l) => JSON.parse(l) as { type: string; object: { metadata: { name: string } } });
  const names = new Set(events.map((e) => e.object.metadata.name));
  const ok = events.length === changes && events.every((e) => e.type === 'ADDED') && names.size === changes;
  kept.length = 0;
  return ok ? `ok: ${changes} distinct ADDED events` : `MISMATCH: ${events.length} events, ${names.size} names`;
}

function close(): void {
  for (const w of watches) w.stream.close();
  for (const s of [...sessions, writer]) s?.close();
  process.disconnect?.();
}

process.on('message', (message: OpenCommand | GoCommand | { cmd: 'close' }) => {
  const reply = (report: WatchClientReport): void => void process.send?.(report);
  const fail = (error: unknown): void => reply({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  if (message.cmd === 'open') open(message).then(reply, fail);
  else if (message.cmd === 'go') go(message).then(reply, fail);
  else close();
});
