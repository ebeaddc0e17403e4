// A kubeconfig file as client-go reads it for one connection: the current context's cluster and user,
// with file references resolved against the file's directory (clientcmd's relative-path rule) and read
// once. kplane's client and the token webhook's client both read theirs here. The admission webhooks'
// kubeconfig is read raw instead (loadKubeconfigUsers): every user by name, for a user chosen per host.
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { errorMessage } from '../errors/error-message.js';

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
  /** `tls-server-name`: the name the server's certificate is checked against. */
  tlsServerName?: string;
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

type Entry = Record<string, unknown>;

/**
 * Reads `path` and returns the current context's connection settings. Errors are clientcmd's
 * (`invalid configuration: no configuration has been provided`, `invalid configuration: context "x" not found`).
 */
export async function loadClientConfig(path: string): Promise<ClientConfig> {
  const directory = dirname(resolve(path));
  // yaml is imported here, at the first kubeconfig read: the server's start-up reads none (architecture §1).
  const [{ parse }, text] = await Promise.all([import('yaml'), readFile(path, 'utf8')]);
  const raw: unknown = parse(text);
  const config = isEntry(raw) ? raw : {};
  const context = named(config['contexts'], stringField(config, 'current-context'), 'context');
  const cluster = named(config['clusters'], stringField(context, 'cluster'), 'cluster');
  const user = named(config['users'], stringField(context, 'user'), 'user');
  const server = stringField(cluster, 'server');
  if (server === '') throw new Error('invalid configuration: no configuration has been provided');
  const [ca, cert, key, tokenFile] = await Promise.all([
    pemOf(cluster, 'certificate-authority', directory),
    pemOf(user, 'client-certificate', directory),
    pemOf(user, 'client-key', directory),
    stringField(user, 'tokenFile') ? readFile(resolve(directory, stringField(user, 'tokenFile')), 'utf8') : undefined,
  ]);
  const token = stringField(user, 'token') || tokenFile?.trim() || '';
  const tlsServerName = stringField(cluster, 'tls-server-name');
  const execExtension = (Array.isArray(cluster['extensions']) ? (cluster['extensions'] as unknown[]) : []).find((e): e is Entry => isEntry(e) && e['name'] === 'client.authentication.k8s.io/exec')?.['extension'];
  const exec = isEntry(user['exec']) ? (user['exec'] as unknown as ExecConfig) : undefined;
  return {
    directory,
    cluster: {
      server,
      ...(ca ? { certificateAuthorityData: ca } : {}),
      ...(tlsServerName ? { tlsServerName } : {}),
      ...(cluster['insecure-skip-tls-verify'] === true ? { insecureSkipTLSVerify: true } : {}),
      ...(execExtension !== undefined ? { execExtension } : {}),
    },
    user: { ...(cert ? { clientCertificateData: cert } : {}), ...(key ? { clientKeyData: key } : {}), ...(token ? { token } : {}), ...(exec ? { exec } : {}) },
  };
}

/** The `<kind>` entry named `name` of a kubeconfig list (`{name, <kind>: {...}}`); a user may be absent. */
function named(list: unknown, name: string, kind: string): Entry {
  const entry = Array.isArray(list) ? list.find((item): item is Entry => isEntry(item) && item['name'] === name) : undefined;
  if (entry === undefined) {
    if (name === '' && kind !== 'user') throw new Error('invalid configuration: no configuration has been provided');
    if (name === '') return {};
    throw new Error(`invalid configuration: ${kind} "${name}" not found`);
  }
  const value = entry[kind];
  return isEntry(value) ? value : {};
}

/** A kubeconfig's users as clientcmd's RawConfig holds them: not validated, no cluster or server needed. */
export interface KubeconfigUsers {
  /** The kubeconfig's directory, against which the users' relative file names are resolved. */
  readonly directory: string;
  /** Each `users[]` entry's `user` block, by name. */
  readonly users: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** The user of the current context, when that context names one. */
  readonly currentUser?: string;
}

/**
 * Reads `path` as clientcmd's loader does with it as the explicit path (RawConfig): an empty file is an empty
 * config; a user or context named twice is refused, as the conversion to clientcmd's maps refuses it.
 * @throws Error with clientcmd's text (`stat <path>: no such file or directory`, `error loading config file ...`).
 */
export async function loadKubeconfigUsers(path: string): Promise<KubeconfigUsers> {
  try {
    await stat(path);
  } catch (error) {
    throw new Error((error as { code?: unknown }).code === 'ENOENT' ? `stat ${path}: no such file or directory` : (error as Error).message, { cause: error });
  }
  const [{ parse }, text] = await Promise.all([import('yaml'), readFile(path, 'utf8')]);
  const loadError = (message: string) => new Error(`error loading config file "${path}": ${message}`);
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw loadError(errorMessage(error));
  }
  const config = isEntry(raw) ? raw : {};
  const byName = (field: string, kind: string, goType: string): Map<string, Entry> => {
    const map = new Map<string, Entry>();
    for (const item of Array.isArray(config[field]) ? (config[field] as unknown[]) : []) {
      if (!isEntry(item)) continue;
      const name = stringField(item, 'name');
      // Go prints the whole list after this; its %v of structs is not reproduced.
      if (map.has(name)) throw loadError(`error converting *[]Named${goType} into *map[string]*api.${goType}: duplicate name ${JSON.stringify(name)} in list`);
      map.set(name, isEntry(item[kind]) ? (item[kind] as Entry) : {});
    }
    return map;
  };
  const users = byName('users', 'user', 'AuthInfo');
  const contexts = byName('contexts', 'context', 'Context');
  const currentUser = stringField(contexts.get(stringField(config, 'current-context')) ?? {}, 'user');
  return { directory: dirname(resolve(path)), users, ...(currentUser ? { currentUser } : {}) };
}

/** `<field>-data` (base64) or the file `<field>` (relative to the config's directory), as text. */
async function pemOf(entry: Entry, field: string, directory: string): Promise<string | undefined> {
  const data = stringField(entry, `${field}-data`);
  if (data) return Buffer.from(data, 'base64').toString('utf8');
  const file = stringField(entry, field);
  return file ? readFile(isAbsolute(file) ? file : resolve(directory, file), 'utf8') : undefined;
}

function stringField(entry: Readonly<Entry>, field: string): string {
  const value = entry[field];
  return typeof value === 'string' ? value : '';
}

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
