import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { createMemoryBackend } from '../../storage/memory/index.js';
import { Cacher } from '../../storage/cacher/index.js';
import { keyScheme } from '../keys.js';
import { parseStored, storedJsonWithRevision } from './codec.js';
import { watchItems } from './watch.js';

test('an event that fails to convert ends the watch after the events ready before it, which are delivered', async () => {
  const backend = createMemoryBackend();
  const keys = keyScheme('/registry', 'configmaps', true);
  const cacher = new Cacher({ backend, prefix: keys.resourcePrefix, decode: parseStored, json: storedJsonWithRevision });
  const storage = { backend, keys, cacher };
  cacher.start();
  try {
    const put = (name: string) => backend.create(keys.objectKey('ns', name), JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' } }));
    await Promise.all(['a', 'b', 'bad', 'c'].map(put));
    await cacher.waitUntilFresh(await backend.currentRevision());
    const view = (obj: Readonly<KubeObject>): KubeObject => {
      if (obj.metadata.name === 'bad') throw new Error('cannot convert');
      return { ...obj } as KubeObject;
    };
    const signal = new AbortController().signal;
    const names: string[] = [];
    let failure: unknown;
    try {
      // resourceVersion 0: the synthetic ADDED events of what the cache holds, all ready at once.
      for await (const batch of watchItems(storage, keys.collectionPrefix('ns'), '0', undefined, { bookmarks: false, signal, view, viewName: 'v1', groupResource: { group: '', resource: 'configmaps' } })) {
        for (const event of batch) if (event.type !== 'BOOKMARK') names.push(event.item.object.metadata.name ?? '');
      }
    } catch (error) {
      failure = error;
    }
    assert.deepEqual(names, ['a', 'b']);
    assert.equal((failure as Error).message, 'cannot convert');
  } finally {
    cacher.stop();
    await backend.close();
  }
});
