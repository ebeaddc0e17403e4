// The parent side of watch-client.ts: fork it, send a command, await its report.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { GoCommand, OpenCommand, WatchClientReport } from '../watch-client.js';

const WATCH_CLIENT_PATH = fileURLToPath(new URL('../watch-client.js', import.meta.url));

/** A forked watch client. */
export interface WatchClientProcess {
  open(command: Omit<OpenCommand, 'cmd'>): Promise<Extract<WatchClientReport, { kind: 'opened' }>>;
  go(command: Omit<GoCommand, 'cmd'>): Promise<Extract<WatchClientReport, { kind: 'done' }>>;
  /** Closes its connections and waits for it to exit. */
  close(): Promise<void>;
}

/** Forks watch-client.js with an IPC channel. */
export function forkWatchClient(): WatchClientProcess {
  const child: ChildProcess = fork(WATCH_CLIENT_PATH, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const call = <K extends WatchClientReport['kind']>(message: OpenCommand | GoCommand, kind: K) =>
    new Promise<Extract<WatchClientReport, { kind: K }>>((resolve, reject) => {
      const onExit = (code: number | null): void => reject(new Error(`watch client exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (report: WatchClientReport) => {
        child.off('exit', onExit);
        if (report.kind === kind) resolve(report as Extract<WatchClientReport, { kind: K }>);
        else reject(new Error(`watch client: ${report.kind === 'error' ? report.message : `unexpected ${report.kind}`}`));
      });
      child.send(message);
    });
  return {
    open: (command) => call({ cmd: 'open', ...command }, 'opened'),
    go: (command) => call({ cmd: 'go', ...command }, 'done'),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ cmd: 'close' });
      }),
  };
}
