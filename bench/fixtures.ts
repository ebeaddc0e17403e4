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

/** The group of the measured user: RBAC grants it what the scenarios do, in their namespaces only. */
export const BENCH_USERS_GROUP = 'bench-users';

/**
 * Writes a `--token-auth-file` with two fresh tokens: `token` for the measured traffic, of a user authorized
 * by RBAC like an ordinary client (see grantBenchNamespace), and `adminToken`, of a `system:masters` user, for
 * setting the stage.
 */
export async function writeTokenFile(dir: string): Promise<{ path: string; token: string; adminToken: string }> {
  const token = randomBytes(24).toString('hex');
  const adminToken = randomBytes(24).toString('hex');
  const path = join(dir, 'tokens.csv');
  await writeFile(path, `${adminToken},bench-admin,bench-admin-uid,"system:masters"\n${token},bench-user,bench-user-uid,"${BENCH_USERS_GROUP}"\n`, { mode: 0o600 });
  return { path, token, adminToken };
}

/** A ClusterRole of everything namespaced the scenarios write and read, bound in a namespace only. */
export const BENCH_CLUSTER_ROLE = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRole',
  metadata: { name: 'kplane-bench' },
  rules: [
    { apiGroups: [''], resources: ['configmaps', 'pods', 'serviceaccounts', 'serviceaccounts/token'], verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'] },
    { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'] },
  ],
};

/** A RoleBinding of BENCH_CLUSTER_ROLE in `ns` to the bench users and the namespace's service accounts. */
export function benchRoleBinding(ns: string): Record<string, unknown> {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'kplane-bench', namespace: ns },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'kplane-bench' },
    subjects: [
      { apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: BENCH_USERS_GROUP },
      { apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: `system:serviceaccounts:${ns}` },
    ],
  };
}
