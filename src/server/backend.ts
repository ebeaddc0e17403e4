// Opens the storage backend the options select (ARCHITECTURE §3): embedded SQLite by default,
// memory for fast tests, etcd for several replicas sharing one store.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Backend } from '../storage/interface.js';
import { createMemoryBackend } from '../storage/memory/index.js';
import { createPrivateFile, defaultWarn, tightenPrivateFiles, type Warn } from './private-files.js';
import { writesBetweenStages } from '../registry/write-stages.js';

export type StorageKind = 'sqlite' | 'memory' | 'etcd';

/** `--etcd-*` flags. */
export interface EtcdOptions {
  servers: readonly string[];
  /** `--etcd-prefix`: also the registry's key prefix, so keys are laid out as kube-apiserver's. */
  prefix?: string;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  /** `--etcd-compaction-interval`; 0 disables the compactor. */
  compactionIntervalMs?: number;
}

/** The SQLite database (`kplane.db`, and its -wal and -shm files) is kept 0600 (server/private-files.ts). */
export async function openBackend(kind: StorageKind, dataDir: string, etcd?: EtcdOptions, warn: Warn = defaultWarn): Promise<Backend> {
  if (kind === 'memory') return createMemoryBackend();
  if (kind === 'etcd') {
    if (!etcd || etcd.servers.length === 0) throw new Error('--etcd-servers must be set for --storage=etcd');
    const read = (file: string | undefined) => (file ? readFile(file, 'utf8') : Promise.resolve(undefined));
    const [ca, cert, key] = await Promise.all([read(etcd.caFile), read(etcd.certFile), read(etcd.keyFile)]);
    const tls = ca || cert || key ? { ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) } : undefined;
    // Loaded only here: the etcd client (gRPC) is a large import the embedded default does not need.
    const { createEtcdBackend } = await import('../storage/etcd/index.js');
    return createEtcdBackend({
      endpoints: etcd.servers,
      prefix: etcd.prefix ?? '/registry',
      ...(tls ? { tls } : {}),
      ...(etcd.compactionIntervalMs !== undefined ? { compactionIntervalMs: etcd.compactionIntervalMs } : {}),
    });
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'kplane.db');
  await createPrivateFile(path);
  await tightenPrivateFiles([path, `${path}-wal`, `${path}-shm`], warn);
  // Loaded only here: better-sqlite3 (~18 ms to load) is not needed by memory or etcd storage.
  const { createSqliteBackend } = await import('../storage/sqlite/index.js');
  return createSqliteBackend({ path, writesComing: writesBetweenStages });
}
