import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { errorCode, withDirectoryLock } from './directory-lock.js';
import { generateAdminCertificate, generateCa, generateServingCertificate } from './generate.js';
import { pkiFileNames, type CertificateAndKey, type Pki, type PkiFile } from './pki.js';
import { isUpToDate, planRenewal, type PkiFiles, type RenewalPlan } from './renewal-plan.js';
import { defaultServingHosts, mergeServingNames, servingNamesOf, type ServingNames } from './serving-names.js';

/** Options of {@link ensureCertificates}. */
export interface EnsureCertificatesOptions {
  /** Extra DNS names and IP addresses the serving certificate must be valid for. */
  readonly hosts: readonly string[];
  /** Clock, for tests. */
  readonly now?: () => Date;
}

/**
 * Returns the PKI in `certDir`, generating what is missing or unusable (ARCHITECTURE §5): a CA,
 * a serving certificate for loopback, this host, the `kubernetes` Service names and `hosts`, and
 * the admin client certificate. A valid existing set is only read and checked (the fast path).
 * Generation happens under a lock file, so concurrent starts on one directory share one CA.
 */
export async function ensureCertificates(certDir: string, options: EnsureCertificatesOptions): Promise<Pki> {
  const now = options.now ?? ((): Date => new Date());
  const names = servingNamesOf([...defaultServingHosts(), ...options.hosts]);
  const files = await readPkiFiles(certDir);
  if (isUpToDate(planRenewal(files, names, now()))) return toPki(certDir, files);
  await mkdir(certDir, { recursive: true, mode: 0o700 });
  return withDirectoryLock(certDir, async () => {
    // Re-read under the lock: the process that held it before may have generated everything.
    const current = await readPkiFiles(certDir);
    const plan = planRenewal(current, names, now());
    if (isUpToDate(plan)) return toPki(certDir, current);
    return toPki(certDir, await regenerate(certDir, current, plan, names, now()));
  });
}

async function regenerate(
  certDir: string,
  files: PkiFiles,
  plan: RenewalPlan,
  names: ServingNames,
  now: Date,
): Promise<PkiFiles> {
  let ca = pairOf(files, 'caCert', 'caKey');
  if (plan.ca || ca === undefined) {
    ca = await generateCa(now);
    await writePair(certDir, 'caCert', 'caKey', ca);
  }
  const next: PkiFiles = { ...files, caCert: ca.cert, caKey: ca.key };
  if (plan.serving) {
    // Keep the names a previous start asked for, so that starts with different hosts converge.
    const serving = await generateServingCertificate(ca, mergeServingNames(plan.existingServingNames, names), now);
    await writePair(certDir, 'servingCert', 'servingKey', serving);
    Object.assign(next, { servingCert: serving.cert, servingKey: serving.key });
  }
  if (plan.admin) {
    const admin = await generateAdminCertificate(ca, now);
    await writePair(certDir, 'adminCert', 'adminKey', admin);
    Object.assign(next, { adminCert: admin.cert, adminKey: admin.key });
  }
  return next;
}

function pairOf(files: PkiFiles, cert: PkiFile, key: PkiFile): CertificateAndKey | undefined {
  const certPem = files[cert];
  const keyPem = files[key];
  return certPem === undefined || keyPem === undefined ? undefined : { cert: certPem, key: keyPem };
}

/** Key first, then certificate: a reader never pairs a new certificate with a missing key. */
async function writePair(certDir: string, cert: PkiFile, key: PkiFile, pair: CertificateAndKey): Promise<void> {
  await writeFileAtomic(join(certDir, pkiFileNames[key]), pair.key, 0o600);
  await writeFileAtomic(join(certDir, pkiFileNames[cert]), pair.cert, 0o644);
}

async function readPkiFiles(certDir: string): Promise<PkiFiles> {
  const entries = await Promise.all(
    (Object.entries(pkiFileNames) as [PkiFile, string][]).map(
      async ([field, fileName]) => [field, await readIfExists(join(certDir, fileName))] as const,
    ),
  );
  const files: PkiFiles = {};
  for (const [field, content] of entries) if (content !== undefined) files[field] = content;
  return files;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function toPki(certDir: string, files: PkiFiles): Pki {
  const field = (name: PkiFile): string => {
    const value = files[name];
    if (value === undefined) throw new Error(`internal error: ${pkiFileNames[name]} missing after generation`);
    return value;
  };
  return {
    certDir,
    caCert: field('caCert'),
    caKey: field('caKey'),
    servingCert: field('servingCert'),
    servingKey: field('servingKey'),
    adminCert: field('adminCert'),
    adminKey: field('adminKey'),
  };
}
