// The admin kubeconfig, written by hand as client-go's clientcmd.Write lays it out (the layout of
// `kubectl config view --raw`), as cluster-info.ts writes cluster-info's: a YAML library's load costs
// more start-up (~35 ms) than the few lines it would write.
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
 * A string a YAML 1.1 or 1.2 reader takes as that string when written plain: it starts with a letter,
 * holds no space, indicator or comment sign, does not end with `:`, and is no word of YAML 1.1's booleans
 * or null (go-yaml v2 reads `yes`, `on`, `n` as booleans).
 */
const PLAIN = /^[A-Za-z][A-Za-z0-9._/:+=-]*$/;
const YAML_WORDS = /^(y|yes|n|no|true|false|on|off|null|nan|inf)$/i;

/**
 * Characters JSON.stringify leaves as they are that a YAML reader would refuse (outside go-yaml's printable
 * set) or fold as line breaks (YAML 1.1's NEL, LS, PS): escaped.
 */
const ESCAPED = /[\x7f-\x9f\u2028\u2029\ufffe\uffff]/g;

/** `value` as a YAML scalar: plain when plainly safe, otherwise double-quoted (JSON string syntax is YAML's). */
export function yamlScalar(value: string): string {
  if (PLAIN.test(value) && !value.endsWith(':') && !YAML_WORDS.test(value)) return value;
  return JSON.stringify(value).replace(ESCAPED, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Builds a client configuration (kubeconfig, `apiVersion: v1`, `kind: Config`) with one cluster,
 * one user authenticated by client certificate and one context, all named `name`, selected as the
 * current context. Certificates and key are embedded (`*-data`, base64), so the file stands alone.
 * Keys are in clientcmd.Write's order (sigs.k8s.io/yaml writes a struct's fields sorted by name).
 */
export function buildAdminKubeconfig(options: AdminKubeconfigOptions): string {
  const name = yamlScalar(options.name ?? 'kplane');
  const base64 = (pem: string): string => yamlScalar(Buffer.from(pem, 'utf8').toString('base64'));
  return [
    'apiVersion: v1',
    'clusters:',
    '- cluster:',
    `    certificate-authority-data: ${base64(options.caCert)}`,
    `    server: ${yamlScalar(options.server)}`,
    `  name: ${name}`,
    'contexts:',
    '- context:',
    `    cluster: ${name}`,
    `    user: ${name}`,
    `  name: ${name}`,
    `current-context: ${name}`,
    'kind: Config',
    'preferences: {}',
    'users:',
    `- name: ${name}`,
    '  user:',
    `    client-certificate-data: ${base64(options.clientCert)}`,
    `    client-key-data: ${base64(options.clientKey)}`,
    '',
  ].join('\n');
}

/** Writes a kubeconfig readable by its owner only (it holds a private key), replacing it atomically. */
export async function writeKubeconfig(path: string, content: string): Promise<void> {
  await writeFileAtomic(path, content, 0o600);
}
