// Test support: a kubeconfig for the test server with the admin's cluster entry (server URL, CA) and a user
// of the test's choosing (a bearer token, or an exec credential plugin), for kubectl's `--kubeconfig`.
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import YAML from 'yaml';

interface AdminConfig {
  clusters: { name: string; cluster: { server: string; 'certificate-authority-data': string } }[];
}

/** The user entry of a kubeconfig (client-go's AuthInfo): a token or an exec plugin. */
export type KubeconfigUser = { token: string } | { exec: Record<string, unknown> };

/** Writes `<dir>/<name>.kubeconfig` for `user` against the server of `adminKubeconfig`; answers its path. */
export async function writeUserKubeconfig(dir: string, name: string, adminKubeconfig: string, user: KubeconfigUser): Promise<string> {
  const admin = YAML.parse(adminKubeconfig) as AdminConfig;
  const path = join(dir, `${name}.kubeconfig`);
  await writeFile(path, YAML.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'kplane', cluster: admin.clusters[0]!.cluster }],
    users: [{ name, user }],
    contexts: [{ name, context: { cluster: 'kplane', user: name } }],
    'current-context': name,
  }), { mode: 0o600 });
  return path;
}

/** Writes an executable exec credential plugin that prints an ExecCredential (v1) holding `token`. */
export async function writeTokenPlugin(dir: string, name: string, token: string): Promise<string> {
  const path = join(dir, name);
  const credential = JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token } });
  await writeFile(path, `#!/bin/sh\ncat <<'EOF'\n${credential}\nEOF\n`);
  await chmod(path, 0o755);
  return path;
}
