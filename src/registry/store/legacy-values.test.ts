// Values stored before kplane wrote Go's scalar zeros (a StatefulSet without `serviceName`, a PriorityClass
// without `value`): an update compares them with its decoded body as upstream compares typed objects, so the
// immutable field neither side set is not a change.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { statefulSetDefinition } from '../../apis/apps/v1/index.js';
import { priorityClassDefinition } from '../../apis/scheduling/v1/priorityclass.js';
import { admissionChain } from '../../admission/chain.js';
import { createMemoryBackend } from '../../storage/memory/index.js';
import { Cacher } from '../../storage/cacher/index.js';
import { decodeObject as decodeTyped } from '../../schema/decode.js';
import { keyScheme } from '../keys.js';
import type { ResourceDefinition } from '../resource-definition.js';
import { parseStored, storedJsonWithRevision } from './codec.js';
import { createStore } from './store.js';

const backend = createMemoryBackend();
after(() => backend.close());

/** A store of `def` whose key `name` holds `stored` as an older kplane wrote it (no decode on the way in). */
async function storeWithLegacyValue(def: ResourceDefinition, namespace: string, name: string, stored: KubeObject) {
  const keys = keyScheme('/registry', def.resource, def.namespaced);
  const cacher = new Cacher({ backend, prefix: keys.resourcePrefix, decode: parseStored, json: storedJsonWithRevision });
  await backend.create(keys.objectKey(namespace, name), JSON.stringify(stored));
  return createStore(def, { storage: { backend, keys, cacher }, admission: admissionChain([]) });
}

/** The body a client sends: decoded as the create and update handlers decode it. */
const decoded = (def: ResourceDefinition, body: KubeObject): KubeObject =>
  decodeTyped(def.schema, body, { kind: def.kind, version: def.version, fieldValidation: 'Strict' }).object as KubeObject;

const META = { uid: '0b9e4d2c-5f0c-4a57-9b1e-0c3c3c3c3c3c', creationTimestamp: '2026-01-02T03:04:05Z' };

describe('an update of a value stored without its scalar zeros', () => {
  test('a StatefulSet without serviceName takes a new replica count (its spec is otherwise immutable)', async () => {
    const def = statefulSetDefinition as unknown as ResourceDefinition;
    const template = { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:15' }] } };
    const legacy = decoded(def, { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'ns', ...META }, spec: { replicas: 1, selector: { matchLabels: { app: 'db' } }, template } } as KubeObject);
    delete (legacy.spec as Record<string, unknown>)['serviceName']; // as kplane stored it before
    def.defaults?.(legacy);
    const store = await storeWithLegacyValue(def, 'ns', 'db', legacy);
    const body = decoded(def, { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'ns' }, spec: { replicas: 3, selector: { matchLabels: { app: 'db' } }, template } } as KubeObject);
    const { object } = await store.update('ns', 'db', () => body, { dryRun: false });
    assert.equal((object.spec as { replicas: number }).replicas, 3);
    assert.equal((object.spec as { serviceName: string }).serviceName, '');
  });

  test('a StatefulSet without serviceName is scaled: the update edits the stored object, as the scale subresource does', async () => {
    const def = statefulSetDefinition as unknown as ResourceDefinition;
    const template = { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:15' }] } };
    const legacy = decoded(def, { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'scaled', namespace: 'ns', ...META }, spec: { replicas: 1, selector: { matchLabels: { app: 'db' } }, template } } as KubeObject);
    delete (legacy.spec as Record<string, unknown>)['serviceName'];
    def.defaults?.(legacy);
    const store = await storeWithLegacyValue(def, 'ns', 'scaled', legacy);
    const scale = (current: KubeObject | undefined): KubeObject => {
      const next = structuredClone(current) as KubeObject;
      (next.spec as { replicas: number }).replicas = 5;
      return next;
    };
    const { object } = await store.update('ns', 'scaled', scale, { dryRun: false });
    assert.equal((object.spec as { replicas: number }).replicas, 5);
  });

  test('a PriorityClass without value takes a new label (value is immutable)', async () => {
    const def = priorityClassDefinition as unknown as ResourceDefinition;
    const legacy = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'low', ...META }, preemptionPolicy: 'PreemptLowerPriority' } as KubeObject;
    const store = await storeWithLegacyValue(def, '', 'low', legacy);
    const body = decoded(def, { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'low', labels: { tier: 'batch' } }, preemptionPolicy: 'PreemptLowerPriority' } as KubeObject);
    const { object } = await store.update('', 'low', () => body, { dryRun: false });
    assert.deepEqual(object.metadata.labels, { tier: 'batch' });
    assert.equal((object as KubeObject & { value: number }).value, 0);
  });
});
