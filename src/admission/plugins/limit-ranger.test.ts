import { refusalOf } from './test-admission.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { limitRanger } from './limit-ranger.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;
const claims = { group: '', resource: 'persistentvolumeclaims' } as ResourceDefinition;
const range = (...limits: unknown[]): KubeObject => ({ metadata: { name: 'limits', namespace: 'ns' }, spec: { limits } });
const attrs = (def: ResourceDefinition, object: KubeObject, extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes => ({
  operation: 'CREATE', def, namespace: 'ns', name: object.metadata.name ?? '', subresource: '', object, dryRun: false, ...extra,
});
const pod = (containers: unknown[], initContainers?: unknown[]): KubeObject => ({ metadata: { name: 'p' }, spec: { containers, ...(initContainers ? { initContainers } : {}) } });

async function admitted(ranges: KubeObject[], object: KubeObject, def = pods, extra: Partial<AdmissionAttributes> = {}): Promise<string | undefined> {
  return refusalOf(limitRanger(async () => ranges), attrs(def, object, extra));
}

test('LimitRanger defaults containers from the Container items and says so in an annotation', async () => {
  const p = pod([{ name: 'c', image: 'i' }, { name: 'd', image: 'i', resources: { limits: { cpu: '1' } } }], [{ name: 'init', image: 'i' }]);
  assert.equal(await admitted([range({ type: 'Container', default: { cpu: '500m', memory: '1Gi' }, defaultRequest: { cpu: '100m', memory: '1Gi' } })], p), undefined);
  const spec = p['spec'] as { containers: Array<{ resources: unknown }>; initContainers: Array<{ resources: unknown }> };
  assert.deepEqual(spec.containers[0]?.resources, { limits: { cpu: '500m', memory: '1Gi' }, requests: { cpu: '100m', memory: '1Gi' } });
  assert.deepEqual(spec.containers[1]?.resources, { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '100m', memory: '1Gi' } });
  assert.deepEqual(spec.initContainers[0]?.resources, { limits: { cpu: '500m', memory: '1Gi' }, requests: { cpu: '100m', memory: '1Gi' } });
  assert.equal(p.metadata.annotations?.['kubernetes.io/limit-ranger'],
    'LimitRanger plugin set: cpu, memory request for container c; cpu, memory limit for container c; cpu, memory request for container d; memory limit for container d; cpu, memory request for init container init; cpu, memory limit for init container init');
});

test('LimitRanger refuses pods and claims outside the bounds with upstream messages', async () => {
  const cpu = (requests?: Record<string, string>, limits?: Record<string, string>) => pod([{ name: 'c', image: 'i', resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } }]);
  const container = (bounds: Record<string, unknown>) => range({ type: 'Container', ...bounds });
  const cases: Array<[string, KubeObject, KubeObject, string | undefined]> = [
    ['within', container({ min: { cpu: '100m' }, max: { cpu: '1' } }), cpu({ cpu: '200m' }, { cpu: '500m' }), undefined],
    ['no request for a min', container({ min: { cpu: '100m' } }), cpu(), 'pods "p" is forbidden: minimum cpu usage per Container is 100m.  No request is specified'],
    ['request under the min', container({ min: { cpu: '100m' } }), cpu({ cpu: '50m' }), 'pods "p" is forbidden: minimum cpu usage per Container is 100m, but request is 50m'],
    ['no limit for a max', container({ max: { memory: '1Gi' } }), cpu(), 'pods "p" is forbidden: maximum memory usage per Container is 1Gi.  No limit is specified'],
    ['limit over the max', container({ max: { memory: '1Gi' } }), cpu(undefined, { memory: '2Gi' }), 'pods "p" is forbidden: maximum memory usage per Container is 1Gi, but limit is 2Gi'],
    ['ratio over', container({ maxLimitRequestRatio: { cpu: '2' } }), cpu({ cpu: '100m' }, { cpu: '400m' }), 'pods "p" is forbidden: cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000'],
    ['ratio without a request', container({ maxLimitRequestRatio: { cpu: '2' } }), cpu(undefined, { cpu: '400m' }), 'pods "p" is forbidden: cpu max limit to request ratio per Container is 2, but no request is specified or request is 0'],
    ['several', container({ min: { cpu: '1', memory: '1Mi' } }), cpu({ cpu: '50m', memory: '1Ki' }),
      'pods "p" is forbidden: [minimum cpu usage per Container is 1, but request is 50m, minimum memory usage per Container is 1Mi, but request is 1Ki]'],
    ['a pod total over the max', range({ type: 'Pod', max: { cpu: '1' } }), pod([
      { name: 'a', image: 'i', resources: { requests: { cpu: '600m' }, limits: { cpu: '600m' } } },
      { name: 'b', image: 'i', resources: { requests: { cpu: '600m' }, limits: { cpu: '600m' } } },
    ]), 'pods "p" is forbidden: maximum cpu usage per Pod is 1, but limit is 1200m'],
  ];
  for (const [name, lr, object, expected] of cases) assert.equal(await admitted([lr], object), expected, name);
  const claim = (storage?: string): KubeObject => ({ metadata: { name: 'data' }, spec: { resources: storage ? { requests: { storage } } : {} } });
  const storage = range({ type: 'PersistentVolumeClaim', min: { storage: '1Gi' }, max: { storage: '10Gi' } });
  assert.equal(await admitted([storage], claim('5Gi'), claims), undefined);
  assert.equal(await admitted([storage], claim('20Gi'), claims, { operation: 'UPDATE' }), 'persistentvolumeclaims "data" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi');
  assert.equal(await admitted([storage], claim('500Mi'), claims), 'persistentvolumeclaims "data" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi');
});

test('LimitRanger leaves pod updates, subresources and objects being deleted alone', async () => {
  const bounds = range({ type: 'Container', min: { cpu: '1' }, default: { cpu: '2' } });
  assert.equal(await admitted([bounds], pod([{ name: 'c', image: 'i' }]), pods, { operation: 'UPDATE' }), undefined);
  assert.equal(await admitted([bounds], pod([{ name: 'c', image: 'i' }]), pods, { subresource: 'status' }), undefined);
  const deleting = { metadata: { name: 'data', deletionTimestamp: '2026-01-01T00:00:00Z' } };
  assert.equal(await admitted([range({ type: 'PersistentVolumeClaim', min: { storage: '1Gi' } })], { metadata: { name: 'data' }, spec: {} }, claims, { operation: 'UPDATE', oldObject: deleting }), undefined);
});
