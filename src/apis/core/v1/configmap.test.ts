import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { configMapDefinition, validateConfigMap, validateConfigMapUpdate, type ConfigMap } from './configmap.js';

const meta = { name: 'settings', namespace: 'default', resourceVersion: '7' };
const cm = (fields: Partial<ConfigMap> = {}): ConfigMap => ({ metadata: { ...meta }, ...fields });
const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);

const CONFIG_KEY_MSG =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";
const MiB = 1024 * 1024;

test('validateConfigMap: table of cases with upstream messages', () => {
  const cases: [string, ConfigMap, string[]][] = [
    ['valid', cm({ data: { 'app.properties': 'a=b', KEY_1: 'x' }, binaryData: { 'blob.bin': 'AAEC' } }), []],
    ['bad key', cm({ data: { 'a b': 'x' } }), [`data[a b]: Invalid value: "a b": ${CONFIG_KEY_MSG}`]],
    ['dot-dot key', cm({ binaryData: { '..': 'AA==' } }), [`binaryData[..]: Invalid value: "..": must not be '..'`]],
    ['leading dot-dot', cm({ data: { '..x': '' } }), [`data[..x]: Invalid value: "..x": must not start with '..'`]],
    [
      'key in both maps',
      cm({ data: { k: 'v' }, binaryData: { k: 'AA==' } }),
      ['data[k]: Invalid value: "k": duplicate of key present in binaryData'],
    ],
    ['data over 1 MiB', cm({ data: { a: 'x'.repeat(MiB), b: 'y' } }), [': Too long: must have at most 1048576 bytes']],
    ['exactly 1 MiB', cm({ data: { a: 'x'.repeat(MiB - 2) }, binaryData: { b: 'AAA=' } }), []],
    ['binaryData counted decoded', cm({ binaryData: { b: Buffer.alloc(MiB + 1).toString('base64') } }), [': Too long: must have at most 1048576 bytes']],
    ['multi-byte characters count as bytes', cm({ data: { a: 'é'.repeat(MiB / 2 + 1) } }), [': Too long: must have at most 1048576 bytes']],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateConfigMap(obj)), want, name);
});

test('validateConfigMap checks metadata with DNS-subdomain names', () => {
  const errors = messages(validateConfigMap({ metadata: { name: 'Bad_Name', namespace: 'default' } }));
  assert.equal(errors.length, 1);
  assert.match(errors[0] ?? '', /^metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of/);
  assert.deepEqual(messages(validateConfigMap({ metadata: { name: 'a.b-c', namespace: 'default' } })), []);
});

test('validateConfigMapUpdate: the immutable rule', () => {
  const immutableMsg = 'Forbidden: field is immutable when `immutable` is set';
  const old = cm({ immutable: true, data: { a: '1' }, binaryData: { b: 'AA==' } });
  const cases: [string, ConfigMap, ConfigMap, string[]][] = [
    ['metadata-only change of an immutable map', old, cm({ immutable: true, data: { a: '1' }, binaryData: { b: 'AA==' }, metadata: { ...meta, labels: { x: 'y' } } }), []],
    ['unset immutable', old, cm({ data: { a: '1' }, binaryData: { b: 'AA==' } }), [`immutable: ${immutableMsg}`]],
    ['set immutable false', old, cm({ immutable: false, data: { a: '1' }, binaryData: { b: 'AA==' } }), [`immutable: ${immutableMsg}`]],
    ['change data', old, cm({ immutable: true, data: { a: '2' }, binaryData: { b: 'AA==' } }), [`data: ${immutableMsg}`]],
    ['add binaryData key', old, cm({ immutable: true, data: { a: '1' }, binaryData: { b: 'AA==', c: 'AA==' } }), [`binaryData: ${immutableMsg}`]],
    ['empty map equals absent', cm({ immutable: true }), cm({ immutable: true, data: {} }), []],
    ['mutable maps may change', cm({ data: { a: '1' } }), cm({ data: { a: '2' }, immutable: true }), []],
    ['immutable false may change to anything', cm({ immutable: false }), cm({ data: { z: 'z' } }), []],
  ];
  for (const [name, before, after, want] of cases) assert.deepEqual(messages(validateConfigMapUpdate(after, before)), want, name);
});

test('validateConfigMapUpdate also runs metadata update and create rules', () => {
  const errors = messages(validateConfigMapUpdate(cm({ metadata: { ...meta, resourceVersion: '' }, data: { 'a b': '' } }), cm()));
  assert.deepEqual(errors, ['metadata.resourceVersion: Invalid value: "": must be specified for an update', `data[a b]: Invalid value: "a b": ${CONFIG_KEY_MSG}`]);
});

test('ConfigMap definition: identity and table', () => {
  const def = configMapDefinition;
  assert.deepEqual([def.group, def.version, def.kind, def.listKind, def.resource, def.singular], ['', 'v1', 'ConfigMap', 'ConfigMapList', 'configmaps', 'configmap']);
  assert.deepEqual(def.shortNames, ['cm']);
  assert.equal(def.namespaced, true);
  assert.equal(def.verbs.length, 8);
  assert.equal(def.subresources, undefined);
  const columns = def.tableColumns ?? [];
  assert.deepEqual(columns.map((c) => [c.definition.name, c.definition.type, c.definition.format, c.definition.priority]), [
    ['Name', 'string', 'name', 0],
    ['Data', 'string', '', 0],
    ['Age', 'string', '', 0],
  ]);
  const now = new Date('2024-01-01T00:05:00Z');
  const obj = cm({ data: { a: '1', b: '2' }, binaryData: { c: 'AA==' }, metadata: { ...meta, creationTimestamp: '2024-01-01T00:00:00Z' } });
  assert.deepEqual(columns.map((c) => c.cell(obj, now)), ['settings', 3, '5m']);
});
