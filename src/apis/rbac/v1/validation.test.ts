import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { clusterRoleBindingDefinition, roleBindingDefinition } from './index.js';
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from './schemas.generated.js';
import {
  validateClusterRole, validateClusterRoleBinding, validateClusterRoleBindingUpdate, validateRole, validateRoleBinding,
  validateRoleBindingUpdate, validateRoleUpdate,
} from './validation.js';

const G = 'rbac.authorization.k8s.io';
const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const role = (rules: PolicyRule[], name = 'r', namespace = 'default'): Role => ({ metadata: { name, namespace, resourceVersion: '1' }, rules });
const clusterRole = (rules: PolicyRule[], extra: Partial<ClusterRole> = {}): ClusterRole => ({ metadata: { name: 'cr' }, rules, ...extra });
const ref = (kind: string, name = 'x', apiGroup = G): RoleRef => ({ apiGroup, kind, name });
const rb = (roleRef: RoleRef, subjects: Subject[] = []): RoleBinding => ({ metadata: { name: 'b', namespace: 'default', resourceVersion: '1' }, roleRef, subjects });
const crb = (roleRef: RoleRef, subjects: Subject[] = []): ClusterRoleBinding => ({ metadata: { name: 'b', resourceVersion: '1' }, roleRef, subjects });

test('validateRole / validateClusterRole: policy rules with upstream messages', () => {
  const pods = { verbs: ['get'], apiGroups: [''], resources: ['pods'] };
  const cases: [string, PolicyRule, string[], string[]][] = [
    // [case, rule, errors in a Role, errors in a ClusterRole]
    ['a resource rule', pods, [], []],
    ['no verbs', { ...pods, verbs: [] }, ['rules[0].verbs: Required value: verbs must contain at least one value'], ['rules[0].verbs: Required value: verbs must contain at least one value']],
    ['no api groups', { verbs: ['get'], resources: ['pods'] }, ['rules[0].apiGroups: Required value: resource rules must supply at least one api group'], ['rules[0].apiGroups: Required value: resource rules must supply at least one api group']],
    ['no resources', { verbs: ['get'], apiGroups: [''] }, ['rules[0].resources: Required value: resource rules must supply at least one resource'], ['rules[0].resources: Required value: resource rules must supply at least one resource']],
    [
      'names for two resources',
      { ...pods, resources: ['pods', 'secrets'], resourceNames: ['a'] },
      ['rules[0].resourceNames: Required value: resource names cannot apply to multiple resources'],
      ['rules[0].resourceNames: Required value: resource names cannot apply to multiple resources'],
    ],
    ['a non-resource rule', { verbs: ['get'], nonResourceURLs: ['/healthz'] }, ['rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs'], []],
    [
      'both kinds of rule',
      { ...pods, nonResourceURLs: ['/metrics'] },
      [
        'rules[0].nonResourceURLs: Invalid value: []string{"/metrics"}: namespaced rules cannot apply to non-resource URLs',
        'rules[0].nonResourceURLs: Invalid value: []string{"/metrics"}: rules cannot apply to both regular resources and non-resource URLs',
      ],
      ['rules[0].nonResourceURLs: Invalid value: []string{"/metrics"}: rules cannot apply to both regular resources and non-resource URLs'],
    ],
  ];
  for (const [name, rule, inRole, inClusterRole] of cases) {
    assert.deepEqual(messages(validateRole(role([rule]))), inRole, `Role: ${name}`);
    assert.deepEqual(messages(validateClusterRole(clusterRole([rule]))), inClusterRole, `ClusterRole: ${name}`);
  }
});

test('RBAC names are path segments only', () => {
  assert.deepEqual(messages(validateRole(role([], 'system:controller:x'))), []);
  assert.deepEqual(messages(validateRole(role([], 'a/b'))), ['metadata.name: Invalid value: "a/b": may not contain \'/\'']);
  assert.deepEqual(messages(validateRole(role([], '..'))), ['metadata.name: Invalid value: "..": may not be \'..\'']);
  const generated: Role = { metadata: { name: 'a', generateName: 'a%', namespace: 'default' } };
  assert.deepEqual(messages(validateRole(generated)), ['metadata.generateName: Invalid value: "a%": may not contain \'%\'']);
});

test('validateClusterRole: aggregationRule', () => {
  const agg = (selectors: NonNullable<ClusterRole['aggregationRule']>['clusterRoleSelectors']): ClusterRole =>
    clusterRole([{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], { aggregationRule: { clusterRoleSelectors: selectors } });
  assert.deepEqual(messages(validateClusterRole(agg([{ matchLabels: { 'rbac.example.com/aggregate-to-monitoring': 'true' } }]))), []);
  assert.deepEqual(messages(validateClusterRole(agg([]))), ['aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil']);
  assert.deepEqual(messages(validateClusterRole(agg([{ matchExpressions: [{ key: 'a', operator: 'In' }] }]))), [
    "aggregationRule.clusterRoleSelectors[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    'aggregationRule.clusterRoleSelectors[0]: Invalid value: "null": invalid label selector.',
  ]);
});

test('validateRoleBinding / validateClusterRoleBinding: roleRef', () => {
  const cases: [string, RoleRef, string[], string[]][] = [
    ['a ClusterRole', ref('ClusterRole'), [], []],
    ['a Role', ref('Role'), [], ['roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"']],
    ['another group', ref('ClusterRole', 'x', 'example.com'), ['roleRef.apiGroup: Unsupported value: "example.com": supported values: "rbac.authorization.k8s.io"'], ['roleRef.apiGroup: Unsupported value: "example.com": supported values: "rbac.authorization.k8s.io"']],
    ['another kind', ref('User'), ['roleRef.kind: Unsupported value: "User": supported values: "Role", "ClusterRole"'], ['roleRef.kind: Unsupported value: "User": supported values: "ClusterRole"']],
    ['no name', ref('ClusterRole', ''), ['roleRef.name: Required value'], ['roleRef.name: Required value']],
    ['a bad name', ref('ClusterRole', 'a/b'), ['roleRef.name: Invalid value: "a/b": may not contain \'/\''], ['roleRef.name: Invalid value: "a/b": may not contain \'/\'']],
  ];
  for (const [name, roleRef, inRB, inCRB] of cases) {
    assert.deepEqual(messages(validateRoleBinding(rb(roleRef))), inRB, `RoleBinding: ${name}`);
    assert.deepEqual(messages(validateClusterRoleBinding(crb(roleRef))), inCRB, `ClusterRoleBinding: ${name}`);
  }
});

test('validateRoleBinding / validateClusterRoleBinding: subjects', () => {
  const cases: [string, Subject, string[], string[]][] = [
    ['a user', { kind: 'User', name: 'alice', apiGroup: G }, [], []],
    ['a group', { kind: 'Group', name: 'devs', apiGroup: G }, [], []],
    ['a service account', { kind: 'ServiceAccount', name: 'default', namespace: 'ns' }, [], []],
    ['a service account without namespace', { kind: 'ServiceAccount', name: 'default' }, [], ['subjects[0].namespace: Required value']],
    ['a service account with a group', { kind: 'ServiceAccount', name: 'default', namespace: 'ns', apiGroup: G }, ['subjects[0].apiGroup: Unsupported value: "rbac.authorization.k8s.io": supported values: ""'], ['subjects[0].apiGroup: Unsupported value: "rbac.authorization.k8s.io": supported values: ""']],
    [
      'a bad service account name',
      { kind: 'ServiceAccount', name: 'Bad_Name', namespace: 'ns' },
      ['subjects[0].name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')'],
      ['subjects[0].name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')'],
    ],
    ['a user without name', { kind: 'User', name: '', apiGroup: G }, ['subjects[0].name: Required value'], ['subjects[0].name: Required value']],
    ['a group without name', { kind: 'Group', name: '', apiGroup: G }, ['subjects[0].name: Required value'], ['subjects[0].name: Required value']],
    ['a user without group', { kind: 'User', name: 'alice' }, ['subjects[0].apiGroup: Unsupported value: "": supported values: "rbac.authorization.k8s.io"'], ['subjects[0].apiGroup: Unsupported value: "": supported values: "rbac.authorization.k8s.io"']],
    ['another kind', { kind: 'Robot', name: 'r2' }, ['subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"'], ['subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"']],
  ];
  for (const [name, subject, inRB, inCRB] of cases) {
    assert.deepEqual(messages(validateRoleBinding(rb(ref('ClusterRole'), [subject]))), inRB, `RoleBinding: ${name}`);
    assert.deepEqual(messages(validateClusterRoleBinding(crb(ref('ClusterRole'), [subject]))), inCRB, `ClusterRoleBinding: ${name}`);
  }
});

test('roleRef is immutable on update', () => {
  const old = rb(ref('Role', 'a'));
  assert.deepEqual(messages(validateRoleBindingUpdate(rb(ref('Role', 'a'), [{ kind: 'User', name: 'bob', apiGroup: G }]), old)), []);
  assert.deepEqual(messages(validateRoleBindingUpdate(rb(ref('Role', 'b')), old)), [
    'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"Role", Name:"b"}: cannot change roleRef',
  ]);
  assert.deepEqual(messages(validateClusterRoleBindingUpdate(crb(ref('ClusterRole', 'view')), crb(ref('ClusterRole', 'edit')))), [
    'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"ClusterRole", Name:"view"}: cannot change roleRef',
  ]);
  assert.deepEqual(messages(validateRoleUpdate(role([]), role([]))), []);
});

test('defaults: roleRef and User/Group subjects get the RBAC group, service accounts none', () => {
  const binding = { metadata: { name: 'b', namespace: 'n' }, roleRef: { kind: 'Role', name: 'r' }, subjects: [{ kind: 'User', name: 'u' }, { kind: 'Group', name: 'g' }, { kind: 'ServiceAccount', name: 's' }] } as RoleBinding;
  roleBindingDefinition.defaults?.(binding);
  assert.equal(binding.roleRef.apiGroup, G);
  assert.deepEqual(binding.subjects?.map((s) => s.apiGroup), [G, G, undefined]);
  const cluster = { metadata: { name: 'b' }, roleRef: { kind: 'ClusterRole', name: 'r' } } as ClusterRoleBinding;
  clusterRoleBindingDefinition.defaults?.(cluster);
  assert.equal(cluster.roleRef.apiGroup, G);
});
