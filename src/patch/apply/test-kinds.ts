// A kind with every merge marker, for the apply engine's tests (not exported by index.ts).
import { K } from '../../schema/builder.js';
import { ConfigMapSchema } from '../../apis/core/v1/configmap.js';
import { applyTypeOf } from './apply-type.js';
import assert from 'node:assert/strict';
import type { KubeObject, ManagedFieldsEntry } from '../../apis/meta/v1/types.js';
import { StatusError } from '../../errors/status-error.js';
import { comparableView, runUpdate, setManagedFields, trackUpdate, type FieldManagerScope } from './field-manager.js';
import { emptyManaged } from './managed-fields.js';

const Port = K.Object(
  {
    containerPort: K.Int32(),
    name: K.Optional(K.String()),
    protocol: K.Optional(K.String({ default: 'TCP' })),
  },
  { $id: 'test.Port' },
);

const Container = K.Object(
  {
    args: K.Optional(K.List(K.String())),
    image: K.Optional(K.String()),
    name: K.String(),
    ports: K.Optional(K.ListMap(Port, ['containerPort', 'protocol'])),
  },
  { $id: 'test.Container' },
);

/** Every marker: list-map, set, atomic list, plain list, merge-strategy lists, atomic map, free form. */
export const TestWidget = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    kind: K.Optional(K.String()),
    metadata: K.Optional(
      K.Object(
        {
          annotations: K.Optional(K.Map(K.String())),
          finalizers: K.Optional(K.List(K.String(), { 'x-kubernetes-patch-strategy': 'merge' })),
          labels: K.Optional(K.Map(K.String())),
          managedFields: K.Optional(K.List(K.Any())),
          name: K.Optional(K.String()),
          namespace: K.Optional(K.String()),
          uid: K.Optional(K.String()),
        },
        { $id: 'test.ObjectMeta' },
      ),
    ),
    spec: K.Optional(
      K.Object(
        {
          containers: K.Optional(K.ListMap(Container, ['name'])),
          hosts: K.Optional(K.SetList(K.String())),
          tolerations: K.Optional(K.AtomicList(K.String())),
          command: K.Optional(K.List(K.String())),
          volumes: K.Optional(K.List(K.Object({ name: K.String(), path: K.Optional(K.String()) }, { $id: 'test.Volume' }), { 'x-kubernetes-patch-strategy': 'merge', 'x-kubernetes-patch-merge-key': 'name' })),
          selector: K.Optional(K.Object({ app: K.Optional(K.String()), tier: K.Optional(K.String()) }, { $id: 'test.Selector', 'x-kubernetes-map-type': 'atomic' })),
          replicas: K.Optional(K.Int32()),
          extra: K.Optional(K.Any()),
          nodes: K.Optional(K.Map(K.Object({ zone: K.Optional(K.String()), size: K.Optional(K.Int32()) }, { $id: 'test.Node' }))),
        },
        { $id: 'test.WidgetSpec' },
      ),
    ),
    status: K.Optional(K.Object({ phase: K.Optional(K.String()) }, { $id: 'test.WidgetStatus' })),
  },
  { $id: 'test.Widget' },
);

/** The merge type of TestWidget. */
export const WIDGET = applyTypeOf(TestWidget);

/** The merge type of the real ConfigMap. */
export const CONFIG_MAP = applyTypeOf(ConfigMapSchema);

/** A field manager scope for tests, at a fixed time unless given. */
export function testScope(type = CONFIG_MAP, now = new Date('2024-05-01T10:00:00Z'), extra: Partial<FieldManagerScope> = {}): FieldManagerScope {
  return { type, apiVersion: 'v1', subresource: '', now, ...extra };
}

// Shared fixture of the field-manager tests: a ConfigMap, its creation by a manager, its entries.
export const T0 = new Date('2024-05-01T10:00:00Z');
export const T1 = new Date('2024-05-01T11:00:00Z');

export const cm = (data: Record<string, string>, extra: Partial<KubeObject['metadata']> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cm', namespace: 'default', ...extra },
  data,
});

/** A stored object: what the store adds on create. */
export function created(obj: KubeObject, manager: string, now = T0): KubeObject {
  trackUpdate(testScope(CONFIG_MAP, now), undefined, obj, manager);
  obj.metadata.uid = 'uid-1';
  obj.metadata.creationTimestamp = '2024-05-01T10:00:00Z';
  return obj;
}

export const entries = (obj: KubeObject): ManagedFieldsEntry[] => obj.metadata.managedFields ?? [];

/** The StatusError `fn` throws. */
export function statusOf(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StatusError) return error;
    throw error;
  }
  assert.fail('expected a StatusError');
}

/**
 * A create of `obj` as the field manager records it (a copy), and as the generic path (runUpdate from
 * no ownership) would: the two must be the same bytes. Only for objects without valid managedFields.
 */
export function createdBothWays(scope: FieldManagerScope, obj: KubeObject, manager: string): { fast: KubeObject; generic: KubeObject } {
  const fast = structuredClone(obj);
  trackUpdate(scope, undefined, fast, manager);
  const generic = structuredClone(obj);
  try {
    setManagedFields(generic, runUpdate(scope, comparableView(undefined, scope.type, scope.zero), comparableView(generic, scope.type), emptyManaged(), manager));
  } catch {
    delete generic.metadata.managedFields;
  }
  return { fast, generic };
}

/** Asserts that both ways give the same object, key order included; the fast path's entries. */
export function assertSameCreate(scope: FieldManagerScope, obj: KubeObject, manager = 'm'): ManagedFieldsEntry[] | undefined {
  const { fast, generic } = createdBothWays(scope, obj, manager);
  assert.deepEqual(fast, generic);
  assert.equal(JSON.stringify(fast), JSON.stringify(generic));
  return fast.metadata.managedFields;
}
