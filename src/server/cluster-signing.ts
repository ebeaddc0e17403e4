// The CAs the csrsigning controller signs with, read at start: kube-controller-manager's --cluster-signing-*
// files as server/cluster-signing-options.ts chooses them per signer, or kplane's own CA, which is the cluster
// CA kubeadm names in --cluster-signing-{cert,key}-file. A file that cannot be read or parsed, or a pair
// missing one of its files, stops the start, as upstream's failed controller start stops kube-controller-manager.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BUILT_IN_SIGNERS } from '../controllers/certificates/signer-rules.js';
import { signingPlan, type ClusterSigningOptions } from './cluster-signing-options.js';
import { errorMessage } from '../errors/error-message.js';

export type { ClusterSigningOptions, SigningFiles } from './cluster-signing-options.js';

/** A signing CA's PEM certificate and key. */
export interface SigningAuthority {
  cert: string;
  key: string;
}

/** The CA of each signer that runs, by signer name; a signer not there is not signed for. */
export type SignerAuthorities = ReadonlyMap<string, SigningAuthority>;

/** kplane's own CA for each of the four built-in signers. */
export const everySigner = (authority: SigningAuthority): SignerAuthorities => new Map(BUILT_IN_SIGNERS.map((name) => [name, authority]));


/**
 * Reads and checks the files of each signer that runs, in upstream's order of start (its log lines for the
 * signers left out go to `log`). `'cluster-ca'`: no file named, sign with kplane's CA; undefined: the
 * controller does not run (only one of the general pair named).
 * @throws Error as upstream's startCSRSigningController fails: the general and per-signer files mixed, or a
 * signer's CA that cannot be loaded (`failed to start <signer> certificate controller: ...`).
 */
export async function readClusterSigningFiles(
  options: ClusterSigningOptions = {}, log: (line: string) => void = (line) => console.error(`kplane: ${line}`),
): Promise<SignerAuthorities | 'cluster-ca' | undefined> {
  const plan = signingPlan(options);
  if (plan.kind === 'cluster-ca') return 'cluster-ca';
  if (plan.kind === 'skip') {
    log(plan.log);
    return undefined;
  }
  const authorities = new Map<string, SigningAuthority>();
  // The general pair serves all four signers: read once.
  const reads = new Map<string, Promise<SigningAuthority>>();
  for (const signer of plan.signers) {
    if (signer.log !== undefined) {
      log(signer.log);
      continue;
    }
    const key = JSON.stringify([signer.certFile, signer.keyFile]);
    const read = reads.get(key) ?? readSigningPair(signer.certFile, signer.keyFile);
    reads.set(key, read);
    try {
      authorities.set(signer.signerName, await read);
    } catch (error) {
      throw new Error(`failed to start ${signer.signerName} certificate controller: ${errorMessage(error)}`, { cause: error });
    }
  }
  return authorities;
}

/** One CA from its files (upstream signer newCAProvider). */
async function readSigningPair(certFile: string, keyFile: string): Promise<SigningAuthority> {
  // upstream's file loader refuses an empty name before reading; newCAProvider names the cert file.
  if (!certFile || !keyFile) throw new Error(`error reading CA cert file "${certFile}": missing filename for serving cert`);
  const [cert, key] = await Promise.all([readSigningFile(certFile, 'CA cert'), readSigningFile(keyFile, 'CA key')]);
  try {
    new X509Certificate(cert);
  } catch (error) {
    throw new Error(`error reading CA cert file "${certFile}": ${errorMessage(error)}`, { cause: error });
  }
  try {
    createPrivateKey(key);
  } catch (error) {
    throw new Error(`error reading CA key file "${keyFile}": ${errorMessage(error)}`, { cause: error });
  }
  return { cert, key };
}

async function readSigningFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`error reading ${what} file "${path}": ${errorMessage(error)}`, { cause: error });
  }
}
