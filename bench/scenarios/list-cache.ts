// Scenario 3: an unpaginated JSON LIST of 10,000 ~1 KB ConfigMaps, served from the watch cache, timed at
// the client (request sent to last byte received) against JSON.stringify of the same list in this process.
// The list to stringify is the server's own answer parsed back, so both produce the same bytes.
import type { ApiClient } from '../client.js';
import type { Measurement } from '../results.js';
import { elapsedMs, fmt, median, spread } from '../stats.js';
import type { BenchContext } from './context.js';

const LIST_NAMESPACE = 'list';
const OBJECTS = 10_000;
const REPETITIONS = 9;
const WARMUPS = 2;

/** Scenario 3: median LIST time over median JSON.stringify time of the same list (target <= 2). */
export async function measureListFromCache(ctx: BenchContext, client: ApiClient, admin: ApiClient): Promise<Measurement> {
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

  const listMs: number[] = [];
  for (let i = 0; i < WARMUPS + REPETITIONS; i++) {
    const start = process.hrtime.bigint();
    const response = await client.requestDiscarding('GET', path);
    const ms = elapsedMs(start);
    if (response.status !== 200) throw new Error(`list: status ${response.status}`);
    if (i >= WARMUPS) listMs.push(ms);
  }
  const stringifyMs: number[] = [];
  for (let i = 0; i < WARMUPS + REPETITIONS; i++) {
    const start = process.hrtime.bigint();
    JSON.stringify(list);
    if (i >= WARMUPS) stringifyMs.push(elapsedMs(start));
  }
  const kplaneMs = median(listMs);
  const referenceMs = median(stringifyMs);
  return {
    id: 'list.ratio',
    label: `LIST ${OBJECTS.toLocaleString('en-US')} ConfigMaps from cache (${fmt(body.length / 1e6, 1)} MB JSON), median of ${REPETITIONS}`,
    kplane: `${fmt(kplaneMs, 1)} ms to last byte`,
    reference: `JSON.stringify in-process ${fmt(referenceMs, 1)} ms${identical ? '' : ' (bytes differ!)'}`,
    value: kplaneMs / referenceMs,
    unit: '×',
    target: { op: '<=', value: 2 },
    higherIsBetter: false,
    raw: { listMedianMs: kplaneMs, stringifyMedianMs: referenceMs, listSpread: spread(listMs), stringifySpread: spread(stringifyMs), bytes: body.length, identical: identical ? 1 : 0 },
  };
}
