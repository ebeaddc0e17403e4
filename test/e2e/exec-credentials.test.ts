// Client credential plugins through kplane's own client (issue 13, item 5): a kubeconfig `exec` block runs a
// plugin (here a small Node script) that prints an ExecCredential; the client caches it until expiry,
// runs the plugin again after a 401, resolves a relative command against the kubeconfig's directory and
// hands the plugin KUBERNETES_EXEC_INFO (with the cluster when provideClusterInfo is set).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { startServer, type RunningServer } from '../../src/index.js';
import { bindClusterRole } from './support/rbac.js';
import { rawClient } from './support/raw-client.js';

const TOKEN = 'plugin-token-123';
let server: RunningServer;
let dir: string;
let admin: { server: string; ca: string; cert: string; key: string };

/** The plugin: counts its runs, records what it was given, answers what `answer.json` says. */
const PLUGIN = `
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
const here = new URL('.', import.meta.url).pathname;
appendFileSync(here + 'runs', 'x');
writeFileSync(here + 'exec-info.json', process.env.KUBERNETES_EXEC_INFO ?? '');
const answer = JSON.parse(readFileSync(here + 'answer.json', 'utf8'));
process.stdout.write(JSON.stringify({ kind: 'ExecCredential', apiVersion: process.argv[2], ...answer }));
`;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-exec-'));
  await writeFile(join(dir, 'tokens.csv'), `${TOKEN},plugged,1234,"plugins"\n`);
  server = await startServer({ storage: 'memory', securePort: 0, tokenAuthFile: join(dir, 'tokens.csv') });
  await bindClusterRole(rawClient(server.kubeconfig), 'plugins', 'view', [{ kind: 'Group', name: 'plugins' }]);
  const config = YAML.parse(server.kubeconfig) as {
    clusters: { cluster: { server: string; 'certificate-authority-data': string } }[];
    users: { user: { 'client-certificate-data': string; 'client-key-data': string } }[];
  };
  const decode = (b64: string): string => Buffer.from(b64, 'base64').toString('utf8');
  admin = {
    server: config.clusters[0]!.cluster.server,
    ca: config.clusters[0]!.cluster['certificate-authority-data'],
    cert: decode(config.users[0]!.user['client-certificate-data']),
    key: decode(config.users[0]!.user['client-key-data']),
  };
  await mkdir(join(dir, 'bin'));
  await writeFile(join(dir, 'bin', 'plugin.mjs'), PLUGIN);
  await writeFile(join(dir, 'bin', 'plugin.sh'), `#!/bin/sh\nexec "${process.execPath}" "$(dirname "$0")/plugin.mjs" "$@"\n`);
  await chmod(join(dir, 'bin', 'plugin.sh'), 0o755);
});
after(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A kubeconfig beside the plugin whose user runs it as `./bin/plugin.sh <apiVersion>`. */
async function kubeconfig(name: string, exec: Record<string, unknown>): Promise<string> {
  const path = join(dir, `${name}.kubeconfig`);
  const config = {
    apiVersion: 'v1', kind: 'Config', 'current-context': 'c',
    clusters: [{ name: 'k', cluster: { server: admin.server, 'certificate-authority-data': admin.ca } }],
    users: [{ name: 'u', user: { exec: { command: './bin/plugin.sh', ...exec } } }],
    contexts: [{ name: 'c', context: { cluster: 'k', user: 'u' } }],
  };
  await writeFile(path, YAML.stringify(config));
  return path;
}

const answer = (status: Record<string, unknown>): Promise<void> => writeFile(join(dir, 'bin', 'answer.json'), JSON.stringify({ status }));
const runs = async (): Promise<number> => (await readFile(join(dir, 'bin', 'runs'), 'utf8').catch(() => '')).length;
const resetRuns = (): Promise<void> => writeFile(join(dir, 'bin', 'runs'), '');

/** Who the server took the request to be: a TokenReview needs a token, so ask for something only some may read. */
async function status(client: Awaited<ReturnType<RunningServer['client']>>): Promise<number> {
  return (await client.request('GET', '/api/v1/namespaces/default')).status;
}

test('a token from a v1 plugin is used, cached, and the plugin gets KUBERNETES_EXEC_INFO with the cluster', async () => {
  await resetRuns();
  await answer({ token: TOKEN });
  const path = await kubeconfig('v1', { apiVersion: 'client.authentication.k8s.io/v1', args: ['client.authentication.k8s.io/v1'], interactiveMode: 'Never', provideClusterInfo: true });
  const client = await server.client(path);
  try {
    for (let i = 0; i < 3; i++) assert.equal(await status(client), 200);
    assert.equal(await runs(), 1, 'one run for three requests');
    const info = JSON.parse(await readFile(join(dir, 'bin', 'exec-info.json'), 'utf8')) as { kind: string; apiVersion: string; spec: { interactive: boolean; cluster: Record<string, unknown> } };
    assert.equal(info.kind, 'ExecCredential');
    assert.equal(info.apiVersion, 'client.authentication.k8s.io/v1');
    assert.equal(info.spec.interactive, false);
    assert.deepEqual(info.spec.cluster, { server: admin.server, 'certificate-authority-data': admin.ca });
  } finally {
    client.close();
  }
});

test('a 401 runs the plugin again; an expired credential is not used', async () => {
  await resetRuns();
  await answer({ token: 'not-a-known-token' });
  const path = await kubeconfig('retry', { apiVersion: 'client.authentication.k8s.io/v1beta1', args: ['client.authentication.k8s.io/v1beta1'] });
  const client = await server.client(path);
  try {
    assert.equal(await status(client), 401);
    assert.equal(await runs(), 2, 'the refused token made the plugin run again before the answer');
    await answer({ token: TOKEN });
    assert.equal(await status(client), 200);
    assert.equal(await runs(), 3);
  } finally {
    client.close();
  }
  await answer({ token: TOKEN, expirationTimestamp: new Date(Date.now() - 1000).toISOString() });
  await resetRuns();
  const expiring = await server.client(path);
  try {
    assert.equal(await status(expiring), 200);
    assert.equal(await status(expiring), 200);
    assert.equal(await runs(), 2, 'an expired credential is fetched again at each request');
  } finally {
    expiring.close();
  }
});

test('a client certificate and key from a plugin', async () => {
  await answer({ clientCertificateData: admin.cert, clientKeyData: admin.key });
  const path = await kubeconfig('cert', { apiVersion: 'client.authentication.k8s.io/v1', args: ['client.authentication.k8s.io/v1'], interactiveMode: 'IfAvailable' });
  const client = await server.client(path);
  try {
    const created = await client.request('POST', '/api/v1/namespaces/default/configmaps', { body: JSON.stringify({ metadata: { name: 'by-plugin-cert' } }) });
    assert.equal(created.status, 201, created.body);
  } finally {
    client.close();
  }
});

test('bad plugin configurations and answers fail with client-go\'s messages', async () => {
  const noMode = await kubeconfig('no-mode', { apiVersion: 'client.authentication.k8s.io/v1' });
  await assert.rejects(server.client(noMode), /^Error: exec plugin: interactiveMode must be specified for \.\/bin\/plugin\.sh to use exec authentication plugin$/);
  const mismatched = await kubeconfig('mismatch', { apiVersion: 'client.authentication.k8s.io/v1', args: ['client.authentication.k8s.io/v1beta1'], interactiveMode: 'Never' });
  await answer({ token: TOKEN });
  const client = await server.client(mismatched);
  try {
    await assert.rejects(client.request('GET', '/api'), /exec plugin is configured to use API version client\.authentication\.k8s\.io\/v1, plugin returned version client\.authentication\.k8s\.io\/v1beta1/);
    await answer({ clientCertificateData: admin.cert });
    const halfCert = await server.client(await kubeconfig('half', { apiVersion: 'client.authentication.k8s.io/v1', args: ['client.authentication.k8s.io/v1'], interactiveMode: 'Never' }));
    await assert.rejects(halfCert.request('GET', '/api'), /exec plugin returned only certificate or key, not both/);
    halfCert.close();
    const missing = await server.client(await kubeconfig('missing', { command: './bin/absent', apiVersion: 'client.authentication.k8s.io/v1', interactiveMode: 'Never', installHint: 'install the absent plugin' }));
    await assert.rejects(missing.request('GET', '/api'), /exec: executable \.\/bin\/absent not found\n\ninstall the absent plugin/);
    missing.close();
  } finally {
    client.close();
  }
});
