import { refusalOf } from './test-admission.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { pvcResizeAdmission } from './pvc-resize.js';

const claims = { group: '', resource: 'persistentvolumeclaims' } as ResourceDefinition;
const classes: Record<string, KubeObject> = {
  expandable: { metadata: { name: 'expandable' }, provisioner: 'p', allowVolumeExpansion: true },
  fixed: { metadata: { name: 'fixed' }, provisioner: 'p' },
};
const claim = (storage: string, storageClassName?: string, phase?: string): KubeObject => ({
  metadata: { name: 'data' },
  spec: { ...(storageClassName === undefined ? {} : { storageClassName }), resources: { requests: { storage } } },
  ...(phase ? { status: { phase } } : {}),
});

test('PersistentVolumeClaimResize lets a bound claim grow only where its class allows expansion', async () => {
  const plugin = pvcResizeAdmission(async (name) => classes[name]);
  const refusal = (object: KubeObject, old: KubeObject): Promise<string | undefined> =>
    refusalOf(plugin, { operation: 'UPDATE', def: claims, namespace: 'ns', name: 'data', subresource: '', object, oldObject: old, dryRun: false });
  const notSupported = 'persistentvolumeclaims "data" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize';
  const cases: Array<[string, KubeObject, KubeObject, string | undefined]> = [
    ['grows, expandable', claim('2Gi', 'expandable'), claim('1Gi', 'expandable', 'Bound'), undefined],
    ['same size', claim('1024Mi', 'fixed'), claim('1Gi', 'fixed', 'Bound'), undefined],
    ['shrinks (validation refuses that)', claim('1Gi', 'fixed'), claim('2Gi', 'fixed', 'Bound'), undefined],
    ['not bound', claim('2Gi', 'expandable'), claim('1Gi', 'expandable', 'Pending'), 'persistentvolumeclaims "data" is forbidden: Only bound persistent volume claims can be expanded'],
    ['class without expansion', claim('2Gi', 'fixed'), claim('1Gi', 'fixed', 'Bound'), notSupported],
    ['no class', claim('2Gi'), claim('1Gi', undefined, 'Bound'), notSupported],
    ['a missing class', claim('2Gi', 'gone'), claim('1Gi', 'gone', 'Bound'), notSupported],
  ];
  for (const [name, object, old, expected] of cases) assert.equal(await refusal(object, old), expected, name);
});
