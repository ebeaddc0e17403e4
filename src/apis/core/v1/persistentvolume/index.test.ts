import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../../errors/field-errors.js';
import type { PersistentVolume, PersistentVolumeSpec } from '../schemas.generated.js';
import { defaultPersistentVolume, persistentVolumeColumns, preparePersistentVolumeForCreate } from './index.js';
import { validatePersistentVolume, validatePersistentVolumeUpdate } from './validation.js';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const base: PersistentVolumeSpec = { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, hostPath: { path: '/data' } };
const pv = (spec: PersistentVolumeSpec, name = 'pv1'): PersistentVolume => ({ metadata: { name }, spec });

test('defaultPersistentVolume and prepareForCreate: Retain, Filesystem, Pending', () => {
  const obj = pv({ ...base });
  obj.status = { phase: 'Bound' };
  defaultPersistentVolume(obj);
  preparePersistentVolumeForCreate(obj);
  assert.equal(obj.spec?.persistentVolumeReclaimPolicy, 'Retain');
  assert.equal(obj.spec?.volumeMode, 'Filesystem');
  assert.deepEqual(obj.status, { phase: 'Pending' });
  assert.equal(obj.spec?.hostPath?.type, '');
});

test('validatePersistentVolume: table of cases with upstream messages', () => {
  const cases: [string, PersistentVolumeSpec, string[]][] = [
    ['valid', base, []],
    [
      'nothing',
      {},
      [
        'spec.accessModes: Required value',
        'spec.capacity: Required value',
        'spec.capacity: Unsupported value: null: supported values: "storage"',
        'spec: Required value: must specify a volume type',
      ],
    ],
    ['bad mode', { ...base, accessModes: ['ReadWriteOncePod'] }, ['spec.accessModes: Unsupported value: "ReadWriteOncePod": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce"']],
    ['zero capacity', { ...base, capacity: { storage: '0' } }, ['spec.capacity[storage]: Invalid value: "0": must be greater than zero']],
    [
      'negative capacity',
      { ...base, capacity: { storage: '-1Ki' } },
      ['spec.capacity[storage]: Invalid value: -1024: must be a valid resource quantity', 'spec.capacity[storage]: Invalid value: "-1Ki": must be greater than zero'],
    ],
    ['reclaim', { ...base, persistentVolumeReclaimPolicy: 'Keep' }, ['spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"']],
    ['two sources', { ...base, nfs: { server: 's', path: '/x' } }, ['spec.nfs: Forbidden: may not specify more than 1 volume type']],
    ['local needs affinity', { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, local: { path: '/mnt' } }, ['spec.nodeAffinity: Required value: Local volume requires node affinity']],
    [
      'node affinity',
      { ...base, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'k', operator: 'In' }] }] } } },
      ["spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"],
    ],
    ['affinity without required', { ...base, nodeAffinity: {} }, ['spec.nodeAffinity.required: Required value: must specify required node constraints']],
    ['recycle root', { ...base, hostPath: { path: '/' }, persistentVolumeReclaimPolicy: 'Recycle' }, ["spec.persistentVolumeReclaimPolicy: Forbidden: may not be 'recycle' for a hostPath mount of '/'"]],
    ['volume mode', { ...base, volumeMode: 'Raw' }, ['spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"']],
    [
      'csi',
      { ...base, hostPath: undefined, csi: { driver: 'x.csi', volumeHandle: '', nodePublishSecretRef: { name: 's' } } },
      ['spec.csi.volumeHandle: Required value', 'spec.csi.nodePublishSecretRef.namespace: Required value'],
    ],
  ];
  for (const [name, spec, want] of cases) assert.deepEqual(messages(validatePersistentVolume(pv(spec))), want, name);
});

test('validatePersistentVolumeUpdate: the source, volumeMode and nodeAffinity are immutable', () => {
  const old = pv({ ...base, volumeMode: 'Filesystem', nodeAffinity: { required: { nodeSelectorTerms: [{}] } } });
  old.metadata.resourceVersion = '1';
  const changed = structuredClone(old);
  changed.spec = { ...changed.spec, hostPath: { path: '/other' }, volumeMode: 'Block', nodeAffinity: { required: { nodeSelectorTerms: [{ matchFields: [] }, {}] } } };
  const errors = messages(validatePersistentVolumeUpdate(changed, old));
  assert.equal(errors.length, 3);
  assert.match(errors[0] ?? '', /^spec\.persistentvolumesource: Forbidden: spec\.persistentvolumesource is immutable after creation\n/);
  assert.equal(errors[1], 'volumeMode: Invalid value: "Block": field is immutable');
  assert.match(errors[2] ?? '', /^nodeAffinity: Invalid value: .*: field is immutable$/);
  const capacityOnly = structuredClone(old);
  capacityOnly.spec = { ...capacityOnly.spec, capacity: { storage: '2Gi' } };
  assert.deepEqual(messages(validatePersistentVolumeUpdate(capacityOnly, old)), []);
});

test('persistentVolumeColumns: cells as upstream printPersistentVolume', () => {
  const obj = pv({ ...base, accessModes: ['ReadWriteMany', 'ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain', claimRef: { namespace: 'ns', name: 'c' }, storageClassName: 'fast', volumeMode: 'Filesystem' });
  obj.status = { phase: 'Bound' };
  const now = new Date();
  obj.metadata.creationTimestamp = new Date(now.getTime() - 5000).toISOString();
  assert.deepEqual(persistentVolumeColumns.map((c) => c.definition.name), ['Name', 'Capacity', 'Access Modes', 'Reclaim Policy', 'Status', 'Claim', 'StorageClass', 'Reason', 'Age', 'VolumeMode']);
  assert.deepEqual(persistentVolumeColumns.map((c) => c.cell(obj, now)), ['pv1', '1Gi', 'RWO,RWX', 'Retain', 'Bound', 'ns/c', 'fast', '', '5s', 'Filesystem']);
});
