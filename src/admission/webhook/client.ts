// Calling one webhook (upstream util/webhook ClientManager and its REST client): a POST of the review over
// HTTPS, trusting the configuration's caBundle (the system roots without one), with the webhook's timeout
// both as the call's deadline and as the `timeout` parameter upstream's client adds to the URL. The call
// carries the credentials the plugin's kubeconfig gives the webhook's host (authentication.ts): a client
// certificate in the handshake (agents.ts keeps an agent per CA bundle and certificate), an Authorization
// header; none without a kubeconfig.
//
// Where a service is named, kplane calls an address of the service's Endpoints (as kube-apiserver does with
// `--enable-aggregator-routing`: the port of the service port that `port` names, one ready address at
// random), presenting `<service>.<namespace>.svc` for SNI and verification. kplane runs no cluster DNS, so
// the service's name could not be resolved otherwise; the URL in messages is upstream's
// `https://<service>.<namespace>.svc:<port><path>`.
//
// Failures are CallErrors in upstream's words (`failed calling webhook "x": <reason>`): the reason names the
// request as Go's client does (`Post "<url>": dial tcp ...: connect: connection refused`, `context deadline
// exceeded`, `x509: certificate signed by unknown authority`), or the server's answer when it was not 2xx.
import { request as httpsRequest, type Agent } from 'node:https';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { StatusError, badRequest, notFound, serviceUnavailable, type StatusReason } from '../../errors/status-error.js';
import { goJsonSyntaxError } from '../../schema/go-json-syntax.js';
import type { AnyWebhook } from './accessor.js';
import type { OutgoingReview } from './review.js';
import { parseGoUrl } from '../../apis/admissionregistration/v1/go-url.js';
import { goQuote } from '../../registry/selectors/go-format.js';
import { agentFor } from './agents.js';
import { ANONYMOUS_RESOLVER, webhookTarget, type AuthenticationInfoResolver } from './authentication.js';
import { errorMessage } from '../../errors/error-message.js';

/** What a call reads of the cluster to reach a service, and the plugin's credentials. */
export interface ServiceResolverDeps {
  getService(namespace: string, name: string): Promise<Readonly<KubeObject> | undefined>;
  getEndpoints(namespace: string, name: string): Promise<Readonly<KubeObject> | undefined>;
  /** The credentials of calls by host, from the plugin's WebhookAdmissionConfiguration; none: anonymous. */
  credentials?: AuthenticationInfoResolver;
}

/** upstream ErrCallingWebhook: the reason, and the Status its failure counts as (the metrics' code). */
export class CallError extends Error {
  constructor(
    readonly webhookName: string,
    readonly reason: string,
    readonly status: StatusError,
  ) {
    super(`failed calling webhook ${JSON.stringify(webhookName)}: ${reason}`);
  }
}

/** The URL of a call: as messages print it, its host (`host[:port]`), and the request target. */
interface WebhookUrl {
  href: string;
  host: string;
  requestPath: string;
}

/** Where a call goes: the URL upstream names, and where kplane connects. */
interface Target {
  url: WebhookUrl;
  /** The address to connect to and the name to verify, for a service's endpoint. */
  connect?: { host: string; port: number; servername: string };
}

/**
 * POSTs `review` to the webhook and returns its decoded answer.
 * @throws CallError as upstream's calls fail (a mutating call's unrecognized errors count as 400, a validating one's as 503).
 */
export async function callWebhook(hook: Readonly<AnyWebhook>, review: OutgoingReview, mutating: boolean, deps: ServiceResolverDeps, deadline?: number): Promise<Record<string, unknown>> {
  // upstream: the call's context ends at the webhook's timeout or the request's deadline, whichever comes first;
  // `?timeout=` tells the webhook what is left, rounded up to whole seconds (none once nothing is).
  const timeoutMs = Math.min((hook.timeoutSeconds ?? 10) * 1000, deadline === undefined ? Infinity : deadline - Date.now());
  const url = webhookUrl(hook, timeoutMs > 0 ? Math.ceil(timeoutMs / 1000) : undefined);
  const client = await restClient(hook, url, deps.credentials ?? ANONYMOUS_RESOLVER).catch((error: unknown) => {
    throw new CallError(hook.name, `could not get REST client: ${errorMessage(error)}`, badRequest('error getting REST client'));
  });
  const callFailed = (cause: string, status?: StatusError): CallError =>
    new CallError(hook.name, `failed to call webhook: ${cause}`, status ?? (mutating ? badRequest('error calling webhook') : serviceUnavailable('error calling webhook')));
  let target: Target;
  try {
    target = await resolve(hook, url, deps);
  } catch (error) {
    throw callFailed(`Post ${goQuote(url.href)}: ${errorMessage(error)}`);
  }
  if (timeoutMs <= 0) throw callFailed(`Post ${goQuote(url.href)}: context deadline exceeded`);
  const answer = await post(target, review.body, client, timeoutMs).catch((error: unknown) => {
    throw callFailed(`Post ${goQuote(url.href)}: ${goNetError(error, target)}`);
  });
  if (answer.status < 200 || answer.status > 206) {
    const status = serverStatus(answer.status, answer.body);
    throw callFailed(status.message, status);
  }
  return decodeAnswer(answer.body, callFailed);
}

/** What a call is made with: its agent and its headers. */
interface RestClient {
  agent: Agent;
  headers: Readonly<Record<string, string | string[]>>;
}

/**
 * upstream HookClient as far as it can fail: the host's credentials (their files read), the agent of the CA
 * bundle and client certificate, then the headers.
 * @throws Error with the reason upstream's client construction gives.
 */
async function restClient(hook: Readonly<AnyWebhook>, url: WebhookUrl, resolver: AuthenticationInfoResolver): Promise<RestClient> {
  const credentials = await resolver.credentialsFor(webhookTarget(url.host));
  const caBundle = hook.clientConfig.caBundle ? Buffer.from(hook.clientConfig.caBundle, 'base64').toString('latin1') : '';
  const agent = agentFor(caBundle, credentials.clientCertificate);
  if (agent.error !== undefined) throw new Error(agent.error);
  return { agent: agent.agent, headers: await credentials.headers() };
}

/**
 * The URL upstream's client posts to, as Go prints it: the configured URL's host as written or the service's
 * `<name>.<namespace>.svc:<port>`, the path cleaned as path.Join cleans it, and `?timeout=<n>s`.
 */
function webhookUrl(hook: Readonly<AnyWebhook>, timeoutSeconds: number | undefined): WebhookUrl {
  const { url, service } = hook.clientConfig;
  const parsed = url === undefined ? undefined : parseGoUrl(url);
  const host = parsed && !('error' in parsed) ? parsed.host : `${service?.name}.${service?.namespace}.svc:${service?.port ?? 443}`;
  const path = cleanPath(parsed && !('error' in parsed) ? parsed.path : (service?.path ?? ''));
  const query = timeoutSeconds === undefined ? '' : `?timeout=${timeoutSeconds}s`;
  return { href: `https://${host}${path}${query}`, host, requestPath: `${encodeURI(path)}${query}` };
}

/** Go's path.Join("/", p): rooted, `.` and `..` resolved, repeated and trailing slashes dropped. */
function cleanPath(p: string): string {
  const out: string[] = [];
  for (const segment of p.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** upstream ResolveEndpoint (the endpoints service resolver) for a service reference; a URL is called as it is. */
async function resolve(hook: Readonly<AnyWebhook>, url: WebhookUrl, deps: ServiceResolverDeps): Promise<Target> {
  const ref = hook.clientConfig.service;
  if (!ref) return { url };
  const port = ref.port ?? 443;
  const service = await deps.getService(ref.namespace, ref.name);
  // Listers name the resource in the singular.
  if (!service) throw notFound({ group: '', resource: 'service' }, ref.name);
  const spec = (service['spec'] ?? {}) as { type?: string; ports?: { name?: string; port?: number }[] };
  const type = spec.type ?? 'ClusterIP';
  if (!['ClusterIP', 'LoadBalancer', 'NodePort'].includes(type)) throw new Error(`unsupported service type ${JSON.stringify(type)}`);
  const servicePort = (spec.ports ?? []).find((p) => p.port === port);
  if (!servicePort) throw serviceUnavailable(`no service port ${port} found for service ${JSON.stringify(ref.name)}`);
  const endpoints = await deps.getEndpoints(ref.namespace, ref.name);
  if (!endpoints) throw notFound({ group: '', resource: 'endpoints' }, ref.name);
  const subsets = (endpoints['subsets'] ?? []) as { addresses?: { ip: string }[]; ports?: { name?: string; port: number }[] }[];
  for (const subset of subsets) {
    const addresses = subset.addresses ?? [];
    if (addresses.length === 0) continue;
    const match = (subset.ports ?? []).find((p) => (p.name ?? '') === (servicePort.name ?? ''));
    if (!match) continue;
    const address = addresses[Math.floor(Math.random() * addresses.length)]!;
    return { url, connect: { host: address.ip, port: match.port, servername: `${ref.name}.${ref.namespace}.svc` } };
  }
  throw serviceUnavailable(`no endpoints available for service ${JSON.stringify(ref.name)}`);
}

interface Answer {
  status: number;
  body: string;
}

class DeadlineExceeded extends Error {}

function post(target: Target, body: string, { agent, headers }: RestClient, timeoutMs: number): Promise<Answer> {
  return new Promise((resolvePost, reject) => {
    const { connect } = target;
    const { hostname, port } = splitHostPort(target.url.host);
    const req = httpsRequest(
      {
        host: connect?.host ?? hostname,
        port: connect?.port ?? port,
        path: target.url.requestPath,
        method: 'POST',
        agent,
        ...(connect ? { servername: connect.servername } : {}),
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, */*', 'user-agent': 'kube-apiserver-admission', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolvePost({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new DeadlineExceeded('context deadline exceeded')), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end(body);
  });
}

/** `host[:port]` (IPv6 in brackets) as a host name and port, 443 by default. */
function splitHostPort(hostPort: string): { hostname: string; port: number } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
  const hostname = (match?.[1] ?? hostPort).replace(/^\[|\]$/g, '');
  return { hostname, port: match?.[2] ? Number(match[2]) : 443 };
}

/** A Node network or TLS error in the words of Go's client. */
function goNetError(error: unknown, target: Target): string {
  if (error instanceof DeadlineExceeded || error instanceof StatusError) return error.message;
  const e = error as { code?: string; message?: string; reason?: string; host?: string; cert?: { subjectaltname?: string } };
  const address = splitHostPort(target.url.host);
  const host = target.connect?.host ?? address.hostname;
  const port = target.connect?.port ?? address.port;
  switch (e.code) {
    case 'ECONNREFUSED':
      return `dial tcp ${host.includes(':') ? `[${host}]` : host}:${port}: connect: connection refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `dial tcp: lookup ${host}: no such host`;
    case 'ECONNRESET':
      return e.message === 'socket hang up' ? 'EOF' : `read tcp ${host}:${port}: read: connection reset by peer`;
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'x509: certificate signed by unknown authority';
    case 'CERT_HAS_EXPIRED':
    case 'CERT_NOT_YET_VALID':
      return 'x509: certificate has expired or is not yet valid';
    case 'ERR_TLS_CERT_ALTNAME_INVALID': {
      const names = (e.cert?.subjectaltname ?? '').split(', ').map((n) => n.replace(/^(DNS|IP Address):/, '')).filter(Boolean);
      return names.length > 0 ? `x509: certificate is valid for ${names.join(', ')}, not ${e.host ?? host}` : `x509: certificate is not valid for any names, but wanted to match ${e.host ?? host}`;
    }
    default: {
      // A TLS alert from the webhook (one refusing the client certificate, or its absence), as crypto/tls names it.
      const alert = /^ERR_SSL_(?:SSLV3|TLSV1|TLSV13)_ALERT_(\w+)$/.exec(e.code ?? '')?.[1];
      const text = alert === undefined ? undefined : TLS_ALERTS[alert];
      return text !== undefined ? `remote error: tls: ${text}` : (e.message ?? String(error));
    }
  }
}

/** OpenSSL's names of the alerts a server sends about a client's certificate, and crypto/tls's texts of them. */
const TLS_ALERTS: Readonly<Record<string, string>> = {
  HANDSHAKE_FAILURE: 'handshake failure',
  BAD_CERTIFICATE: 'bad certificate',
  UNSUPPORTED_CERTIFICATE: 'unsupported certificate',
  CERTIFICATE_REVOKED: 'revoked certificate',
  CERTIFICATE_EXPIRED: 'expired certificate',
  CERTIFICATE_UNKNOWN: 'unknown certificate',
  UNKNOWN_CA: 'unknown certificate authority',
  ACCESS_DENIED: 'access denied',
  DECRYPT_ERROR: 'error decrypting message',
  CERTIFICATE_REQUIRED: 'certificate required',
};

/** client-go's error for a non-2xx answer: the Status it carries, or upstream's NewGenericServerResponse. */
function serverStatus(code: number, body: string): StatusError {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (parsed['kind'] === 'Status' && typeof parsed['message'] === 'string') {
      const error = new StatusError(typeof parsed['code'] === 'number' ? parsed['code'] : code, (parsed['reason'] ?? '') as StatusReason, parsed['message']);
      if (!parsed['reason']) delete error.status.reason;
      return error;
    }
  } catch {
    // not a Status: described by its code below
  }
  const text = body.trim();
  const generic = (reason: StatusReason | undefined, message: string): StatusError => {
    const error = new StatusError(code, reason ?? 'InternalError', message, { causes: [{ reason: 'UnexpectedServerResponse', message: text }] });
    if (!reason) delete error.status.reason;
    return error;
  };
  switch (code) {
    case 400: return generic('BadRequest', 'the server rejected our request for an unknown reason');
    case 401: return generic('Unauthorized', 'the server has asked for the client to provide credentials');
    case 403: return generic('Forbidden', text);
    case 404: return generic('NotFound', 'the server could not find the requested resource');
    case 405: return generic('MethodNotAllowed', 'the server does not allow this method on the requested resource');
    case 422: return generic('Invalid', 'the server rejected our request due to an error in our request');
    case 429: return generic('TooManyRequests', 'the server has received too many requests and has asked us to try again later');
    case 503: return generic('ServiceUnavailable', 'the server is currently unable to handle the request');
    case 504: return generic('Timeout', 'the server was unable to return a response in the time allotted, but may still be processing the request');
  }
  if (code >= 500) return generic('InternalError', `an error on the server (${JSON.stringify(text)}) has prevented the request from succeeding`);
  return generic(undefined, `the server responded with the status code ${code} but did not return more information`);
}

/** The answer's JSON, or the decoding error client-go reports. */
function decodeAnswer(body: string, callFailed: (cause: string) => CallError): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw callFailed(`couldn't get version/kind; json parse error: ${goJsonSyntaxError(body)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw callFailed(`couldn't get version/kind; json parse error: json: cannot unmarshal ${Array.isArray(parsed) ? 'array' : typeof parsed} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`);
  return parsed as Record<string, unknown>;
}
