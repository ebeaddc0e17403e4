// The TLS settings of the secure port as kube-apiserver 1.25 (Go 1.19's crypto/tls) applies them:
// `--tls-min-version` and `--tls-cipher-suites` by their Go names, turned into Node's (OpenSSL's) terms.
import { getCiphers, type SecureVersion } from 'node:tls';

/** `--tls-min-version` values, as k8s.io/component-base/cli/flag names them. */
const tlsVersions: Readonly<Record<string, SecureVersion>> = {
  VersionTLS10: 'TLSv1',
  VersionTLS11: 'TLSv1.1',
  VersionTLS12: 'TLSv1.2',
  VersionTLS13: 'TLSv1.3',
};

/** The minimum version when the flag is empty (component-base 1.25's DefaultTLSVersion). */
const defaultMinVersion: SecureVersion = 'TLSv1.2';

/** A TLS 1.0–1.2 cipher suite Go 1.19 implements: its IANA name (Go's), its OpenSSL name, and Go's verdict. */
interface CipherSuite {
  readonly name: string;
  readonly openssl: string;
  /** In Go's `tls.InsecureCipherSuites()` (RC4, 3DES, CBC with SHA-256). */
  readonly insecure: boolean;
  /** Served when `--tls-cipher-suites` is not given (Go 1.19's default list, insecure ones left out). */
  readonly byDefault: boolean;
}

const suite = (name: string, openssl: string, use: 'default' | 'listed' | 'insecure'): CipherSuite =>
  ({ name, openssl, insecure: use === 'insecure', byDefault: use === 'default' });

/**
 * Go 1.19's TLS 1.0–1.2 suites in its server preference order (`cipherSuitesPreferenceOrder`, for peers
 * with AES hardware). Go picks by this order whatever order `--tls-cipher-suites` lists them in.
 * Go 1.19 also serves the two 3DES suites by default; they are insecure by Go's own list, and Node's
 * OpenSSL 3 does not offer them, so kplane's default leaves them out.
 */
const cipherSuites: readonly CipherSuite[] = [
  suite('TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256', 'ECDHE-ECDSA-AES128-GCM-SHA256', 'default'),
  suite('TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256', 'ECDHE-RSA-AES128-GCM-SHA256', 'default'),
  suite('TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384', 'ECDHE-ECDSA-AES256-GCM-SHA384', 'default'),
  suite('TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384', 'ECDHE-RSA-AES256-GCM-SHA384', 'default'),
  suite('TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256', 'ECDHE-ECDSA-CHACHA20-POLY1305', 'default'),
  suite('TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256', 'ECDHE-RSA-CHACHA20-POLY1305', 'default'),
  suite('TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA', 'ECDHE-ECDSA-AES128-SHA', 'default'),
  suite('TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA', 'ECDHE-RSA-AES128-SHA', 'default'),
  suite('TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA', 'ECDHE-ECDSA-AES256-SHA', 'default'),
  suite('TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA', 'ECDHE-RSA-AES256-SHA', 'default'),
  suite('TLS_RSA_WITH_AES_128_GCM_SHA256', 'AES128-GCM-SHA256', 'default'),
  suite('TLS_RSA_WITH_AES_256_GCM_SHA384', 'AES256-GCM-SHA384', 'default'),
  suite('TLS_RSA_WITH_AES_128_CBC_SHA', 'AES128-SHA', 'default'),
  suite('TLS_RSA_WITH_AES_256_CBC_SHA', 'AES256-SHA', 'default'),
  suite('TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA', 'ECDHE-RSA-DES-CBC3-SHA', 'insecure'),
  suite('TLS_RSA_WITH_3DES_EDE_CBC_SHA', 'DES-CBC3-SHA', 'insecure'),
  suite('TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256', 'ECDHE-ECDSA-AES128-SHA256', 'insecure'),
  suite('TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256', 'ECDHE-RSA-AES128-SHA256', 'insecure'),
  suite('TLS_RSA_WITH_AES_128_CBC_SHA256', 'AES128-SHA256', 'insecure'),
  suite('TLS_ECDHE_ECDSA_WITH_RC4_128_SHA', 'ECDHE-ECDSA-RC4-SHA', 'insecure'),
  suite('TLS_ECDHE_RSA_WITH_RC4_128_SHA', 'ECDHE-RSA-RC4-SHA', 'insecure'),
  suite('TLS_RSA_WITH_RC4_128_SHA', 'RC4-SHA', 'insecure'),
];

/** Names component-base keeps for backward compatibility, and the suites they stand for. */
const legacyNames: Readonly<Record<string, string>> = {
  TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305: 'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256',
  TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305: 'TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256',
};

/**
 * The TLS 1.3 suites, in Go's preference order. Go accepts their names in `--tls-cipher-suites` but
 * never lets configuration change them (all three are always on), so neither does kplane: they are
 * always appended to Node's `ciphers` (which OpenSSL splits into TLS 1.3 suites and a TLS 1.2 list).
 */
const tls13Suites: readonly string[] = ['TLS_AES_128_GCM_SHA256', 'TLS_CHACHA20_POLY1305_SHA256', 'TLS_AES_256_GCM_SHA384'];

/** What `listen()` gives Node's TLS server. */
export interface ServingTls {
  readonly minVersion: SecureVersion;
  /** OpenSSL cipher string: the TLS 1.2 suites in Go's order, then the TLS 1.3 ones. */
  readonly ciphers: string;
  /** Things the operator should hear about (insecure suites chosen, suites this OpenSSL cannot serve). */
  readonly warnings: readonly string[];
}

/** `--tls-min-version` as component-base's TLSVersion reads it; empty means TLS 1.2. */
export function tlsMinVersion(name: string): SecureVersion {
  if (name === '') return defaultMinVersion;
  const version = tlsVersions[name];
  if (version === undefined) throw new Error(`unknown tls version ${JSON.stringify(name)}`);
  return version;
}

/**
 * The TLS 1.0–1.2 suites `--tls-cipher-suites` names, as component-base's TLSCipherSuites checks them
 * (secure, insecure and legacy names; TLS 1.3 names are accepted and change nothing).
 */
function listedSuites(names: readonly string[]): CipherSuite[] {
  const listed = new Set<CipherSuite>();
  for (const given of names) {
    const name = legacyNames[given] ?? given;
    const found = cipherSuites.find((s) => s.name === name);
    if (found) listed.add(found);
    else if (!tls13Suites.includes(name)) throw new Error(`Cipher suite ${given} not supported or doesn't exist`);
  }
  return cipherSuites.filter((s) => listed.has(s)); // Go's preference order, not the flag's
}

/**
 * The TLS settings for `--tls-min-version` and `--tls-cipher-suites` (empty: Go's defaults).
 * @throws Error with component-base's message for an unknown version or suite name.
 */
export function servingTls(options: { readonly minVersion?: string; readonly cipherSuites?: readonly string[] }): ServingTls {
  // Suites first, then the version: the order of upstream's checks.
  const chosen = options.cipherSuites?.length ? listedSuites(options.cipherSuites) : cipherSuites.filter((s) => s.byDefault);
  const minVersion = tlsMinVersion(options.minVersion ?? '');
  const available = new Set(getCiphers());
  const served = chosen.filter((s) => available.has(s.openssl.toLowerCase()));
  const warnings = [
    ...chosen.filter((s) => s.insecure).map((s) => `use of insecure cipher suite ${s.name} (--tls-cipher-suites)`),
    ...chosen.filter((s) => !served.includes(s)).map((s) => `cipher suite ${s.name} is not available in this Node.js's OpenSSL and is not served`),
  ];
  // OpenSSL 3 refuses TLS 1.0 and 1.1 above security level 0 (they sign with MD5+SHA-1); Go serves them
  // when asked to, so a minimum below TLS 1.2 lowers the level.
  const securityLevel = minVersion === 'TLSv1' || minVersion === 'TLSv1.1' ? ['@SECLEVEL=0'] : [];
  return { minVersion, ciphers: [...served.map((s) => s.openssl), ...tls13Suites, ...securityLevel].join(':'), warnings };
}

/** Help text of `--tls-cipher-suites`: the names as upstream lists them (sorted; secure, then insecure). */
export function cipherSuiteNames(): { readonly preferred: readonly string[]; readonly insecure: readonly string[] } {
  const preferred = [...cipherSuites.filter((s) => !s.insecure).map((s) => s.name), ...tls13Suites, ...Object.keys(legacyNames)];
  return { preferred: preferred.sort(), insecure: cipherSuites.filter((s) => s.insecure).map((s) => s.name).sort() };
}

/** Possible `--tls-min-version` values, sorted. */
export const tlsVersionNames = (): readonly string[] => Object.keys(tlsVersions).sort();
