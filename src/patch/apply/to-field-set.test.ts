import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApplyTypeError } from './apply-type.js';
import { setToFieldsV1 } from './fields-v1.js';
import { CONFIG_MAP, WIDGET } from './test-kinds.js';
import { toFieldSet } from './to-field-set.js';

const fields = (value: unknown, type = WIDGET): unknown => setToFieldsV1(toFieldSet(value, type));

test('to field set: one case per merge marker', () => {
  const cases: [string, unknown, unknown][] = [
    // map[string]string: each key is tracked, the map itself is not (it is a declared struct field).
    ['map keys', { metadata: { labels: { a: '1' } } }, { 'f:metadata': { 'f:labels': { 'f:a': {} } } }],
    ['struct scalar', { spec: { replicas: 2 } }, { 'f:spec': { 'f:replicas': {} } }],
    // list-map items are tracked with their key and their fields.
    [
      'list map',
      { spec: { containers: [{ name: 'c', image: 'i' }] } },
      { 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } },
    ],
    // Multi-key list map, a missing key field taken from its schema default.
    [
      'list map with defaulted key',
      { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }] }] } },
      { 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:name': {}, 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } } } } } },
    ],
    ['set', { spec: { hosts: ['b', 'a'] } }, { 'f:spec': { 'f:hosts': { 'v:"a"': {}, 'v:"b"': {} } } }],
    ['merge strategy without list type and key: a set', { metadata: { finalizers: ['x'] } }, { 'f:metadata': { 'f:finalizers': { 'v:"x"': {} } } }],
    [
      'merge strategy with a merge key: a list map',
      { spec: { volumes: [{ name: 'v', path: '/p' }] } },
      { 'f:spec': { 'f:volumes': { 'k:{"name":"v"}': { '.': {}, 'f:name': {}, 'f:path': {} } } } },
    ],
    ['atomic list', { spec: { tolerations: ['a', 'b'] } }, { 'f:spec': { 'f:tolerations': {} } }],
    ['list without markers is atomic', { spec: { command: ['sh'] } }, { 'f:spec': { 'f:command': {} } }],
    ['atomic map', { spec: { selector: { app: 'x' } } }, { 'f:spec': { 'f:selector': {} } }],
    // Free-form: maps granular (keys tracked themselves), lists atomic.
    ['free form', { spec: { extra: { a: { b: 1 }, l: [1, 2] } } }, { 'f:spec': { 'f:extra': { 'f:a': { '.': {}, 'f:b': {} }, 'f:l': {} } } }],
    ['map of structs', { spec: { nodes: { n1: { zone: 'z' } } } }, { 'f:spec': { 'f:nodes': { 'f:n1': { '.': {}, 'f:zone': {} } } } }],
    // A null or an empty map is owned as a leaf (structured-merge-diff since kubernetes#92913): applying an
    // empty podSelector claims it.
    ['empty struct', { spec: {} }, { 'f:spec': {} }],
    ['empty map', { metadata: { labels: {} } }, { 'f:metadata': { 'f:labels': {} } }],
    ['null map', { metadata: { annotations: null } }, { 'f:metadata': { 'f:annotations': {} } }],
    ['null field', { spec: { replicas: null } }, { 'f:spec': { 'f:replicas': {} } }],
  ];
  for (const [name, value, expected] of cases) assert.deepEqual(fields(value), expected, name);
});

test('to field set: the real ConfigMap', () => {
  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { app: 'a' } }, data: { k: 'v' }, immutable: true };
  assert.deepEqual(fields(cm, CONFIG_MAP), {
    'f:apiVersion': {},
    'f:data': { 'f:k': {} },
    'f:immutable': {},
    'f:kind': {},
    'f:metadata': { 'f:labels': { 'f:app': {} }, 'f:name': {} },
  });
});

test('to field set: items that cannot be named are errors', () => {
  assert.throws(() => toFieldSet({ spec: { containers: [{ image: 'x' }] } }, WIDGET), /omits key field "name"/);
  assert.throws(() => toFieldSet({ spec: { containers: [{ name: 'a' }, { name: 'a' }] } }, WIDGET), /duplicate entries for key \[name="a"\]/);
  assert.throws(() => toFieldSet({ spec: { hosts: [{ a: 1 }] } }, WIDGET), ApplyTypeError);
});
