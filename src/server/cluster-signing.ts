// The CA the csrsigning controller signs with: kube-controller-manager's `--cluster-signing-cert-file` and
// `--cluster-signing-key-file` when given (kubeadm points them at the cluster CA), otherwise kplane's own CA,
// which is that cluster CA. Upstream skips the controller when only one of the two files is named.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BUILT_IN_SIGNERS } from '../controllers/certificates/signer-rules.js';

export interface ClusterSigningOptions {
  /** `--cluster-signing-cert-file`: PEM CA certificate. */
  certFile?: string;
  /** `--cluster-signing-key-file`: PEM RSA or ECDSA private key. */
  keyFile?: string;
  /** `--cluster-signing-duration`: the longest certificate issued; default one year. */
  durationMs?: number;
}

/** The signing CA's PEM certificate and key. */
export interface SigningAuthority {
  cert: string;
  key: string;
}

/** The CA of each signer that runs, by signer name; a signer not there is not signed for. */
export type SignerAuthorities = ReadonlyMap<string, SigningAuthority>;

/** One CA for each of the four built-in signers. */
export const everySigner = (authority: SigningAuthority): SignerAuthorities => new Map(BUILT_IN_SIGNERS.map((name) => [name, authority]));

/**
 * Reads and checks the named files at start, as upstream's signer loads them when the controller starts
 * (an unreadable or unparsable file stops the start). `'cluster-ca'`: no file named, sign with kplane's CA;
 * undefined: only one named, no signing.
 */
export async function readClusterSigningFiles(options: ClusterSigningOptions = {}): Promise<SigningAuthority | 'cluster-ca' | undefined> {
  const { certFile, keyFile } = options;
  if (!certFile && !keyFile) return 'cluster-ca';
  if (!certFile || !keyFile) {
    console.error('kplane: skipping CSR signer controller because no csr cert/key was specified');
    return undefined;
  }
  const [cert, key] = await Promise.all([readSigningFile(certFile, 'CA cert'), readSigningFile(keyFile, 'CA key')]);
  try {
    new X509Certificate(cert);
  } catch (error) {
    throw new Error(`error reading CA cert file "${certFile}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  try {
    createPrivateKey(key);
  } catch (error) {
    throw new Error(`error reading CA key file "${keyFile}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return { cert, key };
}

async function readSigningFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`error reading ${what} file "${path}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
