import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { isStatusError } from '../../errors/status-error.js';
import type { AdmissionAttributes } from '../types.js';
import { priorityAdmission } from './priority.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;
const classOf = (name: string, value: number, extra: Record<string, unknown> = {}): KubeObject => ({ metadata: { name }, value, ...extra });
const podWith = (spec: Record<string, unknown>): KubeObject => ({ metadata: { name: 'p' }, spec: { containers: [], ...spec } });
const create = (object: KubeObject): AdmissionAttributes => ({ operation: 'CREATE', def: pods, namespace: 'default', name: 'p', subresource: '', object, dryRun: false });

async function admitted(classes: KubeObject[], spec: Record<string, unknown>): Promise<Record<string, unknown>> {
  const pod = podWith(spec);
  await priorityAdmission(async () => classes).admit!(create(pod));
  return pod['spec'] as Record<string, unknown>;
}

async function refusal(classes: KubeObject[], spec: Record<string, unknown>): Promise<string> {
  try {
    await admitted(classes, spec);
  } catch (error) {
    assert.ok(isStatusError(error));
    assert.equal(error.code, 403);
    return error.message;
  }
  assert.fail('admitted');
}

test('Priority admission resolves a created pod\'s priority as upstream', async () => {
  const cases: [string, KubeObject[], Record<string, unknown>, Record<string, unknown>][] = [
    ['no classes: 0 and PreemptLowerPriority', [], {}, { priority: 0, preemptionPolicy: 'PreemptLowerPriority' }],
    ['the global default class', [classOf('low', 10), classOf('def', 100, { globalDefault: true, preemptionPolicy: 'Never' })], {}, { priorityClassName: 'def', priority: 100, preemptionPolicy: 'Never' }],
    ['a named class', [classOf('high', 1000, { preemptionPolicy: 'PreemptLowerPriority' })], { priorityClassName: 'high' }, { priorityClassName: 'high', priority: 1000, preemptionPolicy: 'PreemptLowerPriority' }],
    ['the same priority given by the pod', [classOf('high', 1000)], { priorityClassName: 'high', priority: 1000 }, { priorityClassName: 'high', priority: 1000 }],
  ];
  for (const [name, classes, spec, expected] of cases) {
    const { containers: _c, ...result } = await admitted(classes, spec);
    assert.deepEqual(result, expected, name);
  }
});

test('Priority admission refuses unknown classes and priorities the pod sets itself, with 403', async () => {
  assert.equal(await refusal([], { priorityClassName: 'nope' }), 'pods "p" is forbidden: no PriorityClass with name nope was found');
  assert.equal(
    await refusal([classOf('high', 1000)], { priorityClassName: 'high', priority: 5 }),
    'pods "p" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name',
  );
  assert.equal(
    await refusal([classOf('high', 1000, { preemptionPolicy: 'Never' })], { priorityClassName: 'high', preemptionPolicy: 'PreemptLowerPriority' }),
    'pods "p" is forbidden: the string value of PreemptionPolicy (PreemptLowerPriority) must not be provided in pod spec; priority admission controller computed Never from the given PriorityClass name',
  );
});

test('Priority admission keeps a pod\'s priority on update', async () => {
  const old = podWith({ priority: 7, preemptionPolicy: 'Never' });
  const next = podWith({ priority: 9 });
  await priorityAdmission(async () => []).admit!({ ...create(next), operation: 'UPDATE', oldObject: old });
  assert.deepEqual([(next['spec'] as Record<string, unknown>)['priority'], (next['spec'] as Record<string, unknown>)['preemptionPolicy']], [7, 'Never']);
});
