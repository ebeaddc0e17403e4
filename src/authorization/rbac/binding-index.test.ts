import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InformerHandlers, ObjectIndex } from '../../client/informer.js';
import { BindingIndex, type Binding } from './binding-index.js';

/** A fixed set of bindings, as an informer would hand them over. */
function indexOf(bindings: Binding[]): BindingIndex<Binding> {
  const informer: ObjectIndex<Binding> = {
    get: () => undefined,
    addHandlers: (handlers: InformerHandlers<Binding>) => bindings.forEach((b) => handlers.onAdd?.(b)),
  };
  return new BindingIndex(informer);
}

const binding = (name: string, subjects: Array<{ kind: 'User' | 'Group'; name: string }>): Binding => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'RoleBinding',
  metadata: { name, namespace: 'ns' },
  subjects: subjects.map((s) => ({ ...s, apiGroup: 'rbac.authorization.k8s.io' })),
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
});

const visited = (index: BindingIndex<Binding>, groups: string[], stopAt?: string): string[] => {
  const names: string[] = [];
  index.forEach({ name: 'jane', groups }, 'ns', (b) => {
    names.push(b.metadata.name ?? '');
    return b.metadata.name !== stopAt;
  });
  return names;
};

describe('BindingIndex.forEach', () => {
  const jane = { kind: 'User' as const, name: 'jane' };
  const devs = { kind: 'Group' as const, name: 'devs' };
  const ops = { kind: 'Group' as const, name: 'ops' };

  const cases: Array<{ name: string; bindings: Binding[]; groups: string[]; stopAt?: string; want: string[] }> = [
    { name: 'the user alone', bindings: [binding('a', [jane]), binding('b', [devs])], groups: [], want: ['a'] },
    { name: 'user and groups, each binding once', bindings: [binding('a', [jane, devs]), binding('b', [devs, ops]), binding('c', [ops])], groups: ['devs', 'ops'], want: ['a', 'b', 'c'] },
    { name: 'stops when told', bindings: [binding('a', [jane]), binding('b', [devs]), binding('c', [ops])], groups: ['devs', 'ops'], stopAt: 'b', want: ['a', 'b'] },
    { name: 'nobody named', bindings: [binding('a', [ops])], groups: ['devs'], want: [] },
    {
      name: 'long lists (set path): each binding once, in list order',
      bindings: Array.from({ length: 40 }, (_, i) => binding(`x${String(i).padStart(2, '0')}`, i % 2 === 0 ? [devs, ops] : [ops])),
      groups: ['devs', 'ops'],
      want: [...Array.from({ length: 20 }, (_, i) => `x${String(2 * i).padStart(2, '0')}`), ...Array.from({ length: 20 }, (_, i) => `x${String(2 * i + 1).padStart(2, '0')}`)],
    },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(visited(indexOf(c.bindings), c.groups, c.stopAt), c.want));
  }
});
