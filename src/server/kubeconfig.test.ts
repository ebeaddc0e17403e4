import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { buildAdminKubeconfig, writeKubeconfig } from './kubeconfig.js';
import { ensureCertificates } from './pki/index.js';

const run = promisify(execFile);
const dir = await mkdtemp(join(tmpdir(), 'kplane-kubeconfig-'));
after(() => rm(dir, { recursive: true, force: true }));
const pki = await ensureCertificates(join(dir, 'certs'), { hosts: [] });
const options = { server: 'https://127.0.0.1:6443', caCert: pki.caCert, clientCert: pki.adminCert, clientKey: pki.adminKey };
const b64 = (pem: string): string => Buffer.from(pem).toString('base64');

describe('buildAdminKubeconfig', () => {
  it('round-trips through the YAML parser with embedded credentials', () => {
    assert.deepEqual(parse(buildAdminKubeconfig(options)), {
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'kplane', cluster: { server: options.server, 'certificate-authority-data': b64(pki.caCert) } }],
      users: [{ name: 'kplane', user: { 'client-certificate-data': b64(pki.adminCert), 'client-key-data': b64(pki.adminKey) } }],
      contexts: [{ name: 'kplane', context: { cluster: 'kplane', user: 'kplane' } }],
      'current-context': 'kplane',
      preferences: {},
    });
  });

  it('names all entries after the name option', () => {
    const config: unknown = parse(buildAdminKubeconfig({ ...options, name: 'other' }));
    assert.ok(typeof config === 'object' && config !== null);
    const { contexts, 'current-context': current } = config as { contexts: unknown; 'current-context': unknown };
    assert.equal(current, 'other');
    assert.deepEqual(contexts, [{ name: 'other', context: { cluster: 'other', user: 'other' } }]);
  });

  it('lays the keys out as clientcmd.Write (kubectl config view --raw)', () => {
    const config = parse(buildAdminKubeconfig(options)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(config), ['apiVersion', 'clusters', 'contexts', 'current-context', 'kind', 'preferences', 'users']);
  });

  // Values a YAML reader would take for something else, or not read at all, are quoted.
  const odd: Array<[string, Partial<typeof options> & { name?: string }]> = [
    ['an IPv6 server URL', { server: 'https://[::1]:6443' }],
    ['a name with a colon, a space and a comment sign', { name: 'team: a #1' }],
    ['a name YAML 1.1 reads as a boolean', { name: 'yes' }],
    ['a name that looks like a number', { name: '1e3' }],
    ['a name with quotes, a backslash and a line break', { name: `it's "q"\\\nnext` }],
    ['a name with control characters, a line separator and non-ASCII letters', { name: 'n\u0085\u007f\u2028-\u00e9\u4e2d' }],
  ];
  for (const [title, change] of odd) {
    it(`keeps ${title} as written`, () => {
      const config = parse(buildAdminKubeconfig({ ...options, ...change })) as { clusters: Array<{ name: unknown; cluster: { server: unknown } }>; 'current-context': unknown };
      assert.equal(config.clusters[0]!.cluster.server, change.server ?? options.server);
      assert.equal(config.clusters[0]!.name, change.name ?? 'kplane');
      assert.equal(config['current-context'], change.name ?? 'kplane');
    });
  }
});

describe('writeKubeconfig', () => {
  it('writes the file with mode 0600, replacing an existing one', async () => {
    const path = join(dir, 'sub', 'admin.kubeconfig');
    await writeKubeconfig(path, 'old');
    await writeFile(path, 'old', { mode: 0o644 });
    await writeKubeconfig(path, buildAdminKubeconfig(options));
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    assert.match(await readFile(path, 'utf8'), /current-context: kplane/);
  });

  it('is read by kubectl', async () => {
    const path = join(dir, 'kubectl.kubeconfig');
    await writeKubeconfig(path, buildAdminKubeconfig(options));
    const view = (jsonpath: string): Promise<{ stdout: string }> =>
      run('/usr/bin/kubectl', ['--kubeconfig', path, 'config', 'view', '--raw', '-o', `jsonpath=${jsonpath}`]);
    assert.equal((await view('{.clusters[0].cluster.server}')).stdout, options.server);
    assert.equal((await view('{.users[0].user.client-key-data}')).stdout, b64(pki.adminKey));
    assert.equal((await view('{.current-context}')).stdout, 'kplane');
  });

  it('is read by kubectl with an IPv6 server and an odd name', async () => {
    const path = join(dir, 'kubectl-odd.kubeconfig');
    const name = 'team: a #1 "yes"';
    await writeKubeconfig(path, buildAdminKubeconfig({ ...options, server: 'https://[::1]:6443', name }));
    const view = (jsonpath: string): Promise<{ stdout: string }> =>
      run('/usr/bin/kubectl', ['--kubeconfig', path, 'config', 'view', '--raw', '-o', `jsonpath=${jsonpath}`]);
    assert.equal((await view('{.clusters[0].cluster.server}')).stdout, 'https://[::1]:6443');
    assert.equal((await view('{.current-context}')).stdout, name);
    assert.equal((await view('{.contexts[0].context.user}')).stdout, name);
  });
});
