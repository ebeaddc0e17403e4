// Watch bookmarks timed as upstream's cacher times them (1-conventions: watch bookmarks): a watch that allows
// bookmarks gets one 2 s before its timeout ends it, carrying the resourceVersion the cache reached through
// writes it does not see (another namespace), so that the client resumes from there; without
// allowWatchBookmarks none comes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from './support/cluster.js';

const env = useCluster();

test('a BOOKMARK comes 2 s before the watch times out, at a resourceVersion past writes the watch did not see', async () => {
  const list = (await env.client.request('GET', '/api/v1/namespaces/default/configmaps')).json() as { metadata: { resourceVersion: string } };
  const watch = (bookmarks: boolean) =>
    env.client.request('GET', `/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=4&resourceVersion=${list.metadata.resourceVersion}${bookmarks ? '&allowWatchBookmarks=true' : ''}`);
  const [withBookmarks, without] = [watch(true), watch(false)];
  await new Promise((resolve) => setTimeout(resolve, 300));
  const created = await env.client.request('POST', '/api/v1/namespaces/kube-system/configmaps', { body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'elsewhere' } }) });
  assert.equal(created.status, 201, created.body);
  const written = Number((created.json() as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
  const events = (await withBookmarks).body.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; object: { kind: string; metadata: { resourceVersion: string } } });
  // The controllers may still be writing the namespace's root CA ConfigMap: only the bookmarks are looked at.
  const bookmarks = events.filter((e) => e.type === 'BOOKMARK');
  assert.equal(bookmarks.length, 1, JSON.stringify(bookmarks));
  assert.equal(events.at(-1)?.type, 'BOOKMARK');
  assert.equal(bookmarks[0]?.object.kind, 'ConfigMap');
  assert.ok(Number(bookmarks[0]?.object.metadata.resourceVersion) >= written, JSON.stringify(bookmarks[0]));
  assert.doesNotMatch((await without).body, /"BOOKMARK"/);
});
