// A kubeconfig file as client-go reads it for one connection: the current context's cluster and user,
// with file references resolved against the file's directory (clientcmd's relative-path rule).
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import YAML from 'yaml';

/** An `exec` block of a kubeconfig user (client credential plugin). */
export interface ExecConfig {
  command: string;
  apiVersion: string;
  args?: string[];
  env?: Array<{ name: string; value: string }>;
  installHint?: string;
  provideClusterInfo?: boolean;
  interactiveMode?: 'Never' | 'IfAvailable' | 'Always';
}

/** The cluster of the current context. */
export interface ClusterConfig {
  server: string;
  /** PEM of the CA bundle, when the kubeconfig names one. */
  certificateAuthorityData?: string;
  insecureSkipTLSVerify?: boolean;
  /** `extensions[client.authentication.k8s.io/exec]`, handed to plugins with provideClusterInfo. */
  execExtension?: unknown;
}

/** The user of the current context. */
export interface UserConfig {
  clientCertificateData?: string;
  clientKeyData?: string;
  token?: string;
  exec?: ExecConfig;
}

export interface ClientConfig {
  cluster: ClusterConfig;
  user: UserConfig;
  /** The kubeconfig's directory: relative paths (files, exec commands) are resolved against it. */
  directory: string;
}

interface Named<T> {
  name: string;
  [key: string]: unknown;
  value?: T;
}

type Raw = Record<string, unknown>;

const field = (object: unknown, key: string): unknown => (typeof object === 'object' && object !== null ? (object as Raw)[key] : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function named(list: unknown, name: string, what: string, inner: string): Raw {
  const entry = Array.isArray(list) ? (list as Array<Named<Raw>>).find((item) => item.name === name) : undefined;
  const value = field(entry, inner);
  if (typeof value !== 'object' || value === null) throw new Error(`kubeconfig: no ${what} named ${JSON.stringify(name)}`);
  return value as Raw;
}

/** Reads `path` and returns the current context's connection settings. */
export async function loadClientConfig(path: string): Promise<ClientConfig> {
  const directory = dirname(resolve(path));
  const raw = YAML.parse(await readFile(path, 'utf8')) as Raw;
  const contextName = text(raw['current-context']);
  if (!contextName) throw new Error('kubeconfig: no current-context');
  const context = named(raw['contexts'], contextName, 'context', 'context');
  const cluster = named(raw['clusters'], text(context['cluster']) ?? '', 'cluster', 'cluster');
  const user = named(raw['users'], text(context['user']) ?? '', 'user', 'user');
  const file = async (value: unknown): Promise<string | undefined> => {
    const path = text(value);
    return path === undefined ? undefined : readFile(isAbsolute(path) ? path : resolve(directory, path), 'utf8');
  };
  const data = (value: unknown): string | undefined => {
    const encoded = text(value);
    return encoded === undefined ? undefined : Buffer.from(encoded, 'base64').toString('utf8');
  };
  const server = text(cluster['server']);
  if (!server) throw new Error(`kubeconfig: cluster of context ${JSON.stringify(contextName)} has no server`);
  const ca = data(cluster['certificate-authority-data']) ?? (await file(cluster['certificate-authority']));
  const execExtension = (Array.isArray(cluster['extensions']) ? (cluster['extensions'] as Array<Named<unknown>>) : []).find((e) => e.name === 'client.authentication.k8s.io/exec')?.['extension'];
  const cert = data(user['client-certificate-data']) ?? (await file(user['client-certificate']));
  const key = data(user['client-key-data']) ?? (await file(user['client-key']));
  const token = text(user['token']) ?? (await file(user['tokenFile']))?.trim();
  const exec = field(user, 'exec') as ExecConfig | undefined;
  return {
    directory,
    cluster: {
      server,
      ...(ca ? { certificateAuthorityData: ca } : {}),
      ...(cluster['insecure-skip-tls-verify'] === true ? { insecureSkipTLSVerify: true } : {}),
      ...(execExtension !== undefined ? { execExtension } : {}),
    },
    user: { ...(cert ? { clientCertificateData: cert } : {}), ...(key ? { clientKeyData: key } : {}), ...(token ? { token } : {}), ...(exec ? { exec } : {}) },
  };
}
