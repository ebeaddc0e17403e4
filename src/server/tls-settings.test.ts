import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cipherSuiteNames, servingTls, tlsMinVersion, tlsVersionNames } from './tls-settings.js';

const tls13 = 'TLS_AES_128_GCM_SHA256:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_256_GCM_SHA384';
const goDefaults = [
  'ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-ECDSA-AES256-GCM-SHA384', 'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305', 'ECDHE-RSA-CHACHA20-POLY1305', 'ECDHE-ECDSA-AES128-SHA', 'ECDHE-RSA-AES128-SHA',
  'ECDHE-ECDSA-AES256-SHA', 'ECDHE-RSA-AES256-SHA', 'AES128-GCM-SHA256', 'AES256-GCM-SHA384', 'AES128-SHA', 'AES256-SHA',
].join(':');

describe('tlsMinVersion', () => {
  const cases: [string, string][] = [['', 'TLSv1.2'], ['VersionTLS10', 'TLSv1'], ['VersionTLS11', 'TLSv1.1'], ['VersionTLS12', 'TLSv1.2'], ['VersionTLS13', 'TLSv1.3']];
  for (const [flag, node] of cases) it(`${flag || '(empty)'} is ${node}`, () => assert.equal(tlsMinVersion(flag), node));
  for (const bad of ['TLSv1.2', 'VersionTLS14', 'versiontls12', ' VersionTLS12']) {
    it(`refuses ${JSON.stringify(bad)}`, () => assert.throws(() => tlsMinVersion(bad), { message: `unknown tls version ${JSON.stringify(bad)}` }));
  }
  it('lists the possible values sorted', () => assert.deepEqual(tlsVersionNames(), ['VersionTLS10', 'VersionTLS11', 'VersionTLS12', 'VersionTLS13']));
});

describe('servingTls', () => {
  const cases: { name: string; minVersion?: string; cipherSuites?: string[]; ciphers: string; minimum?: string; warnings?: RegExp[] }[] = [
    { name: 'defaults: Go 1.19 default suites without 3DES, then TLS 1.3', ciphers: `${goDefaults}:${tls13}`, minimum: 'TLSv1.2' },
    { name: 'an empty list is the default', cipherSuites: [], ciphers: `${goDefaults}:${tls13}` },
    {
      name: 'suites in Go preference order, not the flag order',
      cipherSuites: ['TLS_RSA_WITH_AES_256_CBC_SHA', 'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384', 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256'],
      ciphers: `ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:AES256-SHA:${tls13}`,
    },
    { name: 'legacy ChaCha20 names', cipherSuites: ['TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305', 'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256'], ciphers: `ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305:${tls13}` },
    { name: 'a repeated name once', cipherSuites: ['TLS_RSA_WITH_AES_128_CBC_SHA', 'TLS_RSA_WITH_AES_128_CBC_SHA'], ciphers: `AES128-SHA:${tls13}` },
    { name: 'TLS 1.3 names change nothing in TLS 1.3', cipherSuites: ['TLS_AES_256_GCM_SHA384', 'TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA'], ciphers: `ECDHE-RSA-AES128-SHA:${tls13}` },
    { name: 'only TLS 1.3 names: no TLS 1.2 suite', cipherSuites: ['TLS_AES_128_GCM_SHA256'], ciphers: tls13 },
    {
      name: 'insecure suites are served and warned about',
      cipherSuites: ['TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256', 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256'],
      ciphers: `ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES128-SHA256:${tls13}`,
      warnings: [/^use of insecure cipher suite TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256 /],
    },
    {
      name: 'suites OpenSSL 3 lacks (RC4, 3DES) are warned about and left out',
      cipherSuites: ['TLS_RSA_WITH_RC4_128_SHA', 'TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA', 'TLS_RSA_WITH_AES_128_GCM_SHA256'],
      ciphers: `AES128-GCM-SHA256:${tls13}`,
      warnings: [/insecure cipher suite TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA /, /insecure cipher suite TLS_RSA_WITH_RC4_128_SHA /,
        /^cipher suite TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA is not available/, /^cipher suite TLS_RSA_WITH_RC4_128_SHA is not available/],
    },
    { name: 'TLS 1.3 minimum', minVersion: 'VersionTLS13', ciphers: `${goDefaults}:${tls13}`, minimum: 'TLSv1.3' },
    { name: 'TLS 1.0 minimum lowers OpenSSL security level', minVersion: 'VersionTLS10', ciphers: `${goDefaults}:${tls13}:@SECLEVEL=0`, minimum: 'TLSv1' },
    { name: 'TLS 1.1 minimum lowers OpenSSL security level', minVersion: 'VersionTLS11', cipherSuites: ['TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA'], ciphers: `ECDHE-ECDSA-AES128-SHA:${tls13}:@SECLEVEL=0`, minimum: 'TLSv1.1' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const result = servingTls({ ...(c.minVersion ? { minVersion: c.minVersion } : {}), ...(c.cipherSuites ? { cipherSuites: c.cipherSuites } : {}) });
      assert.equal(result.ciphers, c.ciphers);
      if (c.minimum) assert.equal(result.minVersion, c.minimum);
      assert.equal(result.warnings.length, c.warnings?.length ?? 0, result.warnings.join('\n'));
      for (const pattern of c.warnings ?? []) assert.ok(result.warnings.some((w) => pattern.test(w)), `${pattern} in ${result.warnings.join('\n')}`);
    });
  }

  const errors: { cipherSuites: string[]; minVersion?: string; message: string }[] = [
    { cipherSuites: ['ECDHE-ECDSA-AES128-GCM-SHA256'], message: "Cipher suite ECDHE-ECDSA-AES128-GCM-SHA256 not supported or doesn't exist" },
    { cipherSuites: ['TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256', 'tls_rsa_with_aes_128_cbc_sha'], message: "Cipher suite tls_rsa_with_aes_128_cbc_sha not supported or doesn't exist" },
    { cipherSuites: ['TLS_DHE_RSA_WITH_AES_128_GCM_SHA256'], message: "Cipher suite TLS_DHE_RSA_WITH_AES_128_GCM_SHA256 not supported or doesn't exist" },
    { cipherSuites: ['TLS_AES_128_CCM_SHA256'], message: "Cipher suite TLS_AES_128_CCM_SHA256 not supported or doesn't exist" },
    { cipherSuites: ['TLS_FALLBACK_SCSV'], message: "Cipher suite TLS_FALLBACK_SCSV not supported or doesn't exist" },
    { cipherSuites: ['Bogus'], minVersion: 'Bogus', message: "Cipher suite Bogus not supported or doesn't exist" }, // suites are checked first
    { cipherSuites: [], minVersion: 'TLS1.3', message: 'unknown tls version "TLS1.3"' },
  ];
  for (const { cipherSuites, minVersion, message } of errors) {
    it(`refuses ${[...cipherSuites, minVersion ?? ''].join(' ')}`, () => {
      assert.throws(() => servingTls({ cipherSuites, ...(minVersion ? { minVersion } : {}) }), { message });
    });
  }
});

describe('cipherSuiteNames', () => {
  it('lists every Go 1.19 name once, secure and insecure apart, sorted', () => {
    const { preferred, insecure } = cipherSuiteNames();
    assert.equal(preferred.length, 19); // 14 TLS 1.0–1.2, 3 TLS 1.3, 2 legacy names
    assert.equal(insecure.length, 8);
    assert.deepEqual([...preferred].sort(), preferred);
    assert.deepEqual([...insecure].sort(), insecure);
    assert.ok(!preferred.some((name) => insecure.includes(name)));
    for (const name of [...preferred, ...insecure]) assert.doesNotThrow(() => servingTls({ cipherSuites: [name] }), name);
  });
});
