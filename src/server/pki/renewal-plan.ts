import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { PkiFile } from './pki.js';
import { certificateCovers, servingNamesOfCertificate, type ServingNames } from './serving-names.js';

/** PEM contents read from the cert directory; a missing file is absent. */
export type PkiFiles = Partial<Record<PkiFile, string>>;

/** Which certificate/key pairs must be (re)generated. */
export interface RenewalPlan {
  readonly ca: boolean;
  readonly serving: boolean;
  readonly admin: boolean;
  /** SANs of the current serving certificate when it is kept or extended (empty otherwise). */
  readonly existingServingNames: ServingNames;
}

/** Leaf certificates are renewed at start when they would expire within this window. */
const renewBeforeMs = 30 * 24 * 60 * 60 * 1000;

interface ParsedPair {
  readonly cert: X509Certificate;
  readonly key: KeyObject;
}

/**
 * Decides what to regenerate from what is on disk. Everything is checked (parses, key matches
 * certificate, leaf issued and signed by the CA, not expiring, serving SANs cover `names`), so a
 * set read while another process was half-way through writing is detected as inconsistent.
 */
export function planRenewal(files: PkiFiles, names: ServingNames, now: Date): RenewalPlan {
  const ca = parsePair(files.caCert, files.caKey);
  const caValid = ca !== undefined && ca.cert.ca && notExpiringWithin(ca.cert, now, 0);
  const serving = caValid ? parsePair(files.servingCert, files.servingKey) : undefined;
  const admin = caValid ? parsePair(files.adminCert, files.adminKey) : undefined;
  const servingValid = serving !== undefined && ca !== undefined && issuedBy(serving.cert, ca.cert);
  return {
    ca: !caValid,
    serving:
      !servingValid || !notExpiringWithin(serving.cert, now, renewBeforeMs) || !certificateCovers(serving.cert, names),
    admin: !(admin !== undefined && ca !== undefined && issuedBy(admin.cert, ca.cert)) ||
      !notExpiringWithin(admin.cert, now, renewBeforeMs),
    existingServingNames: servingValid ? servingNamesOfCertificate(serving.cert) : { dnsNames: [], ipAddresses: [] },
  };
}

/** Whether nothing needs to be generated. */
export function isUpToDate(plan: RenewalPlan): boolean {
  return !plan.ca && !plan.serving && !plan.admin;
}

function parsePair(certPem: string | undefined, keyPem: string | undefined): ParsedPair | undefined {
  if (certPem === undefined || keyPem === undefined) return undefined;
  try {
    const cert = new X509Certificate(certPem);
    const key = createPrivateKey(keyPem);
    return cert.checkPrivateKey(key) ? { cert, key } : undefined;
  } catch {
    return undefined; // unparseable: regenerate
  }
}

function issuedBy(cert: X509Certificate, ca: X509Certificate): boolean {
  return cert.checkIssued(ca) && cert.verify(ca.publicKey);
}

function notExpiringWithin(cert: X509Certificate, now: Date, windowMs: number): boolean {
  return Date.parse(cert.validTo) - now.getTime() > windowMs;
}
