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
});
