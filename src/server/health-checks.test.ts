import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Backend } from '../storage/interface.js';
import { healthChecks, type Lifecycle } from './health-checks.js';
import { passes, type HealthCheck } from './health.js';
import type { ServedStores } from './stores.js';

const backend = { name: 'sqlite', check: async () => undefined } as unknown as Backend;
const served = { storages: new Map() } as unknown as ServedStores;
const unfinished = { name: 'late', check: (): void => { throw new Error('not started'); } };


test('livez assumes unfinished post-start hooks finish during --livez-grace-period; readyz does not', async () => {
  const lifecycle: Lifecycle = { terminating: false, livezGraceUntil: Date.now() + 60_000 };
  const inGrace = healthChecks(backend, served, [unfinished], lifecycle);
  const hook = (list: readonly HealthCheck[]): HealthCheck => {
    const found = list.find((c) => c.name === 'poststarthook/start-late-controller');
    assert.ok(found);
    return found;
  };
  assert.equal(await passes(hook(inGrace.livez)), true);
  assert.equal(await passes(hook(inGrace.readyz)), false);
  const after = healthChecks(backend, served, [unfinished], { terminating: false, livezGraceUntil: Date.now() - 1 });
  assert.equal(await passes(hook(after.livez)), false);
});

test('readyz ends with the shutdown check, failing once termination starts; livez and healthz have none', async () => {
  const lifecycle = { terminating: false, livezGraceUntil: 0 };
  const checks = healthChecks(backend, served, [], lifecycle);
  assert.deepEqual(checks.readyz.map((c) => c.name), ['ping', 'log', 'sqlite', 'informer-sync', 'shutdown']);
  assert.ok(!checks.livez.some((c) => c.name === 'shutdown') && !checks.healthz.some((c) => c.name === 'shutdown'));
  const shutdown = checks.readyz.at(-1);
  assert.ok(shutdown);
  assert.equal(await passes(shutdown), true);
  lifecycle.terminating = true;
  assert.equal(await passes(shutdown), false);
});
