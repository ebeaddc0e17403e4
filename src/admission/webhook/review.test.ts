import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { ValidatingWebhook } from '../../apis/admissionregistration/v1/schemas.generated.js';
import type { AdmissionAttributes } from '../types.js';
import { WebhookAccessor } from './accessor.js';
import { deniedStatus, outgoingReview, verifyAnswer, type OutgoingReview } from './review.js';
import { webhookRequest } from './request.js';

const CONFIGMAPS = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true } as unknown as ResourceDefinition;
const NAMESPACES = { group: '', version: 'v1', resource: 'namespaces', kind: 'Namespace', namespaced: false } as unknown as ResourceDefinition;

function review(a: Partial<AdmissionAttributes>, versions = ['v1']): { sent: OutgoingReview; body: Record<string, unknown> } {
  const attributes: AdmissionAttributes = { operation: 'CREATE', def: CONFIGMAPS, namespace: 'ns', name: 'cm', subresource: '', dryRun: false, ...a };
  const request = webhookRequest(attributes);
  const hook = { name: 'a.b.c', admissionReviewVersions: versions } as ValidatingWebhook;
  const invocation = { webhook: new WebhookAccessor('c/a.b.c/0', 'c', hook), def: request.def, resource: request.resource, subresource: request.subresource, kind: request.kind };
  const sent = outgoingReview(request, invocation, { ...(a.object ? { object: a.object } : {}), ...(a.oldObject ? { oldObject: a.oldObject } : {}) });
  return { sent, body: JSON.parse(sent.body) as Record<string, unknown> };
}

describe('outgoingReview', () => {
  test('a create: every field upstream sends, in its order, CreateOptions as the options', () => {
    const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'ns' } };
    const { sent, body } = review({ object, user: { name: 'jane', uid: '42', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a'] } }, options: { dryRun: false, fieldManager: 'kubectl-create', fieldValidation: 'Strict' } });
    assert.deepEqual(body, {
      kind: 'AdmissionReview',
      apiVersion: 'admission.k8s.io/v1',
      request: {
        uid: sent.uid,
        kind: { group: '', version: 'v1', kind: 'ConfigMap' },
        resource: { group: '', version: 'v1', resource: 'configmaps' },
        requestKind: { group: '', version: 'v1', kind: 'ConfigMap' },
        requestResource: { group: '', version: 'v1', resource: 'configmaps' },
        name: 'cm',
        namespace: 'ns',
        operation: 'CREATE',
        userInfo: { username: 'jane', uid: '42', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a'] } },
        object,
        oldObject: null,
        dryRun: false,
        options: { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1', fieldManager: 'kubectl-create', fieldValidation: 'Strict' },
      },
    });
    assert.deepEqual(Object.keys(body['request'] as object), ['uid', 'kind', 'resource', 'requestKind', 'requestResource', 'name', 'namespace', 'operation', 'userInfo', 'object', 'oldObject', 'dryRun', 'options']);
  });

  test('an update: UpdateOptions; a dry run names it', () => {
    const { body } = review({ operation: 'UPDATE', dryRun: true, options: { dryRun: true, fieldManager: 'm' } });
    assert.deepEqual((body['request'] as Record<string, unknown>)['options'], { kind: 'UpdateOptions', apiVersion: 'meta.k8s.io/v1', dryRun: ['All'], fieldManager: 'm' });
    assert.equal((body['request'] as Record<string, unknown>)['dryRun'], true);
  });

  test('a delete: DeleteOptions, no object', () => {
    const oldObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } };
    const { body } = review({ operation: 'DELETE', oldObject, options: { propagationPolicy: 'Foreground', gracePeriodSeconds: 0, preconditions: { uid: 'u' } } });
    const request = body['request'] as Record<string, unknown>;
    assert.deepEqual([request['object'], request['oldObject']], [null, oldObject]);
    assert.deepEqual(request['options'], { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1', gracePeriodSeconds: 0, preconditions: { uid: 'u' }, propagationPolicy: 'Foreground' });
  });

  test('a namespace update names the namespace; a create does not', () => {
    const request = (operation: 'CREATE' | 'UPDATE') => review({ def: NAMESPACES, operation, namespace: '', name: 'team' }).body['request'] as Record<string, unknown>;
    assert.equal(request('UPDATE')['namespace'], 'team');
    assert.equal(request('CREATE')['namespace'], undefined);
  });

  test('the first version the webhook accepts that this server knows', () => {
    assert.equal(review({}, ['v2', 'v1beta1', 'v1']).sent.version, 'v1beta1');
    assert.equal(review({}, ['v2', 'v1beta1', 'v1']).body['apiVersion'], 'admission.k8s.io/v1beta1');
    assert.throws(() => review({}, ['v2']), /webhook does not accept known AdmissionReview versions \(v1, v1beta1\)/);
  });
});

describe('verifyAnswer (upstream VerifyAdmissionResponse)', () => {
  const sent = { uid: 'u1', version: 'v1' as const, body: '' };
  const v1 = (response: Record<string, unknown> | undefined, type: Record<string, unknown> = { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }) => ({ ...type, ...(response ? { response: { uid: 'u1', ...response } } : {}) });
  const patch = Buffer.from('[]').toString('base64');
  const cases: [string, Record<string, unknown>, boolean, string][] = [
    ['absent', v1(undefined), false, 'webhook response was absent'],
    ['uid', v1({ uid: 'other', allowed: true }), false, 'expected response.uid="u1", got "other"'],
    ['kind', v1({ allowed: true }, { apiVersion: 'admission.k8s.io/v1', kind: 'Review' }), false, 'expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got admission.k8s.io/v1, Kind=Review'],
    ['version', v1({ allowed: true }, { apiVersion: 'admission.k8s.io/v1beta1', kind: 'AdmissionReview' }), false, 'expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got admission.k8s.io/v1beta1, Kind=AdmissionReview'],
    ['no type meta', v1({ allowed: true }, {}), false, 'expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got /, Kind='],
    ['validating patch', v1({ allowed: true, patch }), false, 'validating webhook may not return response.patch'],
    ['validating patchType', v1({ allowed: true, patchType: 'JSONPatch' }), false, 'validating webhook may not return response.patchType'],
    ['patch without type', v1({ allowed: true, patch }), true, 'webhook returned response.patch but not response.patchType'],
    ['type without patch', v1({ allowed: true, patchType: 'JSONPatch' }), true, 'webhook returned response.patchType but not response.patch'],
    ['empty type', v1({ allowed: true, patch, patchType: '' }), true, 'webhook returned invalid response.patchType of ""'],
  ];
  for (const [name, answer, mutating, message] of cases) test(name, () => assert.throws(() => verifyAnswer(sent, answer, mutating), { message }));

  test('an accepted answer', () => {
    assert.deepEqual(verifyAnswer(sent, v1({ allowed: true, patch, patchType: 'JSONPatch', warnings: ['w'] }), true), { allowed: true, warnings: ['w'], patch: Buffer.from('[]'), patchType: 'JSONPatch' });
    // v1beta1 answers are not checked for uid or type; a patch is a JSON patch.
    const beta = { uid: 'u1', version: 'v1beta1' as const, body: '' };
    assert.deepEqual(verifyAnswer(beta, { response: { allowed: false, patch } }, true), { allowed: false, warnings: [], patch: Buffer.from('[]'), patchType: 'JSONPatch' });
  });
});

describe('deniedStatus (upstream ToStatusErr)', () => {
  test('the message, the code (403 below 400), the reason kept', () => {
    const custom = deniedStatus('a.b.c', { code: 418, message: 'no tea', reason: 'Teapot' });
    assert.deepEqual(custom.status, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'admission webhook "a.b.c" denied the request: no tea', reason: 'Teapot', code: 418 });
    assert.equal(deniedStatus('a.b.c', { code: 200, message: 'm' }).code, 403);
    assert.equal(deniedStatus('a.b.c', { reason: 'because' }).message, 'admission webhook "a.b.c" denied the request: because');
    const bare = deniedStatus('a.b.c', undefined);
    assert.deepEqual([bare.code, bare.message, bare.status.reason], [403, 'admission webhook "a.b.c" denied the request without explanation', undefined]);
  });
});
