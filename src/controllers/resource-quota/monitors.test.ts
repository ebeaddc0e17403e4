import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ListWatchSubscriber } from '../../client/list-watch.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { objectCountEvaluator } from '../../quota/evaluator.js';
import { podEvaluator } from '../../quota/pods.js';
import type { ControllerContext } from '../controller-context.js';
import { QuotaMonitors } from './monitors.js';

const ALL = ['create', 'list', 'watch', 'delete', 'get', 'update', 'patch', 'deletecollection'];
const def = (resource: string, group = '', extra: Partial<ResourceDefinition> = {}): ResourceDefinition =>
  ({ group, version: 'v1', resource, kind: resource, namespaced: true, verbs: ALL, ...extra }) as unknown as ResourceDefinition;
const object = (namespace: string, name: string): KubeObject => ({ metadata: { namespace, name } });

function harness(definitions: ResourceDefinition[]) {
  const subscribers = new Map<string, { subscriber: ListWatchSubscriber; filter: unknown }>();
  const replenished: string[] = [];
  const context = {
    informers: {
      subscribe: (ref: ResourceDefinition, subscriber: ListWatchSubscriber, filter: unknown) => {
        subscribers.set(ref.resource, { subscriber, filter });
        return () => subscribers.delete(ref.resource);
      },
    },
  } as unknown as ControllerContext;
  const monitors = new QuotaMonitors(context, () => definitions, (group, resource, namespace) => replenished.push(`${resource}.${group}/${namespace}`));
  return { monitors, subscribers, replenished };
}

test('counted resources: names per namespace from the metadata reflector; deletes and relists replenish', async () => {
  const { monitors, subscribers, replenished } = harness([def('configmaps')]);
  const monitor = monitors.monitor(objectCountEvaluator('', 'configmaps', 'configmaps'));
  assert.ok(monitor);
  const { subscriber, filter } = subscribers.get('configmaps') ?? assert.fail('not subscribed');
  assert.deepEqual(filter, { metadataOnly: true, omitManagedFields: true }, "the garbage collector's filter, so one reflector serves both");
  let synced = false;
  void monitor.synced().then(() => (synced = true));
  subscriber.onList([object('a', 'x'), object('a', 'y'), object('b', 'x')]);
  await Promise.resolve();
  assert.ok(synced);
  assert.deepEqual([monitor.count('a'), monitor.count('b'), monitor.count('c')], [2, 1, 0]);
  subscriber.onEvent(object('a', 'z'), 'ADDED');
  subscriber.onEvent(object('a', 'z'), 'MODIFIED');
  assert.equal(monitor.count('a'), 3);
  assert.deepEqual(replenished, []);
  subscriber.onEvent(object('b', 'x'), 'DELETED');
  assert.deepEqual(replenished, ['configmaps./b']);
  assert.equal(monitor.count('b'), 0);
  // A relist after a failed watch: `a/y` went meanwhile.
  subscriber.onList([object('a', 'x'), object('a', 'z'), object('c', 'new')]);
  assert.deepEqual(replenished, ['configmaps./b', 'configmaps./a']);
  assert.deepEqual([monitor.count('a'), monitor.count('c')], [2, 1]);
  assert.equal(monitors.monitor(objectCountEvaluator('', 'configmaps', 'configmaps')), monitor, 'one monitor per resource');
  monitors.stop();
  assert.equal(subscribers.size, 0);
});

test('only quotable served resources are followed', () => {
  const { monitors } = harness([
    def('deployments', 'apps', { storage: { conversion: {} } } as Partial<ResourceDefinition>),
    def('deployments', 'apps'),
    def('nodes', '', { namespaced: false }),
    def('events'),
    def('bindings', '', { verbs: ['create'] } as Partial<ResourceDefinition>),
    def('componentstatuses', '', { computed: true }),
  ]);
  assert.deepEqual(monitors.quotable().map((d) => `${d.resource}.${d.group}`), ['deployments.apps']);
  assert.equal(monitors.quotable()[0]?.storage, undefined, 'the version without conversion');
  assert.equal(monitors.monitor(objectCountEvaluator('', 'widgets')), undefined);
  assert.equal(monitors.monitor(podEvaluator), undefined, 'pods are not served here');
});
