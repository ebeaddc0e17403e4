import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ServedSet } from './served-resources.js';
import type { Store } from './store/index.js';

const storeOf = (group: string, version: string, resource: string, tag = ''): Store =>
  ({ def: { group, version, resource, tag } }) as unknown as Store;

test('served set: a store is found by group, version and resource together; the later of two alike wins', () => {
  const events = storeOf('', 'v1', 'events');
  const newEvents = storeOf('events.k8s.io', 'v1', 'events');
  const hpa1 = storeOf('autoscaling', 'v1', 'horizontalpodautoscalers');
  const hpa2 = storeOf('autoscaling', 'v2', 'horizontalpodautoscalers');
  const again = storeOf('autoscaling', 'v1', 'horizontalpodautoscalers', 'again');
  const served = new ServedSet([events, newEvents, hpa1, hpa2, again]);
  assert.equal(served.store('', 'v1', 'events'), events);
  assert.equal(served.store('events.k8s.io', 'v1', 'events'), newEvents);
  assert.equal(served.store('autoscaling', 'v2', 'horizontalpodautoscalers'), hpa2);
  assert.equal(served.store('autoscaling', 'v1', 'horizontalpodautoscalers'), again);
  assert.equal(served.store('events.k8s.io', 'v1beta1', 'events'), undefined);
  assert.equal(served.store('', 'v1', 'pods'), undefined);
  assert.equal(served.store('autoscaling', 'v1', 'events'), undefined);
  assert.equal(served.storeFor('autoscaling', 'horizontalpodautoscalers'), hpa1, 'group/resource look-ups: the first served version');
});
