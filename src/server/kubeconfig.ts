import { stringify } from 'yaml';
import { writeFileAtomic } from './pki/atomic-write.js';

/** Inputs of {@link buildAdminKubeconfig}. */
export interface AdminKubeconfigOptions {
  /** Server URL, e.g. `https://127.0.0.1:6443`. */
  readonly server: string;
  /** PEM of the CA that signed the serving certificate. */
  readonly caCert: string;
  /** PEM client certificate and its private key. */
  readonly clientCert: string;
  readonly clientKey: string;
  /** Name of the cluster, user and context entries; default `kplane`. */
  readonly name?: string;
}

/**
 * Builds a client configuration (kubeconfig, `apiVersion: v1`, `kind: Config`) with one cluster,
 * one user authenticated by client certificate and one context, all named `name`, selected as the
 * current context. Certificates and key are embedded (`*-data`, base64), so the file stands alone.
 */
export function buildAdminKubeconfig(options: AdminKubeconfigOptions): string {
  const name = options.name ?? 'kplane';
  const base64 = (pem: string): string => Buffer.from(pem, 'utf8').toString('base64');
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster: { server: options.server, 'certificate-authority-data': base64(options.caCert) } }],
    users: [
      {
        name,
        user: {
          'client-certificate-data': base64(options.clientCert),
          'client-key-data': base64(options.clientKey),
        },
      },
    ],
    contexts: [{ name, context: { cluster: name, user: name } }],
    'current-context': name,
    preferences: {},
  }, { lineWidth: 0 });
}

/** Writes a kubeconfig readable by its owner only (it holds a private key), replacing it atomically. */
export async function writeKubeconfig(path: string, content: string): Promise<void> {
  await writeFileAtomic(path, content, 0o600);
}
