import type { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { hostname } from 'node:os';

/** Subject alternative names of a serving certificate, split by kind. */
export interface ServingNames {
  readonly dnsNames: readonly string[];
  readonly ipAddresses: readonly string[];
}

/**
 * Names every serving certificate carries: loopback, this host, and the in-cluster names of the
 * `kubernetes` Service (as upstream's generated apiserver certificate).
 */
export function defaultServingHosts(): string[] {
  return [
    'localhost',
    '127.0.0.1',
    '::1',
    hostname(),
    'kubernetes',
    'kubernetes.default',
    'kubernetes.default.svc',
    'kubernetes.default.svc.cluster.local',
  ];
}

/**
 * Classifies hosts into DNS names and IP addresses, lower-cases DNS names, drops duplicates,
 * empty entries, zoned IPv6 addresses and unspecified addresses (`0.0.0.0`, `::`: a bind address, never a name to dial).
 */
export function servingNamesOf(hosts: readonly string[]): ServingNames {
  const dnsNames = new Set<string>();
  const ipAddresses = new Set<string>();
  for (const raw of hosts) {
    const host = raw.trim().replace(/^\[(.*)\]$/, '$1');
    // A zone (`fe80::1%eth0`) is local to one host and cannot appear in a certificate.
    if (host === '' || host.includes('%')) continue;
    if (isIP(host) === 0) {
      dnsNames.add(host.toLowerCase());
    } else if (!isUnspecifiedAddress(host)) {
      ipAddresses.add(canonicalIp(host));
    }
  }
  return { dnsNames: [...dnsNames], ipAddresses: [...ipAddresses] };
}

/** Canonical text of an IP (`0:0:0:0:0:0:0:1` -> `::1`), so that equal addresses compare equal. */
function canonicalIp(ip: string): string {
  return isIP(ip) === 6 ? new URL(`http://[${ip}]/`).hostname.slice(1, -1) : ip;
}

function isUnspecifiedAddress(ip: string): boolean {
  return ip === '0.0.0.0' || /^[0:]+$/.test(ip);
}

/** Whether `cert` is valid for every name (exact SAN match; the subject CN is not consulted). */
export function certificateCovers(cert: X509Certificate, names: ServingNames): boolean {
  return (
    names.dnsNames.every((name) => cert.checkHost(name, { subject: 'never', wildcards: false }) !== undefined) &&
    names.ipAddresses.every((ip) => cert.checkIP(ip) !== undefined)
  );
}

/** The DNS and IP subject alternative names of an existing certificate. */
export function servingNamesOfCertificate(cert: X509Certificate): ServingNames {
  const hosts: string[] = [];
  for (const entry of (cert.subjectAltName ?? '').split(', ')) {
    if (entry.startsWith('DNS:')) hosts.push(entry.slice('DNS:'.length));
    else if (entry.startsWith('IP Address:')) hosts.push(entry.slice('IP Address:'.length));
  }
  return servingNamesOf(hosts);
}

/** Union of two name sets, without duplicates. */
export function mergeServingNames(a: ServingNames, b: ServingNames): ServingNames {
  return servingNamesOf([...a.dnsNames, ...a.ipAddresses, ...b.dnsNames, ...b.ipAddresses]);
}
