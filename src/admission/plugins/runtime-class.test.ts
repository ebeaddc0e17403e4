import { refusalOf } from './test-admission.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { mergeTolerations } from './merge-tolerations.js';
import { runtimeClassAdmission } from './runtime-class.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;
const classes: Record<string, KubeObject> = {
  kata: { metadata: { name: 'kata' }, handler: 'kata', overhead: { podFixed: { cpu: '250m', memory: '120Mi' } } },
  gvisor: { metadata: { name: 'gvisor' }, handler: 'runsc', scheduling: { nodeSelector: { sandbox: 'gvisor' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] } },
  plain: { metadata: { name: 'plain' }, handler: 'runc' },
};
const plugin = runtimeClassAdmission(async (name) => classes[name]);
const pod = (spec: Record<string, unknown>): KubeObject => ({ metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } });

async function admit(object: KubeObject): Promise<string | undefined> {
  return refusalOf(plugin, { operation: 'CREATE', def: pods, namespace: 'ns', name: 'p', subresource: '', object, dryRun: false });
}

test('RuntimeClass sets the overhead and scheduling of the class a pod names', async () => {
  const kata = pod({ runtimeClassName: 'kata' });
  assert.equal(await admit(kata), undefined);
  assert.deepEqual((kata['spec'] as { overhead: unknown }).overhead, { cpu: '250m', memory: '120Mi' });
  const gvisor = pod({ runtimeClassName: 'gvisor', nodeSelector: { zone: 'a' }, tolerations: [{ operator: 'Exists' }] });
  assert.equal(await admit(gvisor), undefined);
  const spec = gvisor['spec'] as { nodeSelector: unknown; tolerations: unknown };
  assert.deepEqual(spec.nodeSelector, { zone: 'a', sandbox: 'gvisor' });
  // The pod's toleration of everything covers the class's.
  assert.deepEqual(spec.tolerations, [{ operator: 'Exists' }]);
  assert.deepEqual((classes['gvisor']?.['scheduling'] as { nodeSelector: unknown }).nodeSelector, { sandbox: 'gvisor' });
});

test('RuntimeClass refuses what does not fit the class, with upstream messages', async () => {
  const cases: Array<[string, Record<string, unknown>, string | undefined]> = [
    ['no class', {}, undefined],
    ['a class without overhead', { runtimeClassName: 'plain' }, undefined],
    ['a missing class', { runtimeClassName: 'nope' }, 'pods "p" is forbidden: pod rejected: RuntimeClass "nope" not found'],
    ['another overhead', { runtimeClassName: 'kata', overhead: { cpu: '1' } }, 'pods "p" is forbidden: pod rejected: Pod\'s Overhead doesn\'t match RuntimeClass\'s defined Overhead'],
    ['an overhead without a class', { overhead: { cpu: '1' } }, 'pods "p" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead'],
    ['a node selector conflict', { runtimeClassName: 'gvisor', nodeSelector: { sandbox: 'none' } },
      'pods "p" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = gvisor; pod.spec.nodeSelector[sandbox] = none'],
  ];
  for (const [name, spec, expected] of cases) assert.equal(await admit(pod(spec)), expected, name);
});

test('MergeTolerations keeps one of tolerations where another tolerates a superset', () => {
  const cases: Array<[string, unknown[], unknown[], unknown[]]> = [
    ['disjoint', [{ key: 'a', operator: 'Exists' }], [{ key: 'b', operator: 'Exists' }], [{ key: 'a', operator: 'Exists' }, { key: 'b', operator: 'Exists' }]],
    ['equal ones once', [{ key: 'a', operator: 'Exists' }], [{ key: 'a', operator: 'Exists' }], [{ key: 'a', operator: 'Exists' }]],
    ['every effect covers one', [{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }], [{ key: 'a', operator: 'Exists' }], [{ key: 'a', operator: 'Exists' }]],
    ['a shorter NoExecute is covered by a longer one', [{ key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }], [{ key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }],
      [{ key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }]],
    ['a value under Exists', [{ key: 'a', operator: 'Equal', value: 'x' }], [{ key: 'a', operator: 'Exists' }], [{ key: 'a', operator: 'Exists' }]],
  ];
  for (const [name, first, second, expected] of cases) assert.deepEqual(mergeTolerations(first as never, second as never), expected, name);
});
