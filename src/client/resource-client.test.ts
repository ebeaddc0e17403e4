import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { ResourceClient } from './resource-client.js';
import type { Transport } from './transport.js';

const pods = { group: '', version: 'v1', resource: 'pods', kind: 'Pod', namespaced: true };

/** A transport that records what it is asked and answers an empty list, or a watch of one event. */
function recording() {
  const asked: Array<{ path: string; accept: string | undefined }> = [];
  const transport: Transport = {
    async request(_method, path, options = {}) {
      asked.push({ path, accept: options.accept });
      return { status: 200, body: '{"metadata":{"resourceVersion":"5"},"items":[]}' };
    },
    async stream(path, _signal, accept) {
      asked.push({ path, accept });
      return { status: 200, body: Readable.from([Buffer.from('{"type":"ADDED","object":{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"a"}}}\n')]) };
    },
    close: () => undefined,
  };
  return { transport, asked };
}

test('a metadata-only list and watch ask for PartialObjectMetadata as client-go\'s metadata client does; others for the objects', async () => {
  const { transport, asked } = recording();
  const client = new ResourceClient(transport, pods);
  await client.list('ns', { metadataOnly: true });
  await client.list('ns');
  const events = [];
  for await (const batch of client.watch('', { resourceVersion: '5', metadataOnly: true, signal: new AbortController().signal })) events.push(...batch);
  assert.deepEqual(asked, [
    { path: '/api/v1/namespaces/ns/pods', accept: 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json' },
    { path: '/api/v1/namespaces/ns/pods', accept: undefined },
    { path: '/api/v1/pods?resourceVersion=5&watch=1&allowWatchBookmarks=true', accept: 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json' },
  ]);
  assert.equal(events.length, 1);
});
