import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { isStatusError } from '../../errors/status-error.js';
import type { AdmissionAttributes } from '../types.js';
import { defaultStorageClassAdmission } from './default-storage-class.js';

const claims = { group: '', resource: 'persistentvolumeclaims' } as ResourceDefinition;
const sc = (name: string, annotations?: Record<string, string>): KubeObject => ({ metadata: { name, ...(annotations ? { annotations } : {}) }, provisioner: 'p' });
const GA = 'storageclass.kubernetes.io/is-default-class';
const BETA = 'storageclass.beta.kubernetes.io/is-default-class';

async function admitted(classes: KubeObject[], claim: KubeObject, extra: Partial<AdmissionAttributes> = {}): Promise<unknown> {
  const a: AdmissionAttributes = { operation: 'CREATE', def: claims, namespace: 'ns', name: 'data', subresource: '', object: claim, dryRun: false, ...extra };
  await defaultStorageClassAdmission(async () => classes).admit!(a);
  return (claim['spec'] as { storageClassName?: string }).storageClassName;
}

test('DefaultStorageClass gives class-less claims the one default class', async () => {
  const bare = (): KubeObject => ({ metadata: { name: 'data' }, spec: {} });
  const cases: Array<[string, KubeObject[], KubeObject, Partial<AdmissionAttributes>, unknown]> = [
    ['no default', [sc('a'), sc('b', { [GA]: 'false' })], bare(), {}, undefined],
    ['the GA annotation', [sc('a'), sc('fast', { [GA]: 'true' })], bare(), {}, 'fast'],
    ['the beta annotation', [sc('slow', { [BETA]: 'true' })], bare(), {}, 'slow'],
    ['a class named, even empty', [sc('fast', { [GA]: 'true' })], { metadata: { name: 'data' }, spec: { storageClassName: '' } }, {}, ''],
    ['the beta class annotation', [sc('fast', { [GA]: 'true' })], { metadata: { name: 'data', annotations: { 'volume.beta.kubernetes.io/storage-class': 'x' } }, spec: {} }, {}, undefined],
    ['an update', [sc('fast', { [GA]: 'true' })], bare(), { operation: 'UPDATE' }, undefined],
  ];
  for (const [name, classes, claim, extra, expected] of cases) assert.equal(await admitted(classes, claim, extra), expected, name);
  await assert.rejects(admitted([sc('a', { [GA]: 'true' }), sc('b', { [BETA]: 'true' })], { metadata: { name: 'data' }, spec: {} }),
    (e) => isStatusError(e) && e.code === 403 && e.message === 'persistentvolumeclaims "data" is forbidden: Internal error occurred: 2 default StorageClasses were found');
});
