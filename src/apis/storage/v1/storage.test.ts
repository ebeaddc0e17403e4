import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { csiDriverColumns, defaultCSIDriver, validateCSIDriver, validateCSIDriverUpdate, type CSIDriver } from './csidriver.js';
import { validateCSINode, validateCSINodeUpdate, type CSINode } from './csinode.js';
import { validateCSIStorageCapacity, validateCSIStorageCapacityUpdate, type CSIStorageCapacity } from './csistoragecapacity.js';
import { defaultStorageClass, storageClassColumns, validateStorageClass, validateStorageClassUpdate, type StorageClass } from './storageclass.js';
import { validateVolumeAttachment, validateVolumeAttachmentUpdate, type VolumeAttachment } from './volumeattachment.js';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);

test('StorageClass: defaults, validation and update rules as upstream', () => {
  const sc = (fields: Partial<StorageClass>): StorageClass => {
    const obj: StorageClass = { metadata: { name: 'fast', resourceVersion: '1' }, provisioner: 'example.com/fast', ...fields };
    defaultStorageClass(obj);
    return obj;
  };
  assert.deepEqual([sc({}).reclaimPolicy, sc({}).volumeBindingMode], ['Delete', 'Immediate']);
  const cases: [string, StorageClass, string[]][] = [
    ['valid', sc({}), []],
    ['no provisioner', sc({ provisioner: '' }), ['provisioner: Required value']],
    ['bad binding mode', sc({ volumeBindingMode: 'Later' }), ['volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"']],
    ['empty parameter key', sc({ parameters: { '': 'x' } }), ['parameters: Invalid value: "": field can not be empty.']],
    [
      'topologies',
      sc({ allowedTopologies: [{ matchLabelExpressions: [{ key: 'zone', values: ['a', 'a'] }] }, { matchLabelExpressions: [{ key: 'zone', values: ['a'] }] }] }),
      ['allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: "a"', 'allowedTopologies[1].matchLabelExpressions: Duplicate value: ""'],
    ],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateStorageClass(obj)), want, name);
  const old = sc({ parameters: { a: 'b' } });
  assert.deepEqual(messages(validateStorageClassUpdate(sc({ parameters: { a: 'c' }, provisioner: 'other.io/x', reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' }), old)), [
    'parameters: Forbidden: updates to parameters are forbidden.',
    'provisioner: Forbidden: updates to provisioner are forbidden.',
    'reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.',
    'volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable',
  ]);
  const marked = sc({ metadata: { name: 'std', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } });
  assert.deepEqual(storageClassColumns.slice(0, 5).map((c) => c.cell(marked, new Date())), ['std (default)', 'example.com/fast', 'Delete', 'Immediate', false]);
});

test('CSIDriver: defaults, validation, immutable fields and columns', () => {
  const driver = (spec: CSIDriver['spec'] = {}): CSIDriver => {
    const obj: CSIDriver = { metadata: { name: 'hostpath.csi.k8s.io', resourceVersion: '1' }, spec };
    defaultCSIDriver(obj);
    return obj;
  };
  assert.deepEqual(driver().spec, { attachRequired: true, podInfoOnMount: false, storageCapacity: false, fsGroupPolicy: 'ReadWriteOnceWithFSType', volumeLifecycleModes: ['Persistent'], requiresRepublish: false });
  const cases: [string, CSIDriver, string[]][] = [
    ['valid', driver(), []],
    ['policy', driver({ fsGroupPolicy: 'Any' }), ['spec.fsGroupPolicy: Unsupported value: "Any": supported values: "File", "None", "ReadWriteOnceWithFSType"']],
    ['modes', driver({ volumeLifecycleModes: ['Other'] }), ['spec.volumeLifecycleModes: Unsupported value: "Other": supported values: "Persistent", "Ephemeral"']],
    [
      'tokens',
      driver({ tokenRequests: [{ audience: 'a', expirationSeconds: 60 }, { audience: 'a' }] }),
      ['spec.tokenRequests[0].expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes', 'spec.tokenRequests[1].audience: Duplicate value: "a"'],
    ],
    ['unset before defaults', { metadata: { name: 'x' }, spec: {} }, ['spec.attachedRequired: Required value', 'spec.podInfoOnMount: Required value', 'spec.storageCapacity: Required value']],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateCSIDriver(obj)), want, name);
  assert.deepEqual(messages(validateCSIDriverUpdate(driver({ attachRequired: false, storageCapacity: true }), driver())), ['spec.attachedRequired: Invalid value: false: field is immutable']);
  assert.deepEqual(csiDriverColumns.slice(1, 7).map((c) => c.cell(driver({ tokenRequests: [{ audience: 'x' }, { audience: 'y' }] }), new Date())), [true, false, false, 'x,y', false, 'Persistent']);
});

test('VolumeAttachment: source exactly one, v1 checks, spec read-only', () => {
  const va = (spec: Partial<VolumeAttachment['spec']>): VolumeAttachment => ({
    metadata: { name: 'va' },
    spec: { attacher: 'csi.example.com', nodeName: 'node-1', source: { persistentVolumeName: 'pv1' }, ...spec },
  });
  const cases: [string, VolumeAttachment, string[]][] = [
    ['valid', va({}), []],
    ['no source', va({ source: {} }), ['spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName']],
    ['both', va({ source: { persistentVolumeName: 'a', inlineVolumeSpec: {} } }), ['spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName']],
    ['empty pv name', va({ source: { persistentVolumeName: '' } }), ['spec.source.persistentVolumeName: Required value: must specify non empty persistentVolumeName', expect('spec.source.persistentVolumeName', '')]],
    [
      'inline without csi',
      va({ source: { inlineVolumeSpec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, hostPath: { path: '/x' } } } }),
      ['spec.source.inlineVolumeSpec.capacity: Forbidden: may not be specified in the context of inline volumes', 'spec.source.inlineVolumeSpec.csi: Required value: has to be specified in the context of inline volumes'],
    ],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateVolumeAttachment(obj)), want, name);
  const changed = va({ nodeName: 'node-2' });
  assert.match(messages(validateVolumeAttachmentUpdate(changed, va({}))).at(-1) ?? '', /^spec: Invalid value: .*: field is immutable$/);
});

function expect(path: string, value: string): string {
  return `${path}: Invalid value: ${JSON.stringify(value)}: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`;
}

test('CSINode: drivers and their immutability', () => {
  const node = (drivers: CSINode['spec']['drivers']): CSINode => ({ metadata: { name: 'node-1' }, spec: { drivers } });
  const cases: [string, CSINode, string[]][] = [
    ['valid', node([{ name: 'csi.example.com', nodeID: 'n1', topologyKeys: ['topology.kubernetes.io/zone'] }]), []],
    [
      'bad entries',
      node([{ name: 'csi.example.com', nodeID: '', allocatable: { count: -1 } }, { name: 'csi.example.com', nodeID: 'x'.repeat(129) }]),
      [
        'spec.drivers[0].nodeID: Required value',
        'spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0',
        `spec.drivers[1].nodeID: Invalid value: "${'x'.repeat(129)}": must be 128 characters or less`,
        'spec.drivers[1].name: Duplicate value: "csi.example.com"',
      ],
    ],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateCSINode(obj)), want, name);
  const errors = messages(validateCSINodeUpdate(node([{ name: 'csi.example.com', nodeID: 'n2' }]), node([{ name: 'csi.example.com', nodeID: 'n1' }])));
  assert.equal(errors.length, 1);
  assert.match(errors[0] ?? '', /^CSINodeDriver: Invalid value: .*: field is immutable$/);
});

test('CSIStorageCapacity: class and topology immutable, capacity not negative', () => {
  const cap = (fields: Partial<CSIStorageCapacity>): CSIStorageCapacity => ({ metadata: { name: 'c', namespace: 'default', resourceVersion: '1' }, storageClassName: 'fast', ...fields });
  assert.deepEqual(messages(validateCSIStorageCapacity(cap({ capacity: '1Gi' }))), []);
  assert.deepEqual(messages(validateCSIStorageCapacity(cap({ capacity: '-1' }))), ['capacity: Invalid value: "-1": must be greater than or equal to 0']);
  assert.deepEqual(messages(validateCSIStorageCapacityUpdate(cap({ storageClassName: 'slow' }), cap({}))), ['storageClassName: Invalid value: "slow": field is immutable']);
});
