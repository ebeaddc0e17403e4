import { open, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const lockFileName = '.pki.lock';
const pollIntervalMs = 20;
/** Generation takes well under a second; a lock this old belongs to a hung or vanished process. */
const staleAfterMs = 60_000;

/**
 * Runs `critical` while holding an exclusive lock file in `dir`, so that several processes (or
 * several calls in one process) starting on the same directory do not generate at the same time.
 * The lock is a file created with `wx` (fails if it exists) holding the owner's pid; waiters poll.
 * A lock whose owner process is gone (same host) or that is older than a minute is broken.
 */
export async function withDirectoryLock<T>(dir: string, critical: () => Promise<T>): Promise<T> {
  const path = join(dir, lockFileName);
  await acquire(path);
  try {
    return await critical();
  } finally {
    await rm(path, { force: true });
  }
}

async function acquire(path: string): Promise<void> {
  for (;;) {
    if (await tryCreate(path)) return;
    if (await isStale(path)) {
      // Best effort: two waiters breaking the same stale lock at once may both proceed. That needs
      // a crash during generation followed by concurrent starts; the next start repairs the files.
      await rm(path, { force: true });
      continue;
    }
    await delay(pollIntervalMs);
  }
}

async function tryCreate(path: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(`${process.pid}\n`);
  } finally {
    await handle.close();
  }
  return true;
}

async function isStale(path: string): Promise<boolean> {
  let content: string;
  let modifiedMs: number;
  try {
    [content, modifiedMs] = await Promise.all([readFile(path, 'utf8'), stat(path).then((s) => s.mtimeMs)]);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false; // released meanwhile: just retry
    throw error;
  }
  if (Date.now() - modifiedMs > staleAfterMs) return true;
  const pid = Number.parseInt(content, 10);
  // An empty file is a lock being written right now.
  return Number.isInteger(pid) && pid > 0 && !processExists(pid);
}

function processExists(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) !== 'ESRCH';
  }
}

/** The `code` of a Node system error, if any. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}
