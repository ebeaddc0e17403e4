// Opens the storage backend the options select (ARCHITECTURE §3): embedded SQLite by default,
// memory for fast tests; etcd is added by its own capability.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Backend } from '../storage/interface.js';
import { createMemoryBackend } from '../storage/memory/index.js';
import { createSqliteBackend } from '../storage/sqlite/index.js';

export type StorageKind = 'sqlite' | 'memory';

export async function openBackend(kind: StorageKind, dataDir: string): Promise<Backend> {
  if (kind === 'memory') return createMemoryBackend();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  return createSqliteBackend({ path: join(dataDir, 'kplane.db') });
}
