import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage } from '../../../../errors/field-errors.js';
import { isStatusError } from '../../../../errors/status-error.js';
import type { KubeObject } from '../../../meta/v1/types.js';
import type { ResourceDefinition } from '../../../../registry/resource-definition.js';
import { memoryStores } from '../pod/subresources/test-stores.js';
import type { ReplicationController } from '../schemas.generated.js';
import { defaultReplicationController } from './defaults.js';
import { replicationControllerDefinition } from './replicationcontroller.js';
import { replicationControllerScale, scaleFromReplicationController } from './scale.js';
import { replicationControllerColumns } from './table.js';
import { validateReplicationController, validateReplicationControllerStatusUpdate, validateReplicationControllerUpdate } from './validation.js';

/** A defaulted controller, as validation sees it. */
const rc = (spec: ReplicationController['spec'] = {}, meta: Partial<ReplicationController['metadata']> = {}): ReplicationController => {
  const obj: ReplicationController = {
    metadata: { name: 'web', namespace: 'ns', ...meta },
    spec: { replicas: 2, selector: { app: 'web' }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }], restartPolicy: 'Always' } }, ...spec },
  };
  defaultReplicationController(obj);
  return obj;
};
const messages = (list: { type: string; field: string }[]) => list.map((e) => fieldErrorMessage(e as Parameters<typeof fieldErrorMessage>[0]));

test('defaultReplicationController as upstream SetDefaults_ReplicationController', () => {
  const obj: ReplicationController = { metadata: { name: 'web' }, spec: { template: { metadata: { labels: { app: 'web' } } } } };
  defaultReplicationController(obj);
  assert.deepEqual([obj.spec?.replicas, obj.spec?.selector, obj.metadata.labels], [1, { app: 'web' }, { app: 'web' }]);
  const own: ReplicationController = { metadata: { name: 'web', labels: { mine: 'x' } }, spec: { replicas: 0, selector: { s: '1' }, template: { metadata: { labels: { app: 'web' } } } } };
  defaultReplicationController(own);
  assert.deepEqual([own.spec?.replicas, own.spec?.selector, own.metadata.labels], [0, { s: '1' }, { mine: 'x' }]);
});

test('validateReplicationController as upstream', () => {
  assert.deepEqual(validateReplicationController(rc()), []);
  const cases: [string, ReplicationController, string[]][] = [
    ['empty selector', rc({ selector: {}, template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } }), ['spec.selector: Required value']],
    ['negative replicas', rc({ replicas: -1 }), ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['missing template', rc({ template: undefined as never }), ['spec.template: Required value']],
    ['selector mismatch', rc({ selector: { app: 'other' } }), ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`']],
    [
      'restart policy and deadline',
      rc({ template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }], restartPolicy: 'Never', activeDeadlineSeconds: 5 } } }),
      ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"', 'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicationController is not Supported'],
    ],
  ];
  for (const [name, input, want] of cases) assert.deepEqual(messages(validateReplicationController(input)), want, name);
  // Upstream's update validation runs the spec checks twice.
  assert.equal(validateReplicationControllerUpdate(rc({ replicas: -1 }, { resourceVersion: '1' }), rc()).length, 2);
  assert.deepEqual(messages(validateReplicationControllerStatusUpdate({ ...rc({}, { resourceVersion: '1' }), status: { replicas: 1, readyReplicas: 2, availableReplicas: 3 } }, rc())), [
    'status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than readyReplicas',
  ]);
});

test('table cells and scale view', () => {
  const obj = { ...rc(), status: { replicas: 1, readyReplicas: 1 } };
  const now = new Date();
  assert.deepEqual(replicationControllerColumns.map((c) => c.definition.name), ['Name', 'Desired', 'Current', 'Ready', 'Age', 'Containers', 'Images', 'Selector']);
  assert.deepEqual(replicationControllerColumns.filter((c) => c.definition.name !== 'Age').map((c) => c.cell(obj, now)), ['web', 2, 1, 1, 'c', 'nginx', 'app=web']);
  assert.deepEqual(scaleFromReplicationController({ ...obj, spec: { ...obj.spec, selector: { b: '2', a: '1' } } }).status, { replicas: 1, selector: 'a=1,b=2' });
});

describe('replication controllers in a store', () => {
  const env = memoryStores([replicationControllerDefinition as unknown as ResourceDefinition]);
  const write = { dryRun: false };
  before(async () => {
    await env.start();
    await env.access.parent.create('ns', rc() as KubeObject, write);
  });
  after(() => env.stop());

  test('create resets status and starts generation at 1', async () => {
    const stored = (await env.access.parent.get('ns', 'web')).object as ReplicationController;
    assert.deepEqual([stored.status, stored.metadata.generation], [{ replicas: 0 }, 1]);
  });

  test('scale: get, update bumps the generation, negative replicas are refused', async () => {
    const scale = await replicationControllerScale.get?.(env.access, 'ns', 'web');
    assert.deepEqual(scale?.['spec'], { replicas: 2 });
    assert.deepEqual(scale?.['status'], { replicas: 0, selector: 'app=web' });
    const updated = await replicationControllerScale.update?.(env.access, 'ns', 'web', { ...(scale as KubeObject), spec: { replicas: 5 } }, write);
    assert.deepEqual(updated?.['spec'], { replicas: 5 });
    const stored = (await env.access.parent.get('ns', 'web')).object as ReplicationController;
    assert.deepEqual([stored.spec?.replicas, stored.metadata.generation], [5, 2]);
    await assert.rejects(
      Promise.resolve(replicationControllerScale.update?.(env.access, 'ns', 'web', { metadata: { name: 'web', namespace: 'ns' }, spec: { replicas: -1 } }, write)),
      (e: unknown) => isStatusError(e) && e.code === 422 && e.message === 'Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    );
    await assert.rejects(Promise.resolve(replicationControllerScale.get?.(env.access, 'ns', 'nope')), (e: unknown) => isStatusError(e) && e.message === 'replicationcontrollers/scale.autoscaling "nope" not found');
  });
});
