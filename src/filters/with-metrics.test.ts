import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestContext } from '../endpoints/context.js';
import type { RequestInfo, ResourceRequestInfo } from '../endpoints/request-info.js';
import { writeRaw } from '../endpoints/responses.js';
import { notFound } from '../errors/status-error.js';
import { createMetrics, type ApiMetrics } from '../server/metrics.js';
import { withMaxInFlightLimit } from './with-max-in-flight.js';
import { withMetrics } from './with-metrics.js';
import { withRequestTimeout } from './with-request-timeout.js';

const list: ResourceRequestInfo = {
  isResourceRequest: true, path: '/api/v1/namespaces/ns/configmaps', verb: 'list', apiPrefix: 'api',
  apiGroup: '', apiVersion: 'v1', namespace: 'ns', resource: 'configmaps', subresource: '', name: '',
};

/** A context over a response that records what is written and closes when it ends. */
function context(info: RequestInfo, query = ''): RequestContext & { closed: Promise<void> } {
  let onClose: (() => void)[] = [];
  let closed!: () => void;
  const done = new Promise<void>((resolve) => (closed = resolve));
  const res = {
    headersSent: false,
    statusCode: 200,
    writeHead(code: number) {
      res.headersSent = true;
      res.statusCode = code;
    },
    setHeader: () => undefined,
    hasHeader: () => false,
    write: () => true,
    end() {
      for (const f of onClose) f();
      onClose = [];
      closed();
    },
    once: (_event: string, f: () => void) => void onClose.push(f),
    off: () => undefined,
    destroy: () => undefined,
    writableEnded: false,
  };
  return {
    req: { method: 'GET', headers: {} } as RequestContext['req'],
    res, path: info.path, query: new URLSearchParams(query), auditId: 'id', info, warnings: [],
    signal: new AbortController().signal, closed: done,
  };
}

const scrape = async (metrics: ApiMetrics): Promise<string> => (await metrics.registry()).metrics();
const LIST = 'component="apiserver",group="",resource="configmaps",scope="namespace",subresource="",verb="LIST",version="v1"';
const WATCH = LIST.replace('LIST', 'WATCH');

test('a read records its response size; a failed one once its error body is written', async () => {
  const metrics = createMetrics(() => []);
  const ok = context(list);
  await withMetrics(async (ctx) => writeRaw(ctx, 200, 'application/json', 'x'.repeat(2500)), metrics)(ok);
  const failed = context(list);
  await assert.rejects(withMetrics(async () => Promise.reject(notFound({ group: '', resource: 'configmaps' }, 'a')), metrics)(failed));
  writeRaw(failed, 404, 'application/json', 'y'.repeat(50)); // as the recovery filter outside would
  await failed.closed;
  const text = await scrape(metrics);
  assert.ok(text.includes(`apiserver_response_sizes_bucket{${LIST},le="1000"} 1`), text);
  assert.ok(text.includes(`apiserver_response_sizes_bucket{${LIST},le="10000"} 2`));
  assert.ok(text.includes(`apiserver_response_sizes_sum{${LIST}} 2550`));
  assert.ok(text.includes(`apiserver_request_total{code="404",${LIST.replace('component="apiserver",', 'component="apiserver",dry_run="",')}} 1`));
});

test('an open watch is in apiserver_longrunning_requests until it ends', async () => {
  const metrics = createMetrics(() => []);
  let finish!: () => void;
  const open = new Promise<void>((resolve) => (finish = resolve));
  const watching = withMetrics(() => open, metrics)(context({ ...list, verb: 'watch' }));
  assert.ok((await scrape(metrics)).includes(`apiserver_longrunning_requests{${WATCH}} 1`));
  finish();
  await watching;
  assert.ok((await scrape(metrics)).includes(`apiserver_longrunning_requests{${WATCH}} 0`));
  // Logs are long-running, but upstream does not count them in the gauge.
  await withMetrics(async () => undefined, metrics)(context({ ...list, verb: 'get', name: 'p', resource: 'pods', subresource: 'log' }));
  assert.doesNotMatch(await scrape(metrics), /apiserver_longrunning_requests\{[^}]*subresource="log"/);
});

test('a 504 from the request timeout and a 429 over the in-flight limit are terminations', async () => {
  const metrics = createMetrics(() => []);
  const { requests } = metrics;
  let release!: () => void;
  const stalled = new Promise<void>((resolve) => (release = resolve));
  const timed = withRequestTimeout(() => stalled, 1, (ctx) => requests.recordTermination(ctx.info, 504));
  const slow = context(list);
  const running = timed(slow);
  await slow.closed; // the 504 was written
  release();
  await running;

  const create: ResourceRequestInfo = { ...list, verb: 'create' };
  const limited = withMaxInFlightLimit(() => stalled, { readOnly: 0, mutating: 1 }, metrics.inflight, (info, code) => requests.recordTermination(info, code));
  metrics.inflight.mutating.enter(); // a seat taken
  await limited(context(create));
  const text = await scrape(metrics);
  assert.ok(text.includes(`apiserver_request_terminations_total{code="504",${LIST}} 1`), text);
  // Every POST is of scope resource, as upstream's installer labels the route.
  assert.ok(text.includes(`apiserver_request_terminations_total{code="429",${LIST.replace('LIST', 'POST').replace('scope="namespace"', 'scope="resource"')}} 1`));
  assert.ok(text.includes('apiserver_dropped_requests_total{request_kind="mutating"} 1'));
  assert.ok(text.includes(`# HELP apiserver_dropped_requests_total [ALPHA] Number of requests dropped with 'Try again later' response`));
});
