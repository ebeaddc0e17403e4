// File modes of what kplane keeps on disk, as etcd and kubeadm keep theirs: directories 0700, files holding
// data or secrets (the database and its -wal/-shm, private keys, the admin kubeconfig) 0600.
import { chmod, mkdir, open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from './pki/directory-lock.js';
import { pkiFileNames } from './pki/pki.js';

const privateDirMode = 0o700;
const privateFileMode = 0o600;
/** Permission bits that let the group or others in. */
const othersBits = 0o077;

export type Warn = (message: string) => void;

/** Warnings go to stderr, prefixed as kplane's other start-up warnings. */
export const defaultWarn: Warn = (message) => console.warn(`kplane: ${message}`);

/**
 * Creates `dir` (and missing parents) with mode 0700. An existing directory keeps its mode: it may be
 * the operator's own (`--data-dir=$HOME/k`), so one open to others is only reported, as etcd's
 * TouchDirAll reports it.
 */
export async function ensurePrivateDirectory(dir: string, warn: Warn): Promise<void> {
  const mode = await modeOf(dir);
  if (mode === undefined) {
    await mkdir(dir, { recursive: true, mode: privateDirMode });
    return;
  }
  if ((mode & othersBits) !== 0) {
    warn(`directory ${JSON.stringify(dir)} exist, but the permission is ${JSON.stringify(goFileMode(mode))}. ` +
      `The recommended permission is ${JSON.stringify(goFileMode(privateDirMode))} to prevent possible unprivileged access to the data`);
  }
}

/**
 * The data directory and the certificate directory, before anything is written to them. `sharedCertDir`:
 * the per-user directory of ephemeral servers (see {@link ensureOwnPrivateDirectory}).
 */
export async function preparePrivateDirectories(dataDir: string, certDir: string, sharedCertDir: boolean, warn: Warn = defaultWarn): Promise<void> {
  await ensurePrivateDirectory(dataDir, warn);
  if (sharedCertDir) await ensureOwnPrivateDirectory(certDir);
  else if (certDir !== dataDir) await ensurePrivateDirectory(certDir, warn);
}

/** The private keys of the PKI in `certDir` (CA, serving, admin), for {@link tightenPrivateFiles}. */
export const privateKeyFiles = (certDir: string): string[] =>
  Object.values(pkiFileNames).filter((name) => name.endsWith('.key')).map((name) => join(certDir, name));

/**
 * A directory shared by this user's ephemeral servers under the system's temporary directory: it must
 * belong to this user (anyone can create a name in /tmp first), and it is made 0700.
 * @throws Error when another user owns it.
 */
export async function ensureOwnPrivateDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: privateDirMode });
  const info = await stat(dir);
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) {
    throw new Error(`directory ${JSON.stringify(dir)} belongs to uid ${info.uid}, not to this user (uid ${uid}); refusing to keep keys in it`);
  }
  if ((info.mode & othersBits) !== 0) await chmod(dir, privateDirMode);
}

/**
 * Files kplane wrote itself (private keys, the database) whose mode lets others read them, e.g. made by an
 * earlier version or by a copy, are set to 0600, and each change is reported. Missing files are skipped.
 */
export async function tightenPrivateFiles(paths: readonly string[], warn: Warn): Promise<void> {
  for (const path of paths) {
    const mode = await modeOf(path);
    if (mode === undefined || (mode & othersBits) === 0) continue;
    await chmod(path, privateFileMode);
    warn(`file ${JSON.stringify(path)} had permission ${JSON.stringify(goFileMode(mode))}; ` +
      `changed to ${JSON.stringify(goFileMode(privateFileMode))} to prevent possible unprivileged access to the data`);
  }
}

/**
 * Creates `path` empty with mode 0600 unless it exists. SQLite gives a database's -wal and -shm files the
 * mode of the database file, so creating it first keeps all three private.
 */
export async function createPrivateFile(path: string): Promise<void> {
  try {
    await (await open(path, 'wx', privateFileMode)).close();
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
}

async function modeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mode;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Permission bits as Go's os.FileMode prints them (`drwxr-xr-x`, `-rw-------`). */
export function goFileMode(mode: number): string {
  const type = (mode & 0o170000) === 0o040000 ? 'd' : '-';
  const letters = 'rwxrwxrwx';
  let bits = '';
  for (let i = 0; i < 9; i++) bits += mode & (1 << (8 - i)) ? letters[i] : '-';
  return type + bits;
}
