import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { describe, it } from 'node:test';
import { certificateCovers, defaultServingHosts, servingNamesOf } from './serving-names.js';
import { ensureCertificates } from './ensure-certificates.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, hostname } from 'node:os';
import { join } from 'node:path';

describe('servingNamesOf', () => {
  const cases: { hosts: string[]; dnsNames: string[]; ipAddresses: string[] }[] = [
    { hosts: ['Example.COM', 'example.com'], dnsNames: ['example.com'], ipAddresses: [] },
    { hosts: ['127.0.0.1', '0:0:0:0:0:0:0:1', '::1', '[fe80::2]'], dnsNames: [], ipAddresses: ['127.0.0.1', '::1', 'fe80::2'] },
    { hosts: ['0.0.0.0', '::', '', ' ', 'fe80::1%eth0'], dnsNames: [], ipAddresses: [] },
  ];
  for (const { hosts, dnsNames, ipAddresses } of cases) {
    it(`classifies ${JSON.stringify(hosts)}`, () => {
      assert.deepEqual(servingNamesOf(hosts), { dnsNames, ipAddresses });
    });
  }

  it('includes loopback, the host name and the kubernetes Service names by default', () => {
    const defaults = defaultServingHosts();
    for (const name of ['localhost', '127.0.0.1', '::1', hostname(), 'kubernetes.default.svc.cluster.local']) {
      assert.ok(defaults.includes(name), name);
    }
  });

  it('checks coverage by SAN', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kplane-sans-'));
    try {
      const pki = await ensureCertificates(dir, { hosts: ['192.0.2.7'] });
      const cert = new X509Certificate(pki.servingCert);
      assert.equal(certificateCovers(cert, servingNamesOf(['localhost', '192.0.2.7'])), true);
      assert.equal(certificateCovers(cert, servingNamesOf(['192.0.2.8'])), false);
      assert.equal(certificateCovers(cert, servingNamesOf(['kube-apiserver'])), false, 'CN is not a SAN');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
