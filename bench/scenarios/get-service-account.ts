// Scenario: the GET of scenario 2 authenticated by a service account token (a bound JWT from TokenRequest)
// instead of a static token, vs the baseline's GET of the same bytes, 50 connections. After the first
// request each GET finds the token in the authenticator's cache and re-reads the account from the watch cache.
import type { Measurement } from '../results.js';
import type { BenchContext } from './context.js';
import { BENCH_NAMESPACE, PROBE_NAME, type HttpPair } from './http-pair.js';
import { compareWithWrk, throughputMeasurement, WRK_CONNECTIONS } from './wrk-compare.js';

/** A token of the namespace's `default` account, once its controller created it. */
async function serviceAccountToken(pair: HttpPair): Promise<string> {
  const path = `/api/v1/namespaces/${BENCH_NAMESPACE}/serviceaccounts/default`;
  for (let attempt = 0; (await pair.client.request('GET', path)).status !== 200; attempt++) {
    if (attempt > 200) throw new Error('the default service account did not appear');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const body = await pair.client.expect(201, 'POST', `${path}/token`, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} });
  return (JSON.parse(body) as { status: { token: string } }).status.token;
}

/**
 * kplane GETs per second with a service account token over the baseline's GETs per second. The issue bounds
 * the token's verification on the hot path (<= 10 us, a cache hit), not this ratio: it is reported beside the
 * static-token GET, whose >= 0.5 target it shares the request path with.
 */
export async function measureGetWithServiceAccount(ctx: BenchContext, pair: HttpPair): Promise<Measurement> {
  ctx.log('get by name with a service account token (wrk)');
  const token = await serviceAccountToken(pair);
  const path = `/api/v1/namespaces/${BENCH_NAMESPACE}/configmaps/${PROBE_NAME}`;
  const c = await compareWithWrk(ctx, pair, 'sa-get', path, {
    method: 'GET',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  return throughputMeasurement(c, {
    id: 'sa-get.ratio',
    label: `ConfigMap GET, service account token, ${WRK_CONNECTIONS} connections`,
    reference: 'node:https fixed GET',
  });
}
