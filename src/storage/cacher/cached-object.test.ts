import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { cachedObjectOf, cachedObjectOfSummary, withRevision } from './cached-object.js';

const sample = (): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'c', namespace: 'ns', labels: { app: 'web' }, managedFields: [{ manager: 'm', fieldsV1: { 'f:data': { 'f:a': {}, 'f:b': {} } } }], finalizers: [] },
  data: { a: '1' },
});

describe('cachedObjectOf', () => {
  it('stamps the revision, serializes once, and keeps what selectors read beside the JSON', () => {
    const cached = cachedObjectOf('/r/c', 42, sample());
    assert.deepEqual(JSON.parse(cached.json), { ...sample(), metadata: { ...sample().metadata, resourceVersion: '42' } });
    assert.deepEqual([cached.name, cached.namespace, cached.labels], ['c', 'ns', { app: 'web' }]);
    assert.ok(Object.isFrozen(cached.labels));
  });

  it('decodes a private copy of the object at every access', () => {
    const cached = cachedObjectOf('/r/c', 42, sample());
    const copy = cached.object;
    assert.equal(copy.metadata.resourceVersion, '42');
    assert.notEqual(cached.object, copy);
    (copy.data as Record<string, string>)['a'] = 'changed';
    assert.equal((cached.object.data as Record<string, string>)['a'], '1');
  });

  it('creates metadata when missing; objects without labels have none', () => {
    const cached = cachedObjectOf('/r/x', 7, { metadata: undefined as unknown as KubeObject['metadata'] });
    assert.equal(cached.object.metadata.resourceVersion, '7');
    assert.equal(cached.labels, undefined);
    assert.equal(cached.name, 'x'); // the key's last segment
  });

  it('shares one frozen label set between objects with equal labels', () => {
    const a = cachedObjectOf('/r/a', 1, { ...sample(), metadata: { name: 'a', labels: { app: 'web', tier: 'x' } } });
    const b = cachedObjectOf('/r/b', 2, { ...sample(), metadata: { name: 'b', labels: { app: 'web', tier: 'x' } } });
    const c = cachedObjectOf('/r/c', 3, { ...sample(), metadata: { name: 'c', labels: { app: 'web', tier: 'y' } } });
    assert.equal(a.labels, b.labels);
    assert.notEqual(a.labels, c.labels);
    assert.deepEqual(c.labels, { app: 'web', tier: 'y' });
  });

  it('withRevision restamps a copy and leaves the original alone', () => {
    const cached = cachedObjectOf('/r/c', 42, sample());
    assert.equal(withRevision(cached, 42), cached);
    const later = withRevision(cached, 50);
    assert.equal(later.object.metadata.resourceVersion, '50');
    assert.equal(later.revision, 50);
    assert.equal(cached.object.metadata.resourceVersion, '42');
  });

  it('withRevision splices the revision into an object the cache summarized, and moves the end of its metadata', () => {
    const { apiVersion, kind, metadata, ...rest } = sample();
    const stored = { apiVersion, kind, metadata: { resourceVersion: '99', ...metadata }, ...rest };
    const json = JSON.stringify(stored);
    const metadataEnd = json.indexOf('"metadata":') + '"metadata":'.length + JSON.stringify(stored.metadata).length - 1;
    const cached = cachedObjectOfSummary('/r/c', 99, { namespace: 'ns', labels: { app: 'web' }, json, metadataEnd });
    const later = withRevision(cached, 100);
    // What decoding and encoding again gives, without doing it.
    assert.equal(later.json, cachedObjectOf('/r/c', 100, cached.object).json);
    assert.equal(later.json.charAt(later.metadataEnd ?? -1), '}');
    assert.equal(JSON.stringify(later.object.metadata).length, (later.metadataEnd ?? 0) - later.json.indexOf('"metadata":') - '"metadata":'.length + 1);
    assert.deepEqual([later.revision, later.namespace, later.labels, later.name], [100, 'ns', cached.labels, 'c']);
    assert.equal(cached.object.metadata.resourceVersion, '99');
  });
});
