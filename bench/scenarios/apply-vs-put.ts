// Server-side apply vs a plain PUT of the same object (a ~1 KB ConfigMap; a ~3 KB Deployment), against the
// same kplane in the same run. Every request changes one value, so each is a real (durable) write, not a no-op short-circuit;
// requests rotate over OBJECTS objects so that 50 connections do not all contend for one key.
// Runs alternate PUT, apply, apply, PUT, ... after a warm-up of each; the best run of each is kept.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { configMap } from '../fixtures.js';
import { deploymentFixture } from '../../src/apis/apps/v1/testdata.js';
import type { KubeObject } from '../../src/apis/meta/v1/types.js';
import type { Measurement } from '../results.js';
import { fmt } from '../stats.js';
import { luaString, runWrk, type WrkResult } from '../wrk.js';
import type { BenchContext } from './context.js';
import { BENCH_NAMESPACE, type HttpPair } from './http-pair.js';
import { successRate, WRK_CONNECTIONS } from './wrk-compare.js';

const NAME = 'applied';
const OBJECTS = 50;
const ROUNDS = 3;
const RUN_SECONDS = 5;
const WARMUP_SECONDS = 2;

/** A wrk script whose body carries a per-request counter in place of `COUNTER`. */
async function varyingScript(ctx: BenchContext, name: string, method: string, contentType: string, body: string, requestPath: string): Promise<string> {
  const lua = [
    `wrk.method = ${luaString(method)}`,
    `wrk.headers["Authorization"] = ${luaString(`Bearer ${ctx.token}`)}`,
    `wrk.headers["Content-Type"] = ${luaString(contentType)}`,
    `wrk.headers["Accept"] = "application/json"`,
    `local template = ${luaString(body)}`,
    `local path = ${luaString(requestPath)}`,
    'local counter = 0',
    'request = function()',
    '  counter = counter + 1',
    '  local n = tostring(counter % ' + String(OBJECTS) + ')',
    '  local b = string.gsub((string.gsub(template, "COUNTER", tostring(counter))), "INDEX", n)',
    '  return wrk.format(nil, (string.gsub(path, "INDEX", n)), nil, b)',
    'end',
  ];
  const file = join(ctx.workDir, `${name}.lua`);
  await writeFile(file, lua.join('\n') + '\n');
  return file;
}

/** What is applied and PUT: OBJECTS objects of one kind, each request changing one annotation. */
export interface ApplySubject {
  /** Figure id prefix and wrk script names. */
  name: string;
  /** The collection path in the bench namespace. */
  collection: string;
  /** The object as its client writes it; `metadata.name` is replaced per object. */
  object: KubeObject;
  label: string;
}

/** ~1 KB ConfigMaps (the issue-wide apply figure). */
export const CONFIGMAP_APPLY: ApplySubject = {
  name: 'apply',
  collection: `/api/v1/namespaces/${BENCH_NAMESPACE}/configmaps`,
  object: configMap({ name: NAME }) as KubeObject,
  label: 'Server-side apply vs PUT of a ~1 KB ConfigMap',
};

/** ~3 KB Deployments (issue 12). */
export const DEPLOYMENT_APPLY: ApplySubject = {
  name: 'deployment-apply',
  collection: `/apis/apps/v1/namespaces/${BENCH_NAMESPACE}/deployments`,
  object: deploymentFixture() as KubeObject,
  label: 'Server-side apply vs PUT of a ~3 KB Deployment',
};

/** Apply's cost per write over PUT's (PUT rate / apply rate); target <= 2. */
export async function measureApplyVsPut(ctx: BenchContext, pair: HttpPair, subject: ApplySubject = CONFIGMAP_APPLY): Promise<Measurement> {
  ctx.log(`${subject.name}: apply vs put (wrk)`);
  const { collection } = subject;
  const { namespace: _namespace, ...metadata } = subject.object.metadata;
  const named = (name: string, annotations: Record<string, string> = {}): KubeObject => ({
    ...subject.object,
    metadata: { ...metadata, name, annotations: { ...metadata.annotations, ...annotations } },
  });
  for (let i = 0; i < OBJECTS; i++) await pair.client.expect(201, 'POST', collection, named(`${NAME}-${i}`));
  const body = JSON.stringify(named(`${NAME}-INDEX`, { 'bench/counter': 'COUNTER' }));
  const put = await varyingScript(ctx, `${subject.name}-put`, 'PUT', 'application/json', body, `${collection}/${NAME}-INDEX`);
  const apply = await varyingScript(ctx, `${subject.name}-apply`, 'PATCH', 'application/apply-patch+yaml', body, `${collection}/${NAME}-INDEX?fieldManager=bench&force=true`);
  const run = async (script: string, url: string, seconds: number): Promise<WrkResult> => {
    const result = await runWrk({ url, script, connections: WRK_CONNECTIONS, threads: 1, durationSec: seconds });
    if (result.non2xx > 0 || result.socketErrors > 0) throw new Error(`${subject.name}: ${result.non2xx} non-2xx, ${result.socketErrors} socket errors`);
    return result;
  };
  const putUrl = pair.kplane.url + collection;
  const applyUrl = putUrl;
  await run(put, putUrl, WARMUP_SECONDS);
  await run(apply, applyUrl, WARMUP_SECONDS);
  const puts: number[] = [];
  const applies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['put', 'apply'] : ['apply', 'put'];
    for (const which of order) {
      if (which === 'put') puts.push(successRate(await run(put, putUrl, RUN_SECONDS)));
      else applies.push(successRate(await run(apply, applyUrl, RUN_SECONDS)));
    }
  }
  const bestPut = Math.max(...puts);
  const bestApply = Math.max(...applies);
  return {
    id: `${subject.name}.ratio`,
    label: `${subject.label}, ${WRK_CONNECTIONS} connections, SQLite durable`,
    kplane: `apply ${fmt(bestApply)} req/s`,
    reference: `PUT ${fmt(bestPut)} req/s (same object, same run)`,
    value: bestPut / bestApply,
    unit: '×',
    target: { op: '<=', value: 2 },
    higherIsBetter: false,
    raw: { applyRps: bestApply, putRps: bestPut },
  };
}
