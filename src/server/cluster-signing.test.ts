// Reading the CA of each signer csrsigning runs: upstream's log lines for the signers left out, its errors for
// a signer whose CA cannot be loaded.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateCa } from './pki/generate.js';
import { everySigner, readClusterSigningFiles } from './cluster-signing.js';

describe('readClusterSigningFiles', () => {
  let dir = '';
  const file = (name: string) => join(dir, name);
  const ca = { cert: '', key: '' };
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kplane-cluster-signing-'));
    Object.assign(ca, await generateCa(new Date(), 'signer'));
    await writeFile(file('ca.crt'), ca.cert);
    await writeFile(file('ca.key'), ca.key);
    await writeFile(file('bad.crt'), 'not a certificate');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('no file: kplane\'s CA, nothing logged', async () => {
    const logs: string[] = [];
    assert.equal(await readClusterSigningFiles({ durationMs: 1 }, (line) => logs.push(line)), 'cluster-ca');
    assert.deepEqual(logs, []);
  });

  it('half the general pair: no signing, upstream\'s log line', async () => {
    const logs: string[] = [];
    assert.equal(await readClusterSigningFiles({ certFile: file('ca.crt') }, (line) => logs.push(line)), undefined);
    assert.deepEqual(logs, ['skipping CSR signer controller because no csr cert/key was specified']);
  });

  it('the general pair: the same CA for every signer', async () => {
    const authorities = await readClusterSigningFiles({ certFile: file('ca.crt'), keyFile: file('ca.key') }, () => assert.fail('nothing logged'));
    assert.deepEqual(authorities, everySigner({ cert: ca.cert, key: ca.key }));
  });

  it('per-signer pairs: those signers only, a log line for each other', async () => {
    const logs: string[] = [];
    const authorities = await readClusterSigningFiles({ legacyUnknown: { certFile: file('ca.crt'), keyFile: file('ca.key') } }, (line) => logs.push(line));
    assert.deepEqual(authorities, new Map([['kubernetes.io/legacy-unknown', { cert: ca.cert, key: ca.key }]]));
    assert.deepEqual(logs, ['kubernetes.io/kubelet-serving', 'kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kube-apiserver-client'].map((name) =>
      `skipping CSR signer controller "${name}" because specific files were specified for other signers and not this one.`));
  });

  const failures: { name: string; options: () => Parameters<typeof readClusterSigningFiles>[0]; message: RegExp | string }[] = [
    // Refused before any file is read.
    { name: 'a cert file without its key', options: () => ({ kubeletServing: { certFile: 'ca.crt' } }),
      message: 'failed to start kubernetes.io/kubelet-serving certificate controller: error reading CA cert file "ca.crt": missing filename for serving cert' },
    { name: 'a key file without its cert', options: () => ({ kubeAPIServerClient: { keyFile: 'ca.key' } }),
      message: 'failed to start kubernetes.io/kube-apiserver-client certificate controller: error reading CA cert file "": missing filename for serving cert' },
    { name: 'a missing key file, reported for the first signer using it', options: () => ({ certFile: file('ca.crt'), keyFile: file('missing.key') }),
      message: /^failed to start kubernetes\.io\/kubelet-serving certificate controller: error reading CA key file ".*missing\.key": ENOENT/ },
    { name: 'an unparsable certificate', options: () => ({ legacyUnknown: { certFile: file('bad.crt'), keyFile: file('ca.key') } }),
      message: /^failed to start kubernetes\.io\/legacy-unknown certificate controller: error reading CA cert file ".*bad\.crt": / },
    { name: 'the general pair beside a per-signer pair', options: () => ({ certFile: file('ca.crt'), keyFile: file('ca.key'), kubeletClient: { certFile: file('ca.crt'), keyFile: file('ca.key') } }),
      message: 'cannot specify default and per controller certs at the same time' },
  ];
  for (const c of failures) {
    it(`refuses ${c.name}`, async () => {
      await assert.rejects(readClusterSigningFiles(c.options(), () => undefined), (error: unknown) => {
        assert.ok(error instanceof Error);
        if (typeof c.message === 'string') assert.equal(error.message, c.message);
        else assert.match(error.message, c.message);
        return true;
      });
    });
  }
});
