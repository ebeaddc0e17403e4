import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { quotaCells, validateResourceQuota, validateResourceQuotaUpdate, type ResourceQuota } from './resourcequota.js';
import type { ResourceQuotaSpec } from './schemas.generated.js';

const rq = (spec: ResourceQuotaSpec, status?: ResourceQuota['status']): ResourceQuota => ({ metadata: { name: 'q', namespace: 'default', resourceVersion: '2' }, spec, ...(status ? { status } : {}) });
const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const EXIST_MSG =
  "must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity";

test('validateResourceQuota: table of cases with upstream messages and paths', () => {
  const cases: [string, ResourceQuota, string[]][] = [
    ['valid', rq({ hard: { cpu: '1', 'requests.memory': '1Gi', pods: '10', 'count/deployments.apps': '3', 'example.com/gpu': '2' } }), []],
    ['not a quota resource', rq({ hard: { storage: '1Gi' } }), ['spec.hard[storage]: Invalid value: "storage": must be a standard resource for quota']],
    [
      'unknown resource',
      rq({ hard: { foo: '1' } }),
      ['spec.hard[foo]: Invalid value: "foo": must be a standard resource type or fully qualified', 'spec.hard[foo]: Invalid value: "foo": must be a standard resource for quota'],
    ],
    ['negative', rq({ hard: { cpu: '-1' } }), ['spec.hard[cpu]: Invalid value: "-1": must be greater than or equal to 0']],
    [
      'fractional count',
      rq({ hard: { pods: '0.5' } }),
      ['spec.hard[pods]: Invalid value: resource.Quantity{i:resource.int64Amount{value:5, scale:-1}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"", Format:"DecimalSI"}: must be an integer'],
    ],
    ['unsupported scope', rq({ scopes: ['Sometimes'] }), ['spec.scopes: Invalid value: []core.ResourceQuotaScope{"Sometimes"}: unsupported scope']],
    ['scope not for resource', rq({ hard: { cpu: '1' }, scopes: ['BestEffort'] }), ['spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort"}: unsupported scope applied to resource']],
    ['conflicting scopes', rq({ scopes: ['Terminating', 'NotTerminating'] }), ['spec.scopes: Invalid value: []core.ResourceQuotaScope{"Terminating", "NotTerminating"}: conflicting scopes']],
    ['selector: Exists only', rq({ scopeSelector: { matchExpressions: [{ scopeName: 'BestEffort', operator: 'In', values: ['x'] }] } }), [`spec.scopeSelector.matchExpressions.operator: Invalid value: "In": ${EXIST_MSG}`]],
    [
      'selector: In needs values',
      rq({ scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In' }] } }),
      ["spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"],
    ],
    [
      'selector: Exists takes no values',
      rq({ scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'Exists', values: ['a'] }] } }),
      ['spec.scopeSelector.matchExpressions.values: Invalid value: []string{"a"}: must be no value when `operator` is \'Exist\' or \'DoesNotExist\' for scope selector'],
    ],
    ['selector: bad operator', rq({ scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'Near' }] } }), ['spec.scopeSelector.matchExpressions.operator: Invalid value: "Near": not a valid selector operator']],
    [
      'selector: scope not for resource',
      rq({ hard: { secrets: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'Terminating', operator: 'Exists' }] } }),
      [
        'spec.scopeSelector.matchExpressions: Invalid value: core.ScopeSelector{MatchExpressions:[]core.ScopedResourceSelectorRequirement{core.ScopedResourceSelectorRequirement{ScopeName:"Terminating", Operator:"Exists", Values:[]string(nil)}}}: unsupported scope applied to resource',
      ],
    ],
    ['status checked too', rq({}, { used: { pods: '-1' } }), ['status.used[pods]: Invalid value: "-1": must be greater than or equal to 0']],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateResourceQuota(obj)), want, name);
});

test('validateResourceQuotaUpdate: scopes are immutable', () => {
  assert.deepEqual(messages(validateResourceQuotaUpdate(rq({ scopes: ['NotBestEffort'] }), rq({ scopes: ['BestEffort'] }))), [
    'spec.scopes: Invalid value: []core.ResourceQuotaScope{"NotBestEffort"}: field is immutable',
  ]);
  assert.deepEqual(messages(validateResourceQuotaUpdate(rq({ hard: { pods: '2' } }), rq({ hard: { pods: '1' } }))), []);
});

test('table cells: used/hard of status.hard, limits.* apart', () => {
  const cells = quotaCells(rq({}, { hard: { 'limits.cpu': '2', pods: '10', 'requests.memory': '1024Mi' }, used: { pods: '3', 'limits.cpu': '500m' } }));
  assert.deepEqual(cells, { request: 'pods: 3/10, requests.memory: 0/1Gi', limit: 'limits.cpu: 500m/2' });
  assert.deepEqual(quotaCells(rq({ hard: { pods: '1' } })), { request: '', limit: '' });
});
