// The field numbers on the kinds' schemas against upstream's generated.proto files (k8s.io/api
// core/v1 and events/v1, k8s.io/apimachinery meta/v1), one definition per row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TSchema } from '@sinclair/typebox';
import { asSchema, schemaIndex, type JsonSchema } from '../schema-utils.js';
import { ConfigMapSchema } from '../../apis/core/v1/configmap.js';
import { CoreEventSchema } from '../../apis/core/v1/event.js';
import { NamespaceSchema } from '../../apis/core/v1/namespace.js';
import { SecretSchema } from '../../apis/core/v1/secret.js';
import { EventsV1EventSchema } from '../../apis/events/v1/event.js';
import { ListMetaSchema, listSchema } from '../../apis/meta/v1/object-meta.js';
import { fieldNumberOf, protobufField, PROTOBUF_FIELD } from './field-number.js';
import { supportsProtobuf } from './message-plan.js';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const CORE = 'io.k8s.api.core.v1';
const EVENTS = 'io.k8s.api.events.v1';

const UPSTREAM: Record<string, Record<string, number>> = {
  [`${META}.ObjectMeta`]: {
    name: 1, generateName: 2, namespace: 3, selfLink: 4, uid: 5, resourceVersion: 6, generation: 7, creationTimestamp: 8,
    deletionTimestamp: 9, deletionGracePeriodSeconds: 10, labels: 11, annotations: 12, ownerReferences: 13, finalizers: 14, managedFields: 17,
  },
  [`${META}.ListMeta`]: { selfLink: 1, resourceVersion: 2, continue: 3, remainingItemCount: 4 },
  [`${META}.OwnerReference`]: { kind: 1, name: 3, uid: 4, apiVersion: 5, controller: 6, blockOwnerDeletion: 7 },
  [`${META}.ManagedFieldsEntry`]: { manager: 1, operation: 2, apiVersion: 3, time: 4, fieldsType: 6, fieldsV1: 7, subresource: 8 },
  [`${CORE}.Namespace`]: { metadata: 1, spec: 2, status: 3 },
  [`${CORE}.NamespaceSpec`]: { finalizers: 1 },
  [`${CORE}.NamespaceStatus`]: { phase: 1, conditions: 2 },
  [`${CORE}.NamespaceCondition`]: { type: 1, status: 2, lastTransitionTime: 4, reason: 5, message: 6 },
  [`${CORE}.ConfigMap`]: { metadata: 1, data: 2, binaryData: 3, immutable: 4 },
  [`${CORE}.Secret`]: { metadata: 1, data: 2, type: 3, stringData: 4, immutable: 5 },
  [`${CORE}.Event`]: {
    metadata: 1, involvedObject: 2, reason: 3, message: 4, source: 5, firstTimestamp: 6, lastTimestamp: 7, count: 8, type: 9,
    eventTime: 10, series: 11, action: 12, related: 13, reportingComponent: 14, reportingInstance: 15,
  },
  [`${CORE}.EventSeries`]: { count: 1, lastObservedTime: 2 },
  [`${CORE}.EventSource`]: { component: 1, host: 2 },
  [`${CORE}.ObjectReference`]: { kind: 1, namespace: 2, name: 3, uid: 4, apiVersion: 5, resourceVersion: 6, fieldPath: 7 },
  [`${EVENTS}.Event`]: {
    metadata: 1, eventTime: 2, series: 3, reportingController: 4, reportingInstance: 5, action: 6, reason: 7, regarding: 8, related: 9,
    note: 10, type: 11, deprecatedSource: 12, deprecatedFirstTimestamp: 13, deprecatedLastTimestamp: 14, deprecatedCount: 15,
  },
  [`${EVENTS}.EventSeries`]: { count: 1, lastObservedTime: 2 },
  [`${CORE}.ConfigMapList`]: { metadata: 1, items: 2 },
};

const KINDS: TSchema[] = [NamespaceSchema, ConfigMapSchema, SecretSchema, CoreEventSchema, EventsV1EventSchema];
/** The roots searched for definitions: the kinds and one list kind (for ListMeta). */
const ROOTS: TSchema[] = [...KINDS, listSchema(ConfigMapSchema, `${CORE}.ConfigMapList`)];

/** Every object definition reachable from the kinds, with the numbers on its properties. */
function ourNumbers(): Map<string, Record<string, number | undefined>> {
  const out = new Map<string, Record<string, number | undefined>>();
  for (const root of ROOTS) {
    for (const [id, schema] of schemaIndex(root as JsonSchema)) {
      const properties = asSchema(schema['properties']);
      if (!properties || out.has(id)) continue;
      const numbers: Record<string, number | undefined> = {};
      for (const [name, property] of Object.entries(properties)) numbers[name] = fieldNumberOf(property);
      out.set(id, numbers);
    }
  }
  return out;
}

test('every property of the kinds carries upstream field number (apiVersion and kind travel in the envelope)', () => {
  const ours = ourNumbers();
  for (const [id, expected] of Object.entries(UPSTREAM)) {
    const numbers = ours.get(id);
    assert.ok(numbers, `${id} is reachable from the kinds`);
    if (KINDS.some((k) => k.$id === id) || id.endsWith('List')) {
      const { apiVersion, kind, ...rest } = numbers;
      assert.equal(apiVersion, undefined, `${id}.apiVersion`);
      assert.equal(kind, undefined, `${id}.kind`);
      assert.deepEqual(rest, expected, id);
    } else assert.deepEqual(numbers, expected, id);
  }
  for (const id of ours.keys()) assert.ok(id in UPSTREAM, `${id} has a row in the upstream table`);
});

test('protobufField copies the named schema, leaving the shared one without a number', () => {
  const numbered = protobufField(5, ListMetaSchema);
  assert.equal(numbered[PROTOBUF_FIELD], 5);
  assert.equal(numbered.$id, ListMetaSchema.$id);
  assert.equal(PROTOBUF_FIELD in ListMetaSchema, false);
});

test('supportsProtobuf: kinds with numbers do, schemas without do not', () => {
  for (const kind of KINDS) assert.equal(supportsProtobuf(kind), true);
  assert.equal(supportsProtobuf({ type: 'object', properties: { spec: { type: 'object' } } }), false);
  assert.equal(supportsProtobuf({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true }), false);
});
