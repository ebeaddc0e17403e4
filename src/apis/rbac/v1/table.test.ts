import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterRoleDefinition, roleBindingDefinition } from './index.js';

const now = new Date('2024-05-01T12:00:00Z');

test('role table: Name, Created At (RFC 3339 UTC)', () => {
  const cols = clusterRoleDefinition.tableColumns ?? [];
  assert.deepEqual(cols.map((c) => [c.definition.name, c.definition.type]), [['Name', 'string'], ['Created At', 'date']]);
  const obj = { metadata: { name: 'view', creationTimestamp: '2024-05-01T10:00:00Z' } };
  assert.deepEqual(cols.map((c) => c.cell(obj, now)), ['view', '2024-05-01T10:00:00Z']);
});

test('binding table: Name, Role, Age, wide Users, Groups, ServiceAccounts', () => {
  const cols = roleBindingDefinition.tableColumns ?? [];
  assert.deepEqual(cols.map((c) => [c.definition.name, c.definition.priority]), [['Name', 0], ['Role', 0], ['Age', 0], ['Users', 1], ['Groups', 1], ['ServiceAccounts', 1]]);
  const obj = {
    metadata: { name: 'read', namespace: 'default', creationTimestamp: '2024-05-01T11:59:00Z' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
    subjects: [
      { kind: 'User', name: 'alice' }, { kind: 'User', name: 'bob' }, { kind: 'Group', name: 'devs' },
      { kind: 'ServiceAccount', name: 'default', namespace: 'ns' },
    ],
  };
  assert.deepEqual(cols.map((c) => c.cell(obj, now)), ['read', 'Role/pod-reader', '60s', 'alice, bob', 'devs', 'ns/default']);
});
