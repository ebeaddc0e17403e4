import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { decodeProtobufObject, encodeProtobufObject, fieldNumberOf } from '../../../schema/protobuf/index.js';
import { leaseDefinition, LeaseSchema, LeaseSpecSchema, validateLease, validateLeaseUpdate, type Lease, type LeaseSpec } from './lease.js';

const meta = { name: 'kplane-namespace-controller', namespace: 'kube-system', resourceVersion: '7' };
const lease = (spec?: LeaseSpec, metadata: Lease['metadata'] = { ...meta }): Lease => ({ metadata, ...(spec ? { spec } : {}) });
const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);

test('validateLease: table of cases with upstream messages', () => {
  const cases: [string, Lease, string[]][] = [
    ['no spec', lease(), []],
    ['a held lease', lease({ holderIdentity: 'host_1', leaseDurationSeconds: 15, leaseTransitions: 0, acquireTime: '2024-01-01T00:00:00.000000Z', renewTime: '2024-01-01T00:00:02.000000Z' }), []],
    ['released (empty holder)', lease({ holderIdentity: '', leaseDurationSeconds: 1 }), []],
    ['zero duration', lease({ leaseDurationSeconds: 0 }), ['spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0']],
    ['negative duration', lease({ leaseDurationSeconds: -5 }), ['spec.leaseDurationSeconds: Invalid value: -5: must be greater than 0']],
    ['negative transitions', lease({ leaseTransitions: -1 }), ['spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0']],
    [
      'both wrong',
      lease({ leaseDurationSeconds: 0, leaseTransitions: -2 }),
      ['spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0', 'spec.leaseTransitions: Invalid value: -2: must be greater than or equal to 0'],
    ],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateLease(obj)), want, name);
});

test('validateLease: names are DNS subdomains', () => {
  assert.deepEqual(messages(validateLease(lease(undefined, { name: 'node-1.example', namespace: 'kube-node-lease' }))), []);
  const errors = messages(validateLease(lease(undefined, { name: 'Node_1', namespace: 'kube-node-lease' })));
  assert.equal(errors.length, 1);
  assert.match(errors[0] ?? '', /^metadata\.name: Invalid value: "Node_1": a lowercase RFC 1123 subdomain must consist of/);
});

test('validateLeaseUpdate: metadata update rules, then the spec; the holder may change', () => {
  const old = lease({ holderIdentity: 'a', leaseTransitions: 0 });
  assert.deepEqual(messages(validateLeaseUpdate(lease({ holderIdentity: 'b', leaseTransitions: 1 }), old)), []);
  assert.deepEqual(messages(validateLeaseUpdate(lease({ leaseDurationSeconds: 0 }, { ...meta, resourceVersion: '' }), old)), [
    'metadata.resourceVersion: Invalid value: "": must be specified for an update',
    'spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0',
  ]);
});

test('Lease definition: identity, storage path, strategy and table', () => {
  const def = leaseDefinition;
  assert.deepEqual([def.group, def.version, def.kind, def.listKind, def.resource, def.singular], ['coordination.k8s.io', 'v1', 'Lease', 'LeaseList', 'leases', 'lease']);
  assert.equal(def.shortNames, undefined);
  assert.equal(def.namespaced, true);
  assert.equal(def.verbs.length, 8);
  assert.equal(def.strategy.allowCreateOnUpdate, true);
  assert.equal(def.storage?.resourcePath, 'leases');
  const columns = def.tableColumns ?? [];
  assert.deepEqual(columns.map((c) => [c.definition.name, c.definition.type, c.definition.format, c.definition.priority]), [
    ['Name', 'string', 'name', 0],
    ['Holder', 'string', '', 0],
    ['Age', 'string', '', 0],
  ]);
  const now = new Date('2024-01-01T00:02:00Z');
  const held = lease({ holderIdentity: 'host_abc' }, { ...meta, creationTimestamp: '2024-01-01T00:00:00Z' });
  assert.deepEqual(columns.map((c) => c.cell(held, now)), ['kplane-namespace-controller', 'host_abc', '2m']);
  assert.equal(columns[1]?.cell(lease(), now), '');
});

test('LeaseSpec protobuf field numbers are upstream generated.proto', () => {
  const numbers = Object.fromEntries(Object.entries(LeaseSpecSchema.properties).map(([name, schema]) => [name, fieldNumberOf(schema)]));
  assert.deepEqual(numbers, { holderIdentity: 1, leaseDurationSeconds: 2, acquireTime: 3, renewTime: 4, leaseTransitions: 5 });
});

test('Lease protobuf: decode(encode(lease)) is the lease (kubectl and client-go may send protobuf)', () => {
  const object = {
    metadata: { name: 'held', namespace: 'kube-system' },
    spec: { holderIdentity: 'host_1', leaseDurationSeconds: 15, leaseTransitions: 3, acquireTime: '2024-01-01T00:00:00.123456Z', renewTime: '2024-01-01T00:00:02.000001Z' },
  };
  const encoded = encodeProtobufObject(LeaseSchema, 'coordination.k8s.io/v1', 'Lease', object);
  const decoded = decodeProtobufObject(LeaseSchema, encoded);
  assert.deepEqual(decoded.object, { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', ...object });
});
