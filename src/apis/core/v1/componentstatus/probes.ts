// How a component's health is learned (upstream pkg/registry/core/componentstatus validator.go and
// pkg/probe/http): an HTTP(S) GET whose outcome becomes one `Healthy` condition. A failed request is a
// failure whose message is Go's error text; a 2xx answer is healthy with the body as message, unless a
// validator (etcd's `{"health":"true"}`) rejects the body; another status code is a failure.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ComponentCondition } from '../schemas.generated.js';
import { goDialError, joinHostPort } from '../go-net-errors.js';
import { errorMessage } from '../../../../errors/error-message.js';

/** upstream probeTimeOut. */
export const PROBE_TIMEOUT_MS = 20_000;

/** One component that `kubectl get componentstatuses` lists. */
export interface ComponentProbe {
  name: string;
  probe(): Promise<ComponentCondition>;
}

export interface HttpProbeTarget {
  url: URL;
  /** TLS material for https (etcd's client certificates); absent: the certificate is not verified. */
  tls?: { ca?: string; cert?: string; key?: string };
  /** Checks a 2xx body; returns an error text to turn the answer into a failure. */
  validate?(body: string): string | undefined;
}

type Outcome = { result: 'success' | 'failure' | 'warning'; body: string };

const healthy = (status: 'True' | 'False' | 'Unknown', message: string, error = ''): ComponentCondition => ({
  type: 'Healthy',
  status,
  ...(message ? { message } : {}),
  ...(error ? { error } : {}),
});

/** Go's *url.Error for a failed GET: `Get "<url>": <cause>`. */
function urlError(target: HttpProbeTarget, error: NodeJS.ErrnoException): string {
  const port = target.url.port || (target.url.protocol === 'https:' ? '443' : '80');
  const hostPort = joinHostPort(target.url.hostname.replace(/^\[|\]$/g, ''), port);
  return `Get "${target.url.href}": ${goDialError(hostPort, error.code, error.message)}`;
}

/** upstream DoHTTPProbe: 2xx success, 3xx warning, otherwise failure; transport errors are failures too. */
function get(target: HttpProbeTarget): Promise<Outcome> {
  return new Promise((resolve) => {
    const https = target.url.protocol === 'https:';
    const options = { method: 'GET', timeout: PROBE_TIMEOUT_MS, headers: { 'User-Agent': 'kube-probe/1.25', Accept: '*/*' } };
    const tls = https ? { ...(target.tls ?? {}), rejectUnauthorized: target.tls?.ca !== undefined } : {};
    const req = (https ? httpsRequest : httpRequest)(target.url, { ...options, ...tls }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const code = res.statusCode ?? 0;
        if (code >= 200 && code < 300) resolve({ result: 'success', body });
        else if (code >= 300 && code < 400) resolve({ result: 'warning', body: `Probe terminated redirects, Response body: ${body}` });
        else resolve({ result: 'failure', body: `HTTP probe failed with statuscode: ${code}` });
      });
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ result: 'failure', body: urlError(target, error) }));
    req.end();
  });
}

/** upstream HttpServer.DoServerCheck, as a condition (ToConditionStatus: a warning is Unknown). */
export async function httpProbe(target: HttpProbeTarget): Promise<ComponentCondition> {
  const { result, body } = await get(target);
  if (result === 'failure') return healthy('False', body);
  const rejected = result === 'success' ? target.validate?.(body) : undefined;
  if (rejected !== undefined) return healthy('False', body, rejected);
  return healthy(result === 'success' ? 'True' : 'Unknown', body);
}

/** upstream EtcdHealthCheck: the body is JSON with `health` "true". */
export function etcdHealthCheck(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return errorMessage(error);
  }
  const health = (parsed as { health?: unknown } | null)?.health;
  return health === 'true' ? undefined : `Unhealthy status: ${typeof health === 'string' ? health : ''}`;
}
