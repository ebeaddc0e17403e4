import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { cachedObjectOf, withRevision } from './cached-object.js';

const sample = (): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'c', managedFields: [{ manager: 'm', fieldsV1: { 'f:data': { 'f:a': {}, 'f:b': {} } } }], finalizers: [] },
  data: { a: '1' },
});

describe('cachedObjectOf', () => {
  it('stamps the revision, deep-freezes, and serializes once', () => {
    const cached = cachedObjectOf('/r/c', 42, sample());
    assert.equal(cached.object.metadata.resourceVersion, '42');
    assert.equal(cached.json, JSON.stringify(cached.object));
    const fields = cached.object.metadata.managedFields?.[0]?.fieldsV1 as Record<string, Record<string, object>>;
    assert.ok(Object.isFrozen(cached.object) && Object.isFrozen(fields) && Object.isFrozen(fields['f:data']));
    // Empty objects are shared, frozen instances.
    assert.equal(fields['f:data']?.['f:a'], fields['f:data']?.['f:b']);
    assert.throws(() => {
      (cached.object.data as Record<string, string>)['a'] = '2';
    }, TypeError);
    assert.deepEqual(JSON.parse(cached.json), { ...sample(), metadata: { ...sample().metadata, resourceVersion: '42' } });
  });

  it('creates metadata when missing', () => {
    const cached = cachedObjectOf('/r/x', 7, { metadata: undefined as unknown as KubeObject['metadata'] });
    assert.equal(cached.object.metadata.resourceVersion, '7');
  });

  it('withRevision restamps a copy and leaves the original alone', () => {
    const cached = cachedObjectOf('/r/c', 42, sample());
    assert.equal(withRevision(cached, 42), cached);
    const later = withRevision(cached, 50);
    assert.equal(later.object.metadata.resourceVersion, '50');
    assert.equal(later.revision, 50);
    assert.equal(cached.object.metadata.resourceVersion, '42');
    assert.ok(Object.isFrozen(later.object));
  });
});
