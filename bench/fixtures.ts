// The objects and credentials the benchmark uses: ~1 KB ConfigMaps and a static token file.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Size of the `data` payload of a benchmark ConfigMap: with the metadata kplane adds (uid, timestamps,
 * resourceVersion and a managedFields entry naming every key) the stored object is ~1 KB of JSON.
 */
const DATA_KEYS = 4;
const VALUE_LENGTH = 88;

/** A ConfigMap of ~1 KB as a client sends it: `generateName` makes every POST create a new object. */
export function configMap(meta: { name?: string; generateName?: string }): Record<string, unknown> {
  const data: Record<string, string> = {};
  const seed = meta.name ?? meta.generateName ?? '';
  for (let i = 0; i < DATA_KEYS; i++) data[`setting-${i}.properties`] = filler(`${seed}${i}`, VALUE_LENGTH);
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { ...meta, labels: { app: 'kplane-bench', tier: 'config' } },
    data,
  };
}

/** Deterministic text of `length` characters derived from `seed`. */
function filler(seed: string, length: number): string {
  let text = '';
  let n = 0;
  while (text.length < length) text += `${seed}-line-${n++}=value;`;
  return text.slice(0, length);
}

/** A Namespace object. */
export function namespace(name: string): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

/** Writes a `--token-auth-file` granting a fresh token to a `system:masters` user; returns path and token. */
export async function writeTokenFile(dir: string): Promise<{ path: string; token: string }> {
  const token = randomBytes(24).toString('hex');
  const path = join(dir, 'tokens.csv');
  await writeFile(path, `${token},bench-admin,bench-admin-uid,"system:masters"\n`, { mode: 0o600 });
  return { path, token };
}
