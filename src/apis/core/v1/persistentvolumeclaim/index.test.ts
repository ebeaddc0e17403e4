import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../../errors/field-errors.js';
import type { PersistentVolumeClaim, PersistentVolumeClaimSpec } from '../schemas.generated.js';
import { persistentVolumeClaimColumns } from './index.js';
import { defaultPersistentVolumeClaim, preparePersistentVolumeClaimForCreate } from './strategy.js';
import { validatePersistentVolumeClaim, validatePersistentVolumeClaimUpdate } from './validation.js';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const base: PersistentVolumeClaimSpec = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' };
const pvc = (spec: PersistentVolumeClaimSpec, phase = 'Pending'): PersistentVolumeClaim => ({
  metadata: { name: 'data', namespace: 'default', resourceVersion: '3' },
  spec,
  status: { phase },
});

test('defaults and prepareForCreate: Filesystem, Pending, data sources mirrored', () => {
  const obj: PersistentVolumeClaim = { metadata: { name: 'a', namespace: 'default' }, spec: { dataSource: { kind: 'PersistentVolumeClaim', name: 'src' } }, status: { phase: 'Bound' } };
  defaultPersistentVolumeClaim(obj);
  preparePersistentVolumeClaimForCreate(obj);
  assert.equal(obj.spec?.volumeMode, 'Filesystem');
  assert.deepEqual(obj.status, { phase: 'Pending' });
  assert.deepEqual(obj.spec?.dataSourceRef, { kind: 'PersistentVolumeClaim', name: 'src' });
  const other: PersistentVolumeClaim = { metadata: { name: 'b', namespace: 'default' }, spec: { dataSource: { kind: 'Pod', name: 'p' } } };
  preparePersistentVolumeClaimForCreate(other);
  assert.equal(other.spec?.dataSource, undefined);
});

test('validatePersistentVolumeClaim: table of cases with upstream messages', () => {
  const cases: [string, PersistentVolumeClaimSpec, string[]][] = [
    ['valid', base, []],
    ['nothing', {}, ['spec.accessModes: Required value: at least 1 access mode is required', 'spec.resources[storage]: Required value']],
    ['zero', { ...base, resources: { requests: { storage: '0' } } }, ['spec.resources[storage]: Invalid value: "0": must be greater than zero']],
    ['class', { ...base, storageClassName: 'Fast' }, [`spec.storageClassName: Invalid value: "Fast": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`]],
    ['data source kind', { ...base, dataSource: { kind: 'Pod', name: 'p' } }, ['spec.dataSource: Invalid value: "Pod"']],
    ['data sources differ', { ...base, dataSource: { kind: 'PersistentVolumeClaim', name: 'a' }, dataSourceRef: { kind: 'PersistentVolumeClaim', name: 'b' } }, ['spec: Invalid value: "spec.dataSource": must match dataSourceRef']],
    [
      'selector',
      { ...base, selector: { matchExpressions: [{ key: 'k', operator: 'Bogus' }] } },
      ['spec.selector.matchExpressions[0].operator: Invalid value: "Bogus": not a valid selector operator'],
    ],
  ];
  for (const [name, spec, want] of cases) assert.deepEqual(messages(validatePersistentVolumeClaim(pvc(spec))), want, name);
});

test('validatePersistentVolumeClaimUpdate: spec immutable except volumeName once and bound requests growing', () => {
  const old = pvc(base);
  const binding = pvc({ ...base, volumeName: 'pv1' });
  assert.deepEqual(messages(validatePersistentVolumeClaimUpdate(binding, old)), []);
  const grown = pvc({ ...base, resources: { requests: { storage: '2Gi' } } });
  const unboundErrors = messages(validatePersistentVolumeClaimUpdate(grown, old));
  assert.equal(unboundErrors.length, 1);
  assert.match(unboundErrors[0] ?? '', /^spec: Forbidden: spec is immutable after creation except resources.requests for bound claims\n/);
  const boundOld = pvc(base, 'Bound');
  assert.deepEqual(messages(validatePersistentVolumeClaimUpdate(pvc({ ...base, resources: { requests: { storage: '2Gi' } } }, 'Bound'), boundOld)), []);
  assert.deepEqual(messages(validatePersistentVolumeClaimUpdate(pvc({ ...base, resources: { requests: { storage: '1024Mi' } } }, 'Bound'), boundOld)), []);
  assert.deepEqual(messages(validatePersistentVolumeClaimUpdate(pvc({ ...base, resources: { requests: { storage: '512Mi' } } }, 'Bound'), boundOld)), [
    'spec.resources.requests.storage: Forbidden: field can not be less than previous value',
  ]);
  const blockErrors = messages(validatePersistentVolumeClaimUpdate(pvc({ ...base, volumeMode: 'Block' }), old));
  assert.equal(blockErrors.at(-1), 'volumeMode: Invalid value: "Block": field is immutable');
});

test('persistentVolumeClaimColumns: capacity and modes only once bound', () => {
  const now = new Date();
  const pending = pvc({ ...base, storageClassName: 'fast' });
  pending.metadata.creationTimestamp = new Date(now.getTime() - 60_000).toISOString();
  assert.deepEqual(persistentVolumeClaimColumns.map((c) => c.definition.name), ['Name', 'Status', 'Volume', 'Capacity', 'Access Modes', 'StorageClass', 'Age', 'VolumeMode']);
  assert.deepEqual(persistentVolumeClaimColumns.map((c) => c.cell(pending, now)), ['data', 'Pending', '', '', '', 'fast', '60s', 'Filesystem']);
  const bound = pvc({ ...base, volumeName: 'pv1' }, 'Bound');
  bound.status = { phase: 'Bound', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] };
  assert.deepEqual(persistentVolumeClaimColumns.slice(1, 5).map((c) => c.cell(bound, now)), ['Bound', 'pv1', '1Gi', 'RWO']);
});
