import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { applyDefaults, hasDefaults } from './defaults.js';
import { K } from './builder.js';
import { TestConfigMap, TestPod } from './test-schemas.js';

describe('applyDefaults', () => {
  it('fills absent fields in present objects and list items, not absent parents', () => {
    const pod = { spec: { containers: [{ name: 'a', ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }] }] } };
    applyDefaults(TestPod, pod);
    assert.deepEqual(pod, {
      spec: { containers: [{ name: 'a', ports: [{ containerPort: 80, protocol: 'TCP' }, { containerPort: 53, protocol: 'UDP' }] }], restartPolicy: 'Always' },
    });
    const bare = {};
    applyDefaults(TestPod, bare);
    assert.deepEqual(bare, {});
  });

  it('recurses into defaults it just set, and copies them', () => {
    const Inner = K.Object({ mode: K.Optional(K.String({ default: 'auto' })) });
    const Outer = K.Object({ inner: K.Optional(K.Object({ deep: K.Optional(Inner) }, { default: { deep: {} } })) });
    const a: Record<string, unknown> = {};
    const b: Record<string, unknown> = {};
    applyDefaults(Outer, a);
    applyDefaults(Outer, b);
    assert.deepEqual(a, { inner: { deep: { mode: 'auto' } } });
    assert.notEqual(a['inner'], b['inner']);
  });

  it('walks map values and recursive schemas', () => {
    const Node = Type.Recursive(
      (Self) => Type.Object({ children: Type.Optional(Type.Record(Type.String(), Self)), color: Type.Optional(Type.String({ default: 'red' })) }),
      { $id: 'Node' },
    );
    const tree = { children: { a: { children: { b: {} } } } };
    applyDefaults(Node, tree);
    assert.deepEqual(tree, { children: { a: { children: { b: { color: 'red' } }, color: 'red' } }, color: 'red' });
  });

  it('reports whether a schema has defaults at all', () => {
    assert.equal(hasDefaults(TestPod), true);
    assert.equal(hasDefaults(TestConfigMap), false);
  });
});
