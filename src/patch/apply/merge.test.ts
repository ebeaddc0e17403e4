import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeObjects } from './merge.js';
import { CONFIG_MAP, WIDGET } from './test-kinds.js';

const hosts = (lhs: string[], rhs: string[]): unknown => (mergeObjects({ spec: { hosts: lhs } }, { spec: { hosts: rhs } }, WIDGET) as { spec: { hosts: unknown } }).spec.hosts;

test('merge: leaves from the configuration, granular maps key by key, atomic values whole', () => {
  const live = { metadata: { labels: { a: '1', b: '2' } }, spec: { replicas: 1, selector: { app: 'x', tier: 't' }, tolerations: ['a'] } };
  const config = { metadata: { labels: { b: '3', c: '4' } }, spec: { selector: { app: 'y' }, tolerations: ['b'] } };
  assert.deepEqual(mergeObjects(live, config, WIDGET), {
    metadata: { labels: { a: '1', b: '3', c: '4' } },
    spec: { tolerations: ['b'], selector: { app: 'y' }, replicas: 1 },
  });
});

test('merge: granular lists keep the live order and place the configuration items in its order (upstream shared order)', () => {
  assert.deepEqual(hosts(['a', 'b'], ['b', 'c']), ['a', 'b', 'c']);
  assert.deepEqual(hosts(['a', 'b'], ['b', 'a']), ['b', 'a']);
  assert.deepEqual(hosts(['a', 'b', 'c', 'd', 'e', 'f'], ['1', 'b', '2', 'h', 'c', 'e', 'i', 'j']), ['a', '1', 'b', '2', 'h', 'c', 'd', 'e', 'f', 'i', 'j']);
  assert.deepEqual(hosts([], ['x']), ['x']);
  const containers = mergeObjects(
    { spec: { containers: [{ name: 'a', image: '1', args: ['x'] }, { name: 'b', image: '2' }] } },
    { spec: { containers: [{ name: 'a', image: '3' }] } },
    WIDGET,
  );
  assert.deepEqual(containers, { spec: { containers: [{ args: ['x'], image: '3', name: 'a' }, { image: '2', name: 'b' }] } });
});

test('merge: objects come out in schema order, Go maps sorted', () => {
  const merged = mergeObjects({ metadata: { name: 'x' }, kind: 'ConfigMap', data: { z: '1' } }, { apiVersion: 'v1', data: { a: '2' } }, CONFIG_MAP);
  assert.equal(JSON.stringify(merged), '{"apiVersion":"v1","data":{"a":"2","z":"1"},"kind":"ConfigMap","metadata":{"name":"x"}}');
});

test('merge: the result never aliases the configuration', () => {
  const config = { spec: { selector: { app: 'y' } } };
  const merged = mergeObjects({}, config, WIDGET) as { spec: { selector: { app: string } } };
  merged.spec.selector.app = 'changed';
  assert.equal(config.spec.selector.app, 'y');
});
