import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KubeObject } from '../apis/meta/v1/types.js';
import { StatusError } from '../errors/status-error.js';
import { listThenWatch, type ListerWatcher } from './list-watch.js';
import type { WatchEvent } from './watch-stream.js';

const object = (name: string, resourceVersion: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns', resourceVersion } });

/** One watch's answer: events, then a clean end, an error, or (last) staying open until aborted. */
type WatchScript = { events: WatchEvent[]; then: 'end' | 'error' | 'hang' };

/** A ListerWatcher that records its calls and answers watches from `scripts` in order. */
function scripted(scripts: WatchScript[]) {
  const calls: string[] = [];
  let lists = 0;
  const source: ListerWatcher = {
    description: 'configmaps',
    async list() {
      lists++;
      calls.push(`list`);
      return { objects: [object('a', '10')], resourceVersion: String(10 * lists) };
    },
    async *watch(resourceVersion, signal) {
      calls.push(`watch@${resourceVersion}`);
      const script = scripts.shift() ?? { events: [], then: 'hang' as const };
      for (const event of script.events) yield [event];
      if (script.then === 'error') throw new StatusError(410, 'Expired', 'too old resource version');
      if (script.then === 'hang') await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    },
  };
  return { source, calls };
}

/** Runs the reflector until `calls` has `count` entries (or a second passes), then stops it. */
async function follow(scripts: WatchScript[], count: number) {
  const { source, calls } = scripted(scripts);
  const abort = new AbortController();
  const seen: string[] = [];
  const running = listThenWatch(source, {
    signal: abort.signal,
    who: 'test',
    onList: (objects) => seen.push(`list ${objects.length}`),
    onEvent: (o, type) => seen.push(`${type} ${o.metadata.name}@${o.metadata.resourceVersion}`),
  });
  const deadline = Date.now() + 3000;
  while (calls.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  abort.abort();
  await running;
  return { calls, seen };
}

describe('listThenWatch (client-go reflector semantics)', () => {
  it('opens a watch the server ended again from the last version seen, without listing', async () => {
    const { calls, seen } = await follow([
      { events: [{ type: 'ADDED', object: object('b', '11') }, { type: 'MODIFIED', object: object('b', '12') }], then: 'end' },
      { events: [{ type: 'BOOKMARK', object: object('', '15') }], then: 'end' },
    ], 4);
    assert.deepEqual(calls, ['list', 'watch@10', 'watch@12', 'watch@15']);
    assert.deepEqual(seen, ['list 1', 'ADDED b@11', 'MODIFIED b@12']);
  });

  it('lists again after a watch fails (410 Gone)', async () => {
    const { calls } = await follow([{ events: [{ type: 'ADDED', object: object('b', '11') }], then: 'error' }], 4);
    assert.deepEqual(calls, ['list', 'watch@10', 'list', 'watch@20']);
  });

  it('treats a watch that ends at once without an event as a failure (no busy loop)', async () => {
    const { calls } = await follow([{ events: [], then: 'end' }], 4);
    assert.deepEqual(calls, ['list', 'watch@10', 'list', 'watch@20']);
  });

  it('backs off while the watch keeps failing after lists that work (500 ms, then 1 s, ...)', async () => {
    const { source, calls } = scripted(Array.from({ length: 10 }, () => ({ events: [], then: 'error' as const })));
    const abort = new AbortController();
    const running = listThenWatch(source, { signal: abort.signal, who: 'test', onList: () => undefined, onEvent: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    abort.abort();
    await running;
    // Lists at 0 and 0.5 s; the third waits until 1.5 s (a reset after each list would list at 1 s).
    assert.deepEqual(calls, ['list', 'watch@10', 'list', 'watch@20']);
  });
});
