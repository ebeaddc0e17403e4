// The create fast path of the field manager (created-fields.ts) on the shapes it must get exactly as
// the generic comparison does: every case is checked against runUpdate's result, key order included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { podDefinition } from '../../apis/core/v1/pod/pod.js';
import { defaultPod } from '../../apis/core/v1/pod/defaults.js';
import { podFixture } from '../../apis/core/v1/pod/testdata.js';
import { fieldManagerScope } from '../../registry/store/managed-fields.js';
import { trackUpdate } from './field-manager.js';
import { setOf } from './field-set.js';
import { fieldElement } from './path-element.js';
import { WIDGET, assertSameCreate, testScope } from './test-kinds.js';

const widget = (spec: unknown, meta: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'test/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'ns', ...meta }, spec, ...extra }) as KubeObject;
const scope = testScope(WIDGET);
const withStatusReset = testScope(WIDGET, undefined, { ignored: setOf([fieldElement('status')]) });

/** The FieldsV1 of the only entry (both ways), or undefined when no entry is written. */
function fieldsOf(obj: KubeObject, s = scope, manager = 'm'): unknown {
  const entries = assertSameCreate(s, obj, manager);
  if (entries === undefined) return undefined;
  assert.equal(entries.length, 1);
  return entries[0]?.fieldsV1;
}

const cases: { name: string; obj: KubeObject; want: unknown; s?: typeof scope }[] = [
  { name: 'name and namespace only: no entry', obj: widget(undefined), want: undefined },
  { name: 'empty spec: no entry', obj: widget({}), want: undefined },
  { name: 'null spec is the empty struct', obj: widget(null), want: undefined },
  {
    name: 'empty maps and lists are leaves',
    obj: widget({ containers: [], hosts: [], tolerations: [], nodes: {}, selector: {}, extra: {} }, { labels: {} }),
    want: { 'f:metadata': { 'f:labels': {} }, 'f:spec': { 'f:containers': {}, 'f:extra': {}, 'f:hosts': {}, 'f:nodes': {}, 'f:selector': {}, 'f:tolerations': {} } },
  },
  {
    name: 'null values are leaves',
    obj: widget({ containers: null, replicas: null, nodes: null, extra: null }, { labels: null, annotations: { a: null } }),
    want: { 'f:metadata': { 'f:annotations': { '.': {}, 'f:a': {} }, 'f:labels': {} }, 'f:spec': { 'f:containers': {}, 'f:extra': {}, 'f:nodes': {}, 'f:replicas': {} } },
  },
  {
    name: 'list-map items, keys with defaults, set items, atomic lists and maps',
    obj: widget({
      containers: [
        { name: 'b', image: 'i', ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }] },
        { name: 'a', args: ['x'] },
      ],
      hosts: ['z', 'a', 1, true],
      tolerations: ['t'],
      selector: { app: 'x' },
      volumes: [{ name: 'v' }],
    }),
    want: {
      'f:spec': {
        'f:containers': {
          '.': {},
          'k:{"name":"a"}': { '.': {}, 'f:args': {}, 'f:name': {} },
          'k:{"name":"b"}': {
            '.': {},
            'f:image': {},
            'f:name': {},
            'f:ports': {
              '.': {},
              'k:{"containerPort":53,"protocol":"UDP"}': { '.': {}, 'f:containerPort': {}, 'f:protocol': {} },
              'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
            },
          },
        },
        'f:hosts': { '.': {}, 'v:1': {}, 'v:"a"': {}, 'v:"z"': {}, 'v:true': {} },
        'f:selector': {},
        'f:tolerations': {},
        'f:volumes': { '.': {}, 'k:{"name":"v"}': { '.': {}, 'f:name': {} } },
      },
    },
  },
  { name: 'duplicate keys in a list-map: no managedFields', obj: widget({ containers: [{ name: 'a' }, { name: 'a', image: 'i' }] }), want: undefined },
  { name: 'duplicate set items: no managedFields', obj: widget({ hosts: ['a', 'a'] }), want: undefined },
  { name: 'an item without its key field: no managedFields', obj: widget({ containers: [{ image: 'i' }] }), want: undefined },
  { name: 'a null list-map item: no managedFields', obj: widget({ containers: [null] }), want: undefined },
  { name: 'an object in a set: no managedFields', obj: widget({ hosts: [{ a: 1 }] }), want: undefined },
  {
    name: 'free-form values are kept whole: maps granular, lists atomic',
    obj: widget({ extra: { b: { c: 1, d: [1, { e: 2 }] }, a: [], z: {} } }),
    want: { 'f:spec': { 'f:extra': { '.': {}, 'f:a': {}, 'f:b': { '.': {}, 'f:c': {}, 'f:d': {} }, 'f:z': {} } } },
  },
  {
    name: 'fields the schema does not declare are tracked as free-form',
    obj: widget({ unknown: { x: 1 } }, {}, { other: 'x', more: { y: [1] } }),
    want: { 'f:more': { '.': {}, 'f:y': {} }, 'f:other': {}, 'f:spec': { 'f:unknown': { '.': {}, 'f:x': {} } } },
  },
  {
    name: 'map keys in Go string order (astral after U+E000)',
    obj: widget({ nodes: { '😀': {}, '\ue000': { zone: 'z' }, b: {}, B: {}, 'a.b': {} } }),
    want: { 'f:spec': { 'f:nodes': { '.': {}, 'f:B': {}, 'f:a.b': {}, 'f:b': {}, 'f:\ue000': { '.': {}, 'f:zone': {} }, 'f:😀': {} } } },
  },
  {
    name: 'status is reset: not owned',
    obj: widget({ replicas: 1 }, {}, { status: { phase: 'x' } }),
    want: { 'f:spec': { 'f:replicas': {} } },
    s: withStatusReset,
  },
  { name: 'status alone when reset: no entry', obj: widget(undefined, {}, { status: { phase: 'x' } }), want: undefined, s: withStatusReset },
  {
    name: 'status owned where not reset, a non-object status is a leaf',
    obj: widget(undefined, {}, { status: 'x' }),
    want: { 'f:status': {} },
  },
  {
    name: 'system metadata is never owned, the rest of metadata is',
    obj: widget(undefined, { uid: 'u', labels: { a: 'b' }, finalizers: ['f'], generateName: 'g' }),
    want: { 'f:metadata': { 'f:finalizers': { '.': {}, 'v:"f"': {} }, 'f:generateName': {}, 'f:labels': { '.': {}, 'f:a': {} } } },
  },
  {
    name: 'undefined values are absent',
    obj: widget({ replicas: undefined, extra: { a: undefined }, nodes: { n: { zone: undefined } } }, { labels: undefined }),
    want: { 'f:spec': { 'f:extra': {}, 'f:nodes': { '.': {}, 'f:n': {} } } },
  },
];

for (const c of cases) {
  test(`create fast path: ${c.name}`, () => {
    assert.deepEqual(fieldsOf(c.obj, c.s ?? scope), c.want);
  });
}

test('create fast path: managedFields the client sent', () => {
  const base = widget({ replicas: 1 });
  // A reset, an empty list, garbage: the writer owns what it created, at the place the client used.
  for (const sent of [[{}], [], 'garbage']) {
    const entries = assertSameCreate(scope, { ...base, metadata: { managedFields: sent, ...base.metadata } } as KubeObject);
    assert.deepEqual(entries?.[0]?.fieldsV1, { 'f:spec': { 'f:replicas': {} } });
  }
  // Valid entries from the client are kept (the generic path, not the fast one).
  const sent = [{ manager: 'other', operation: 'Update' as const, apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:hosts': {} } } }];
  const obj = { ...base, metadata: { ...base.metadata, managedFields: sent } } as KubeObject;
  trackUpdate(scope, undefined, obj, 'm');
  assert.deepEqual(
    obj.metadata.managedFields?.map((e) => [e.manager, e.fieldsV1]),
    [
      ['other', { 'f:spec': { 'f:hosts': {} } }],
      ['m', { 'f:spec': { 'f:replicas': {} } }],
    ],
  );
});

test('create fast path: the entry as upstream writes it, manager names and subresource included', () => {
  for (const manager of ['', 'kubectl', 'a"b<c', 'ü']) {
    const [entry] = assertSameCreate(testScope(WIDGET, new Date('2024-05-01T10:00:00.700Z'), { subresource: 'status', apiVersion: 'test/v1' }), widget({ replicas: 1 }), manager) ?? [];
    assert.deepEqual(Object.keys(entry ?? {}), ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource']);
    assert.equal(entry?.manager, manager || 'unknown');
    assert.equal(entry?.time, '2024-05-01T10:00:00Z');
  }
});

test('create fast path: the defaulted fixture pod, status reset', () => {
  const pod = podFixture() as KubeObject;
  defaultPod(pod as Parameters<typeof defaultPod>[0]);
  pod['status'] = { phase: 'Pending' };
  const fields = fieldsOf(pod, fieldManagerScope(podDefinition, '', new Date()), 'kubectl') as Record<string, unknown>;
  assert.deepEqual(Object.keys(fields), ['f:metadata', 'f:spec']);
});
