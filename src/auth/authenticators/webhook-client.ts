// A client for a webhook described by a kubeconfig-format file (upstream k8s.io/apiserver util/webhook's
// GenericWebhook over clientcmd): the current context's cluster is the remote service (`server`, its CA),
// its user the credentials (client certificate and key, or a bearer token). Files named in the config are
// relative to the config's directory, and are all read once, when the client is built (client/kubeconfig.ts).
import { Agent, request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { loadClientConfig, type ClientConfig } from '../../client/kubeconfig.js';

/** One POST's answer. */
export interface WebhookAnswer {
  readonly status: number;
  readonly body: string;
}

/** POSTs a JSON body to the webhook. Rejects on connection errors and after `timeoutMs`. */
export type WebhookClient = (body: string) => Promise<WebhookAnswer>;

/** Upstream's webhook request timeout (k8s.io/apiserver util/webhook, 30 seconds). */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Reads the kubeconfig at `path` and builds its client.
 * @throws Error naming `flag` when the file cannot be read or does not describe a usable server.
 */
export async function loadWebhookClient(path: string, flag: string): Promise<WebhookClient> {
  try {
    return clientOf(await loadClientConfig(path));
  } catch (error) {
    throw new Error(`--${flag} "${path}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function clientOf({ cluster, user }: ClientConfig): WebhookClient {
  const url = new URL(cluster.server);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, */*' };
  if (user.token) headers['authorization'] = `Bearer ${user.token}`;
  const agent = new Agent({
    keepAlive: true,
    ...(cluster.certificateAuthorityData ? { ca: cluster.certificateAuthorityData } : {}),
    ...(user.clientCertificateData && user.clientKeyData ? { cert: user.clientCertificateData, key: user.clientKeyData } : {}),
    ...(cluster.tlsServerName ? { servername: cluster.tlsServerName } : {}),
    rejectUnauthorized: cluster.insecureSkipTLSVerify !== true,
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
