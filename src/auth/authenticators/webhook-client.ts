// A client for a webhook described by a kubeconfig-format file (upstream k8s.io/apiserver util/webhook's
// GenericWebhook over clientcmd): the current context's cluster is the remote service (`server`, its CA),
// its user the credentials (client certificate and key, or a bearer token). Files named in the config are
// relative to the config's directory, and are all read once, when the client is built.
import { readFile } from 'node:fs/promises';
import { Agent, request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';

/** One POST's answer. */
export interface WebhookAnswer {
  readonly status: number;
  readonly body: string;
}

/** POSTs a JSON body to the webhook. Rejects on connection errors and after `timeoutMs`. */
export type WebhookClient = (body: string) => Promise<WebhookAnswer>;

/** Upstream's webhook request timeout (k8s.io/apiserver util/webhook, 30 seconds). */
const REQUEST_TIMEOUT_MS = 30_000;

type Entry = Record<string, unknown>;

/**
 * Reads the kubeconfig at `path` and builds its client.
 * @throws Error naming `flag` when the file cannot be read or does not describe a usable server.
 */
export async function loadWebhookClient(path: string, flag: string): Promise<WebhookClient> {
  try {
    const config: unknown = parse(await readFile(path, 'utf8'));
    return await clientOf(isEntry(config) ? config : {}, dirname(resolve(path)));
  } catch (error) {
    throw new Error(`--${flag} "${path}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

async function clientOf(config: Entry, base: string): Promise<WebhookClient> {
  const contextName = typeof config['current-context'] === 'string' ? config['current-context'] : '';
  const context = named(config['contexts'], contextName, 'context');
  const cluster = named(config['clusters'], stringField(context, 'cluster'), 'cluster');
  const user = named(config['users'], stringField(context, 'user'), 'user');
  const server = stringField(cluster, 'server');
  if (server === '') throw new Error('invalid configuration: no configuration has been provided');
  const url = new URL(server);
  const read = (entry: Entry, field: string): Promise<string | undefined> => pemOf(entry, field, base);
  const [ca, cert, key, tokenFile] = await Promise.all([
    read(cluster, 'certificate-authority'),
    read(user, 'client-certificate'),
    read(user, 'client-key'),
    stringField(user, 'tokenFile') ? readFile(resolve(base, stringField(user, 'tokenFile')), 'utf8') : undefined,
  ]);
  const token = stringField(user, 'token') || tokenFile?.trim() || '';
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, */*' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  const tlsServerName = stringField(cluster, 'tls-server-name');
  const agent = new Agent({
    keepAlive: true,
    ...(ca ? { ca } : {}),
    ...(cert && key ? { cert, key } : {}),
    ...(tlsServerName ? { servername: tlsServerName } : {}),
    rejectUnauthorized: cluster['insecure-skip-tls-verify'] !== true,
  });
  return (body) => post(url, url.protocol === 'https:' ? agent : undefined, headers, body);
}

function post(url: URL, agent: Agent | undefined, headers: Record<string, string>, body: string): Promise<WebhookAnswer> {
  return new Promise((resolvePost, reject) => {
    const send = agent ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, ...(agent ? { agent } : {}) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolvePost({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`webhook call to ${url.host} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The `<kind>` entry named `name` of a kubeconfig list (`{name, <kind>: {...}}`). */
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

/** `<field>-data` (base64) or the file `<field>` (relative to the config), as PEM text. */
async function pemOf(entry: Entry, field: string, base: string): Promise<string | undefined> {
  const data = stringField(entry, `${field}-data`);
  if (data) return Buffer.from(data, 'base64').toString('utf8');
  const file = stringField(entry, field);
  return file ? readFile(resolve(base, file), 'utf8') : undefined;
}

function stringField(entry: Entry, field: string): string {
  const value = entry[field];
  return typeof value === 'string' ? value : '';
}

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
