// Scenario 3: an unpaginated JSON LIST of 10,000 ~1 KB ConfigMaps, served from the watch cache, timed at
// the client (request sent to last byte received) against JSON.stringify of the same list in this process.
// The list to stringify is the server's own answer parsed back, so both produce the same bytes.
// The figure's client announces client-go's HTTP/2 receive windows (client.ts), as kubectl does; the same
// LISTs read with node:http2's default 64 KiB stream window are reported beside it, without a target: most
// of their extra time is the client's window updates, not the server. Neither asks for gzip (kubectl does, and
// its copy of this list would come back compressed: endpoints/compression.ts).
import { ApiClient, NODE_DEFAULT_WINDOWS } from '../client.js';
import type { Measurement } from '../results.js';
import { elapsedMs, fmt, median, spread } from '../stats.js';
import type { BenchContext } from './context.js';
import type { HttpPair } from './http-pair.js';

const LIST_NAMESPACE = 'list';
const OBJECTS = 10_000;
const REPETITIONS = 9;
const WARMUPS = 2;

/** Scenario 3: median LIST time over median JSON.stringify time of the same list (target <= 2). */
export async function measureListFromCache(ctx: BenchContext, pair: HttpPair): Promise<Measurement[]> {
  const { client, admin } = pair;
  ctx.log(`list: creating ${OBJECTS} ConfigMaps`);
  const loadStart = process.hrtime.bigint();
  await admin.createBenchNamespace(LIST_NAMESPACE, client);
  await client.createConfigMaps(LIST_NAMESPACE, OBJECTS, 50);
  ctx.log(`  loaded in ${fmt(elapsedMs(loadStart) / 1000)} s`);
  // The bench's own ConfigMaps (fixtures.ts labels them): every namespace also holds kube-root-ca.crt.
  const path = `/api/v1/namespaces/${LIST_NAMESPACE}/configmaps?labelSelector=app%3Dkplane-bench`;

  const body = await client.expect(200, 'GET', path);
  const list = JSON.parse(body) as { items: unknown[] };
  if (list.items.length !== OBJECTS) throw new Error(`list returned ${list.items.length} items, expected ${OBJECTS}`);
  const identical = JSON.stringify(list) === body;

  const listMs = await timeLists(client, path);
  const smallWindowClient = await ApiClient.connect(pair.kplane.url, ctx.token, NODE_DEFAULT_WINDOWS);
  const smallWindowMs = await timeLists(smallWindowClient, path).finally(() => smallWindowClient.close());
  const stringifyMs: number[] = [];
  for (let i = 0; i < WARMUPS + REPETITIONS; i++) {
    const start = process.hrtime.bigint();
    JSON.stringify(list);
    if (i >= WARMUPS) stringifyMs.push(elapsedMs(start));
  }
  const referenceMs = median(stringifyMs);
  const reference = `JSON.stringify in-process ${fmt(referenceMs, 1)} ms${identical ? '' : ' (bytes differ!)'}`;
  const label = `LIST ${OBJECTS.toLocaleString('en-US')} ConfigMaps from cache (${fmt(body.length / 1e6, 1)} MB JSON), median of ${REPETITIONS}`;
  const raw = (ms: number[]): Record<string, number> => ({
    listMedianMs: median(ms),
    stringifyMedianMs: referenceMs,
    listSpread: spread(ms),
    stringifySpread: spread(stringifyMs),
    bytes: body.length,
    identical: identical ? 1 : 0,
  });
  return [
    {
      id: 'list.ratio',
      label: `${label}, client-go's HTTP/2 windows`,
      kplane: `${fmt(median(listMs), 1)} ms to last byte`,
      reference,
      value: median(listMs) / referenceMs,
      unit: '×',
      target: { op: '<=', value: 2 },
      higherIsBetter: false,
      raw: raw(listMs),
    },
    {
      id: 'list.smallWindow.ratio',
      label: `${label}, node:http2's default 64 KiB stream window`,
      kplane: `${fmt(median(smallWindowMs), 1)} ms to last byte`,
      reference,
      value: median(smallWindowMs) / referenceMs,
      unit: '×',
      higherIsBetter: false,
      raw: raw(smallWindowMs),
    },
  ];
}

/** The LISTs' times to last byte, after the warm-ups. */
async function timeLists(client: ApiClient, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUPS + REPETITIONS; i++) {
    const start = process.hrtime.bigint();
    const response = await client.requestDiscarding('GET', path);
    const ms = elapsedMs(start);
    if (response.status !== 200) throw new Error(`list: status ${response.status}`);
    if (i >= WARMUPS) times.push(ms);
  }
  return times;
}
