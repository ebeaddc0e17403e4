// A client for a webhook described by a kubeconfig-format file (upstream k8s.io/apiserver util/webhook's
// GenericWebhook over clientcmd): the current context's cluster is the remote service (`server`, its CA),
// its user the credentials (client certificate and key, or a bearer token). Files named in the config are
// relative to the config's directory, and are all read once, when the client is built (client/kubeconfig.ts).
// The token authenticator and the authorizer webhooks both post a review object through it (postReview),
// retried as upstream's WithExponentialBackoff with DefaultShouldRetry.
import { Agent, request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { loadClientConfig, type ClientConfig } from '../../client/kubeconfig.js';
import { errorMessage } from '../../errors/error-message.js';

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
    return webhookClientOf(await loadClientConfig(path));
  } catch (error) {
    throw new Error(`--${flag} "${path}": ${errorMessage(error)}`, { cause: error });
  }
}

/** The client of a loaded kubeconfig: its server, CA, client certificate and key or bearer token. */
export function webhookClientOf({ cluster, user }: ClientConfig): WebhookClient {
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

/** Retries of a failed call (upstream DefaultAuthWebhookRetryBackoff: 500 ms, factor 1.5, 5 steps). */
export interface RetryBackoff {
  readonly initialDelayMs: number;
  readonly factor: number;
  readonly steps: number;
}
export const defaultRetryBackoff: RetryBackoff = { initialDelayMs: 500, factor: 1.5, steps: 5 };

/** A review object's identity: what is sent, and what the answer must be when it says. */
export interface ReviewKind {
  readonly apiVersion: string;
  readonly kind: string;
}

/**
 * POSTs `review` (serialized as given) and returns the review the webhook answered, as a plain record.
 * Connection resets and 429, 500 and 504 answers are retried with `retry` (upstream DefaultShouldRetry);
 * other failures, a body that is not JSON, and an answer of another kind or version are errors. An answer
 * without apiVersion and kind is taken as the kind sent (a typed decode's defaults).
 */
export async function postReview(client: WebhookClient, review: ReviewKind, retry: RetryBackoff = defaultRetryBackoff): Promise<Record<string, unknown>> {
  const body = JSON.stringify(review);
  return withRetries(retry, () => callOnce(client, body, review));
}

class RetriableError extends Error {}

/**
 * POSTs `body` once; resolves with a 2xx answer. Connection resets and 429, 500 and 504 answers are
 * RetriableError (upstream DefaultShouldRetry); `expected` names what a non-2xx answer did not return.
 */
async function postOnce(client: WebhookClient, body: string, expected: string): Promise<WebhookAnswer> {
  let answer: WebhookAnswer;
  try {
    answer = await client(body);
  } catch (error) {
    const message = errorMessage(error);
    const code = (error as { code?: unknown }).code;
    if (code === 'ECONNRESET') throw new RetriableError(message);
    throw new Error(message);
  }
  if (answer.status < 200 || answer.status > 299) {
    const message = `the server responded with the status code ${answer.status} but did not return ${expected}`;
    throw [429, 500, 504].includes(answer.status) ? new RetriableError(message) : new Error(message);
  }
  return answer;
}

/** POSTs `body`, retried as a review is (upstream WithExponentialBackoff with DefaultShouldRetry); resolves with the 2xx answer. */
export function postWithRetries(client: WebhookClient, body: string, expected: string, retry: RetryBackoff): Promise<WebhookAnswer> {
  return withRetries(retry, () => postOnce(client, body, expected));
}

async function callOnce(client: WebhookClient, body: string, sent: ReviewKind): Promise<Record<string, unknown>> {
  const answer = await postOnce(client, body, `${/^[AEIOU]/.test(sent.kind) ? 'an' : 'a'} ${sent.kind}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    throw new Error('the webhook answered with a body that is not JSON');
  }
  const review = reviewRecord(parsed);
  const apiVersion = review['apiVersion'] ?? sent.apiVersion;
  const kind = review['kind'] ?? sent.kind;
  if (kind !== sent.kind || apiVersion !== sent.apiVersion) {
    throw new Error(`the webhook answered ${String(apiVersion)} ${String(kind)}, not ${sent.apiVersion} ${sent.kind}`);
  }
  return review;
}

async function withRetries<T>(backoff: RetryBackoff, call: () => Promise<T>): Promise<T> {
  let delay = backoff.initialDelayMs;
  for (let step = 1; ; step++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof RetriableError) || step >= backoff.steps) throw error;
    }
    await new Promise((wake) => setTimeout(wake, delay));
    delay *= backoff.factor;
  }
}

/** `value` when it is a JSON object, else an empty record (fields of a review are read leniently). */
export function reviewRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
