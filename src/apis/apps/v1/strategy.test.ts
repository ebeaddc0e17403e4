import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../errors/status-error.js';
import type { ResourceDefinition } from '../../../registry/resource-definition.js';
import type { KubeObject } from '../../meta/v1/types.js';
import { memoryStores } from '../../core/v1/pod/subresources/test-stores.js';
import { defaultDaemonSet, defaultDeployment, defaultReplicaSet, defaultStatefulSet } from './defaults.js';
import { controllerRevisionDefinition } from './controllerrevision.js';
import { daemonSetDefinition } from './daemonset.js';
import { deploymentDefinition } from './deployment.js';
import { replicaSetDefinition } from './replicaset.js';
import { statefulSetDefinition } from './statefulset.js';
import { controllerRevisionColumns, daemonSetColumns, deploymentColumns, replicaSetColumns, statefulSetColumns } from './tables.js';
import type { ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet } from './schemas.generated.js';

const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1' }] } };
const selector = { matchLabels: { app: 'web' } };

test('defaults as upstream SetDefaults_* (1.25 feature gates)', () => {
  const d = { metadata: { name: 'd' }, spec: { selector, template: structuredClone(template) } } as Deployment;
  defaultDeployment(d);
  assert.deepEqual([d.spec?.replicas, d.spec?.strategy, d.spec?.revisionHistoryLimit, d.spec?.progressDeadlineSeconds], [1, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } }, 10, 600]);
  assert.deepEqual([d.spec?.template.spec?.restartPolicy, d.spec?.template.spec?.dnsPolicy], ['Always', 'ClusterFirst']);
  const recreate = { metadata: { name: 'd' }, spec: { selector, template: structuredClone(template), strategy: { type: 'Recreate' } } } as Deployment;
  defaultDeployment(recreate);
  assert.deepEqual(recreate.spec?.strategy, { type: 'Recreate' });
  const rs = { metadata: { name: 'r' }, spec: { selector } } as ReplicaSet;
  defaultReplicaSet(rs);
  assert.deepEqual([rs.spec?.replicas, rs.spec?.template?.spec?.restartPolicy], [1, 'Always']);
  const sts = { metadata: { name: 's' }, spec: { selector, serviceName: 's', template: structuredClone(template), volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: {} }] } } as StatefulSet;
  defaultStatefulSet(sts);
  assert.deepEqual([sts.spec?.podManagementPolicy, sts.spec?.updateStrategy, sts.spec?.replicas, sts.spec?.revisionHistoryLimit], ['OrderedReady', { type: 'RollingUpdate', rollingUpdate: { partition: 0 } }, 1, 10]);
  assert.equal(sts.spec?.persistentVolumeClaimRetentionPolicy, undefined);
  // The claim templates as upstream's v1 conversion writes them: apiVersion and kind always set.
  assert.deepEqual(sts.spec?.volumeClaimTemplates, [{ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } }]);
  const onDelete = { metadata: { name: 's' }, spec: { selector, serviceName: 's', template: structuredClone(template), updateStrategy: { type: 'OnDelete' } } } as StatefulSet;
  defaultStatefulSet(onDelete);
  assert.deepEqual(onDelete.spec?.updateStrategy, { type: 'OnDelete' });
  const ds = { metadata: { name: 'ds' }, spec: { selector, template: structuredClone(template) } } as DaemonSet;
  defaultDaemonSet(ds);
  assert.deepEqual([ds.spec?.updateStrategy, ds.spec?.revisionHistoryLimit], [{ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } }, 10]);
});

test('table cells as upstream printers', () => {
  const now = new Date();
  const cells = <T extends KubeObject>(columns: { definition: { name: string }; cell(obj: T, now: Date): unknown }[], obj: T) =>
    columns.filter((c) => c.definition.name !== 'Age').map((c) => [c.definition.name, c.cell(obj, now)]);
  const d = { metadata: { name: 'web' }, spec: { replicas: 3, selector: { matchLabels: { b: '2' }, matchExpressions: [{ key: 'a', operator: 'In', values: ['x', 'y'] }] }, template }, status: { readyReplicas: 1, updatedReplicas: 2 } } as Deployment;
  assert.deepEqual(cells(deploymentColumns, d), [['Name', 'web'], ['Ready', '1/3'], ['Up-to-date', 2], ['Available', 0], ['Containers', 'c'], ['Images', 'nginx:1'], ['Selector', 'a in (x,y),b=2']]);
  const rs = { metadata: { name: 'web-1' }, spec: { replicas: 2, selector: {} }, status: { replicas: 1 } } as ReplicaSet;
  assert.deepEqual(cells(replicaSetColumns, rs), [['Name', 'web-1'], ['Desired', 2], ['Current', 1], ['Ready', 0], ['Containers', ''], ['Images', ''], ['Selector', '<none>']]);
  const sts = { metadata: { name: 'db' }, spec: { replicas: 2, selector, serviceName: 'db', template }, status: { replicas: 0 } } as StatefulSet;
  assert.deepEqual(cells(statefulSetColumns, sts), [['Name', 'db'], ['Ready', '0/2'], ['Containers', 'c'], ['Images', 'nginx:1']]);
  const ds = { metadata: { name: 'agent' }, spec: { selector, template }, status: { desiredNumberScheduled: 3, currentNumberScheduled: 2, numberReady: 1, numberMisscheduled: 0 } } as DaemonSet;
  assert.deepEqual(cells(daemonSetColumns, ds), [
    ['Name', 'agent'], ['Desired', 3], ['Current', 2], ['Ready', 1], ['Up-to-date', 0], ['Available', 0], ['Node Selector', '<none>'], ['Containers', 'c'], ['Images', 'nginx:1'], ['Selector', 'app=web'],
  ]);
  const owned: ControllerRevision = { metadata: { name: 'agent-1', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'u', controller: true }] }, revision: 1 };
  assert.deepEqual(cells(controllerRevisionColumns, owned), [['Name', 'agent-1'], ['Controller', 'daemonset.apps/agent'], ['Revision', 1]]);
  assert.deepEqual(cells(controllerRevisionColumns, { metadata: { name: 'x' }, revision: 2 }), [['Name', 'x'], ['Controller', '<none>'], ['Revision', 2]]);
});

describe('apps kinds in a store', () => {
  const defs = [deploymentDefinition, statefulSetDefinition, daemonSetDefinition, replicaSetDefinition, controllerRevisionDefinition] as unknown as ResourceDefinition[];
  const env = memoryStores(defs);
  const store = (resource: string) => env.stores.find((s) => s.def.resource === resource) ?? assert.fail(resource);
  const write = { dryRun: false };
  const get = async <T>(resource: string, name: string) => (await store(resource).get('ns', name)).object as T;
  const update = async <T extends KubeObject>(resource: string, name: string, change: (obj: T) => void, subresource?: string) =>
    (
      await store(resource).update(
        'ns',
        name,
        (current) => {
          const next = structuredClone(current) as T;
          change(next);
          return next;
        },
        { ...write, ...(subresource ? { subresource } : {}) },
      )
    ).object as T;
  before(async () => {
    await env.start();
    await store('deployments').create('ns', { metadata: { name: 'web', namespace: 'ns', labels: { tier: 'front' } }, spec: { selector, template }, status: { replicas: 9 } }, write);
    await store('statefulsets').create(
      'ns',
      { metadata: { name: 'db', namespace: 'ns' }, spec: { selector, serviceName: 'db', template, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } }, persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete' } } },
      write,
    );
    await store('daemonsets').create('ns', { metadata: { name: 'agent', namespace: 'ns', annotations: { 'deprecated.daemonset.template.generation': '5' } }, spec: { selector, template } }, write);
  });
  after(() => env.stop());

  test('Deployment: status reset on create; annotations and spec bump the generation; status keeps spec and labels', async () => {
    const created = await get<Deployment>('deployments', 'web');
    assert.deepEqual([created.status, created.metadata.generation], [{}, 1]);
    const annotated = await update<Deployment>('deployments', 'web', (d) => (d.metadata.annotations = { note: 'x' }));
    assert.equal(annotated.metadata.generation, 2);
    const relabelled = await update<Deployment>('deployments', 'web', (d) => (d.metadata.labels = { tier: 'back' }));
    assert.equal(relabelled.metadata.generation, 2);
    const status = await update<Deployment>('deployments', 'web', (d) => {
      d.status = { replicas: 1, observedGeneration: 2 };
      d.spec = { ...d.spec, replicas: 7 } as Deployment['spec'];
      d.metadata.labels = { tier: 'changed' };
      d.metadata.annotations = { note: 'through status' };
    }, 'status');
    assert.deepEqual([status.status, status.spec?.replicas, status.metadata.labels, status.metadata.generation], [{ replicas: 1, observedGeneration: 2 }, 1, { tier: 'back' }, 2]);
    const main = await update<Deployment>('deployments', 'web', (d) => (d.status = { replicas: 5 }));
    assert.deepEqual(main.status, { replicas: 1, observedGeneration: 2 });
  });

  test('Deployment: the rollbackTo annotation decoded as upstream (400 when malformed, validated, dropped when empty)', async () => {
    const create = (name: string, revision: string) =>
      store('deployments').create('ns', { metadata: { name, namespace: 'ns', annotations: { 'deprecated.deployment.rollback.to': revision } }, spec: { selector, template } }, write);
    await assert.rejects(
      create('bad-rollback', '1x'),
      (e: unknown) =>
        isStatusError(e) &&
        e.code === 400 &&
        e.message === 'Deployment in version "v1" cannot be handled as a Deployment: failed to parse annotation[deprecated.deployment.rollback.to]=1x as int64: strconv.ParseInt: parsing "1x": invalid syntax',
    );
    await assert.rejects(create('negative-rollback', '-2'), (e: unknown) => isStatusError(e) && e.code === 422 && e.message.endsWith('spec.rollback.version: Invalid value: -2: must be greater than or equal to 0'));
    const empty = (await create('empty-rollback', '')).object as Deployment;
    assert.equal(empty.metadata.annotations, undefined);
    const kept = (await create('kept-rollback', '3')).object as Deployment;
    assert.deepEqual(kept.metadata.annotations, { 'deprecated.deployment.rollback.to': '3' });
  });

  test('Deployment scale: get, update through the strategy, errors naming deployments/scale.apps', async () => {
    const scale = deploymentDefinition.subresources?.find((s) => s.name === 'scale');
    assert.ok(scale?.type === 'view');
    const access = { parent: store('deployments'), storeFor: env.access.storeFor };
    const view = await scale.get?.(access, 'ns', 'web');
    assert.deepEqual([view?.['spec'], view?.['status']], [{ replicas: 1 }, { replicas: 1, selector: 'app=web' }]);
    const scaled = await scale.update?.(access, 'ns', 'web', { ...(view as KubeObject), spec: { replicas: 4 } }, { ...write, fieldManager: 'hpa' });
    assert.deepEqual(scaled?.['spec'], { replicas: 4 });
    const stored = await get<Deployment>('deployments', 'web');
    assert.deepEqual([stored.spec?.replicas, stored.metadata.generation], [4, 3]);
    // The writer owns spec.replicas through the scale subresource (upstream's scale handler).
    const entry = stored.metadata.managedFields?.find((m) => m.manager === 'hpa');
    assert.deepEqual([entry?.operation, entry?.apiVersion, entry?.subresource, entry?.fieldsV1], ['Update', 'apps/v1', 'scale', { 'f:spec': { 'f:replicas': {} } }]);
    await assert.rejects(Promise.resolve(scale.get?.(access, 'ns', 'nope')), (e: unknown) => isStatusError(e) && e.message === 'deployments/scale.apps "nope" not found');
    await assert.rejects(
      Promise.resolve(scale.update?.(access, 'ns', 'web', { metadata: { name: 'web', namespace: 'ns', uid: 'other' }, spec: { replicas: 1 } }, write)),
      (e: unknown) => isStatusError(e) && e.code === 409 && e.message.startsWith('Operation cannot be fulfilled on deployments/scale.apps "web": Precondition failed: UID in precondition: other'),
    );
  });

  test('StatefulSet: alpha fields dropped on create (gates off in 1.25), zero counters in status', async () => {
    const sts = await get<StatefulSet>('statefulsets', 'db');
    assert.deepEqual([sts.spec?.updateStrategy, sts.spec?.persistentVolumeClaimRetentionPolicy, sts.status], [{ type: 'RollingUpdate', rollingUpdate: { partition: 0 } }, undefined, { replicas: 0, availableReplicas: 0 }]);
    const status = await update<StatefulSet>('statefulsets', 'db', (s) => (s.status = { replicas: 2, readyReplicas: 1 }), 'status');
    assert.deepEqual(status.status, { replicas: 2, readyReplicas: 1, availableReplicas: 0 });
  });

  test('DaemonSet: the template generation annotation is the server’s', async () => {
    const ds = await get<DaemonSet>('daemonsets', 'agent');
    assert.deepEqual([ds.metadata.annotations, ds.status], [{ 'deprecated.daemonset.template.generation': '5' }, { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 }]);
    const same = await update<DaemonSet>('daemonsets', 'agent', (d) => (d.metadata.annotations = { 'deprecated.daemonset.template.generation': '1' }));
    assert.deepEqual([same.metadata.annotations?.['deprecated.daemonset.template.generation'], same.metadata.generation], ['5', 1]);
    const changed = await update<DaemonSet>('daemonsets', 'agent', (d) => {
      if (d.spec?.template.spec) d.spec.template.spec.containers = [{ name: 'c', image: 'nginx:2' }];
    });
    assert.deepEqual([changed.metadata.annotations?.['deprecated.daemonset.template.generation'], changed.metadata.generation], ['6', 2]);
    await assert.rejects(
      update<DaemonSet>('daemonsets', 'agent', (d) => (d.metadata.annotations = { 'deprecated.daemonset.template.generation': 'x1' })),
      (e: unknown) => isStatusError(e) && e.code === 400 && e.message === 'DaemonSet in version "v1" cannot be handled as a DaemonSet: strconv.ParseInt: parsing "x1": invalid syntax',
    );
    const minReady = await update<DaemonSet>('daemonsets', 'agent', (d) => {
      if (d.spec) d.spec.minReadySeconds = 5;
    });
    assert.deepEqual([minReady.metadata.annotations?.['deprecated.daemonset.template.generation'], minReady.metadata.generation], ['6', 3]);
  });
});
