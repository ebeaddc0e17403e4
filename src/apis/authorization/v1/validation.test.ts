import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import type { ObjectMeta } from '../../meta/v1/types.js';
import type { SubjectAccessReviewSpec } from './schemas.generated.js';
import { validateLocalSubjectAccessReview, validateSelfSubjectAccessReview, validateSubjectAccessReview } from './validation.js';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const pods = { verb: 'get', resource: 'pods', namespace: 'ns' };
const ZERO_META =
  'Generation:0, CreationTimestamp:time.Date(1, time.January, 1, 0, 0, 0, 0, time.UTC), DeletionTimestamp:<nil>, DeletionGracePeriodSeconds:(*int64)(nil)';
const managed = [{ manager: 'kubectl-create', operation: 'Update' as const, apiVersion: 'authorization.k8s.io/v1', time: '2022-08-23T10:00:00Z', fieldsType: 'FieldsV1' as const, fieldsV1: {} }];

test('validateSubjectAccessReview: attributes, a subject, empty metadata', () => {
  const cases: [string, SubjectAccessReviewSpec, ObjectMeta, string[]][] = [
    ['a user and resource attributes', { user: 'jane', resourceAttributes: pods }, {}, []],
    ['a group and non-resource attributes', { groups: ['dev'], nonResourceAttributes: { path: '/healthz', verb: 'get' } }, {}, []],
    ['managedFields are not metadata the review may not carry', { user: 'jane', resourceAttributes: pods }, { managedFields: managed }, []],
    ['empty labels are no labels', { user: 'jane', resourceAttributes: pods }, { labels: {} }, []],
    [
      'no subject',
      { resourceAttributes: pods, groups: [] },
      {},
      ['spec.user: Invalid value: "": at least one of user or group must be specified'],
    ],
    [
      'nothing at all',
      {},
      {},
      [
        'spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified',
        'spec.user: Invalid value: "": at least one of user or group must be specified',
      ],
    ],
    [
      'both kinds of attributes',
      { user: 'jane', resourceAttributes: pods, nonResourceAttributes: { path: '/api', verb: 'get' } },
      {},
      ['spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/api", Verb:"get"}: cannot be specified in combination with resourceAttributes'],
    ],
    [
      'a name',
      { user: 'jane', resourceAttributes: pods },
      { name: 'x', managedFields: managed },
      [
        `metadata: Invalid value: v1.ObjectMeta{Name:"x", GenerateName:"", Namespace:"", SelfLink:"", UID:"", ResourceVersion:"", ${ZERO_META}, Labels:map[string]string(nil), Annotations:map[string]string(nil), OwnerReferences:[]v1.OwnerReference(nil), Finalizers:[]string(nil), ManagedFields:[]v1.ManagedFieldsEntry{v1.ManagedFieldsEntry{Manager:"kubectl-create", Operation:"Update", APIVersion:"authorization.k8s.io/v1", Time:time.Date(2022, time.August, 23, 10, 0, 0, 0, time.UTC), FieldsType:"FieldsV1", FieldsV1:(*v1.FieldsV1)(0xc000000000), Subresource:""}}}: must be empty`,
      ],
    ],
    [
      'labels and a namespace',
      { user: 'jane', resourceAttributes: pods },
      { namespace: 'ns', labels: { b: '2', a: '1' } },
      [
        `metadata: Invalid value: v1.ObjectMeta{Name:"", GenerateName:"", Namespace:"ns", SelfLink:"", UID:"", ResourceVersion:"", ${ZERO_META}, Labels:map[string]string{"a":"1", "b":"2"}, Annotations:map[string]string(nil), OwnerReferences:[]v1.OwnerReference(nil), Finalizers:[]string(nil), ManagedFields:[]v1.ManagedFieldsEntry(nil)}: must be empty`,
      ],
    ],
  ];
  for (const [name, spec, metadata, expected] of cases) {
    assert.deepEqual(messages(validateSubjectAccessReview({ metadata, spec })), expected, name);
  }
});

test('validateSelfSubjectAccessReview: attributes only, empty metadata', () => {
  const cases: [string, SubjectAccessReviewSpec, ObjectMeta, string[]][] = [
    ['resource attributes, no subject needed', { resourceAttributes: pods }, {}, []],
    ['non-resource attributes', { nonResourceAttributes: { path: '/version', verb: 'get' } }, {}, []],
    ['none', {}, {}, ['spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified']],
    [
      'generateName',
      { resourceAttributes: pods },
      { generateName: 'x-', finalizers: ['f'] },
      [
        `metadata: Invalid value: v1.ObjectMeta{Name:"", GenerateName:"x-", Namespace:"", SelfLink:"", UID:"", ResourceVersion:"", ${ZERO_META}, Labels:map[string]string(nil), Annotations:map[string]string(nil), OwnerReferences:[]v1.OwnerReference(nil), Finalizers:[]string{"f"}, ManagedFields:[]v1.ManagedFieldsEntry(nil)}: must be empty`,
      ],
    ],
  ];
  for (const [name, spec, metadata, expected] of cases) {
    assert.deepEqual(messages(validateSelfSubjectAccessReview({ metadata, spec })), expected, name);
  }
});

test('validateLocalSubjectAccessReview: the namespace of the review and of its attributes', () => {
  const cases: [string, SubjectAccessReviewSpec, ObjectMeta, string[]][] = [
    ['the same namespace', { user: 'jane', resourceAttributes: pods }, { namespace: 'ns' }, []],
    ['another namespace', { user: 'jane', resourceAttributes: { ...pods, namespace: 'other' } }, { namespace: 'ns' }, ['spec.resourceAttributes.namespace: Invalid value: "other": must match metadata.namespace']],
    ['no namespace in the attributes', { user: 'jane', resourceAttributes: { verb: 'get', resource: 'pods' } }, { namespace: 'ns' }, ['spec.resourceAttributes.namespace: Invalid value: "": must match metadata.namespace']],
    [
      'non-resource attributes',
      { user: 'jane', nonResourceAttributes: { path: '/metrics', verb: 'get' } },
      { namespace: 'ns' },
      ['spec.nonResourceAttributes: Invalid value: authorization.NonResourceAttributes{Path:"/metrics", Verb:"get"}: disallowed on this kind of request'],
    ],
    [
      'a name besides the namespace',
      { groups: ['dev'], resourceAttributes: pods },
      { namespace: 'ns', name: 'n' },
      [
        `metadata: Invalid value: v1.ObjectMeta{Name:"n", GenerateName:"", Namespace:"ns", SelfLink:"", UID:"", ResourceVersion:"", ${ZERO_META}, Labels:map[string]string(nil), Annotations:map[string]string(nil), OwnerReferences:[]v1.OwnerReference(nil), Finalizers:[]string(nil), ManagedFields:[]v1.ManagedFieldsEntry(nil)}: must be empty except for namespace`,
      ],
    ],
  ];
  for (const [name, spec, metadata, expected] of cases) {
    assert.deepEqual(messages(validateLocalSubjectAccessReview({ metadata, spec })), expected, name);
  }
});
