import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accessReviewDefinitions } from '../../apis/authorization/v1/access-reviews.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { isStatusError } from '../../errors/status-error.js';
import type { AuthorizationAttributes, Authorizer, RuleResolver } from '../authorizer.js';
import { accessReviewStores } from './stores.js';

const asked: AuthorizationAttributes[] = [];
const authorizer: Authorizer = {
  authorize: (attributes) => {
    asked.push(attributes);
    return attributes.user.name === 'jane' ? { decision: 'Allow', reason: 'jane may' } : { decision: 'Deny', reason: 'nobody else' };
  },
};
const ruleResolver: RuleResolver = {
  rulesFor: (user, namespace) => ({ resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: [`${user.name}-${namespace}`], resourceNames: [] }], nonResourceRules: [], incomplete: false }),
};
const stores = new Map(accessReviewStores(() => ({ authorizer, ruleResolver })).map(([key, factory]) => {
  const def = accessReviewDefinitions.find((d) => `${d.group}/${d.resource}` === key)!;
  return [def.kind, factory(def)] as const;
}));
const jane = { name: 'jane', groups: ['system:authenticated'] };

const review = (kind: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'authorization.k8s.io/v1', kind, metadata: { ...metadata }, spec }) as KubeObject;

async function outcome(kind: string, namespace: string, obj: KubeObject, user = jane): Promise<unknown> {
  try {
    const { object } = await stores.get(kind)!.create(namespace, obj, { dryRun: false, userAgent: 'test/v1', user });
    const { managedFields, ...metadata } = object.metadata;
    return { metadata, managers: managedFields?.map((m) => m.manager), spec: object['spec'], status: object['status'] };
  } catch (error) {
    if (isStatusError(error)) return { code: error.status.code, message: error.status.message };
    throw error;
  }
}

test('access review stores: who is asked, what is answered', async () => {
  const pods = { verb: 'get', resource: 'pods', namespace: 'ns' };
  const cases: [string, string, string, KubeObject, unknown][] = [
    [
      'SubjectAccessReview of jane',
      'SubjectAccessReview', '', review('SubjectAccessReview', { user: 'jane', resourceAttributes: pods }, { uid: 'wiped', creationTimestamp: '2020-01-01T00:00:00Z' }),
      { metadata: { creationTimestamp: null }, managers: ['test'], spec: { user: 'jane', resourceAttributes: pods }, status: { allowed: true, reason: 'jane may' } },
    ],
    [
      'SubjectAccessReview of bob: denied',
      'SubjectAccessReview', '', review('SubjectAccessReview', { user: 'bob', resourceAttributes: pods }),
      { metadata: { creationTimestamp: null }, managers: ['test'], spec: { user: 'bob', resourceAttributes: pods }, status: { allowed: false, denied: true, reason: 'nobody else' } },
    ],
    [
      'LocalSubjectAccessReview takes the request namespace',
      'LocalSubjectAccessReview', 'ns', review('LocalSubjectAccessReview', { user: 'jane', resourceAttributes: pods }),
      { metadata: { namespace: 'ns', creationTimestamp: null }, managers: ['test'], spec: { user: 'jane', resourceAttributes: pods }, status: { allowed: true, reason: 'jane may' } },
    ],
    [
      'SelfSubjectAccessReview asks for the requesting user',
      'SelfSubjectAccessReview', '', review('SelfSubjectAccessReview', { nonResourceAttributes: { path: '/version', verb: 'get' } }),
      { metadata: { creationTimestamp: null }, managers: ['test'], spec: { nonResourceAttributes: { path: '/version', verb: 'get' } }, status: { allowed: true, reason: 'jane may' } },
    ],
    [
      'SelfSubjectRulesReview: a new review with the rules only',
      'SelfSubjectRulesReview', '', review('SelfSubjectRulesReview', { namespace: 'ns' }),
      { metadata: { creationTimestamp: null }, managers: undefined, spec: {}, status: { resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['jane-ns'] }], nonResourceRules: [], incomplete: false } },
    ],
    ['SelfSubjectRulesReview without a namespace', 'SelfSubjectRulesReview', '', review('SelfSubjectRulesReview', {}), { code: 400, message: 'no namespace on request' }],
    [
      'an invalid review is not asked',
      'SubjectAccessReview', '', review('SubjectAccessReview', { resourceAttributes: pods }),
      { code: 422, message: '.authorization.k8s.io "" is invalid: spec.user: Invalid value: "": at least one of user or group must be specified' },
    ],
  ];
  for (const [name, kind, namespace, obj, expected] of cases) assert.deepEqual(await outcome(kind, namespace, obj), expected, name);
  assert.deepEqual(asked.map((a) => [a.user.name, a.verb, a.isResourceRequest ? a.resource : a.path]), [['jane', 'get', 'pods'], ['bob', 'get', 'pods'], ['jane', 'get', 'pods'], ['jane', 'get', '/version']]);
});

test('access review stores: the self reviews need a requesting user; other verbs are refused', async () => {
  for (const kind of ['SelfSubjectAccessReview', 'SelfSubjectRulesReview']) {
    const store = stores.get(kind)!;
    await assert.rejects(store.create('', review(kind, { namespace: 'ns', resourceAttributes: { verb: 'get' } }), { dryRun: false }), /no user present on request/, kind);
    await assert.rejects(async () => store.get('', 'x'), /the server does not allow this method/, kind);
  }
});

test('access review stores with ServerSideApply off: no field manager, the answer keeps what was sent', async () => {
  const factory = new Map(accessReviewStores(() => ({ authorizer, ruleResolver }), false)).get('authorization.k8s.io/subjectaccessreviews')!;
  const store = factory(accessReviewDefinitions.find((d) => d.resource === 'subjectaccessreviews')!);
  const spec = { user: 'jane', nonResourceAttributes: { path: '/version', verb: 'get' } };
  const { object } = await store.create('', review('SubjectAccessReview', spec), { dryRun: false, userAgent: 'test/v1', user: jane });
  assert.equal(object.metadata.managedFields, undefined);
  const sent = [{ manager: 'someone', operation: 'Update' as const, apiVersion: 'authorization.k8s.io/v1', fieldsType: 'FieldsV1' as const, fieldsV1: {} }];
  const echoed = await store.create('', review('SubjectAccessReview', spec, { managedFields: sent }), { dryRun: false, userAgent: 'test/v1', user: jane });
  assert.deepEqual(echoed.object.metadata.managedFields, sent);
});
