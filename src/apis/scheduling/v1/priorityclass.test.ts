import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { isStatusError } from '../../../errors/status-error.js';
import { defaultPriorityClass, prepareForPriorityClassDelete, validatePriorityClass, validatePriorityClassUpdate, type PriorityClass } from './priorityclass.js';

const pc = (name: string, value: number, fields: Partial<PriorityClass> = {}): PriorityClass => ({ metadata: { name, resourceVersion: '5' }, value, ...fields });
const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const RESERVED = "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error:";

test('validatePriorityClass: table of cases with upstream messages', () => {
  const cases: [string, PriorityClass, string[]][] = [
    ['valid', pc('high', 1_000_000_000, { preemptionPolicy: 'Never' }), []],
    ['too high', pc('high', 1_000_000_001), ['value: Forbidden: maximum allowed value of a user defined priority is 1000000000']],
    ['negative is fine', pc('low', -5), []],
    ['system class as defined', pc('system-node-critical', 2_000_001_000), []],
    ['unknown system name', pc('system-foo', 1), [`${RESERVED} system-foo is not a known system priority class`]],
    ['system class value', pc('system-cluster-critical', 1), [`${RESERVED} value of system-cluster-critical PriorityClass must be 2000000000`]],
    ['system class default', pc('system-cluster-critical', 2_000_000_000, { globalDefault: true }), [`${RESERVED} globalDefault of system-cluster-critical PriorityClass must be false`]],
    ['bad policy', pc('a', 1, { preemptionPolicy: 'Sometimes' }), ['preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"']],
    ['empty policy', pc('a', 1, { preemptionPolicy: '' }), ['preemptionPolicy: Required value']],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validatePriorityClass(obj)), want, name);
});

test('validatePriorityClassUpdate: value and preemptionPolicy are immutable', () => {
  const old = pc('a', 1, { preemptionPolicy: 'PreemptLowerPriority' });
  assert.deepEqual(messages(validatePriorityClassUpdate(pc('a', 2, { preemptionPolicy: 'Never' }), old)), [
    'value: Forbidden: may not be changed in an update.',
    'preemptionPolicy: Invalid value: "Never": field is immutable',
  ]);
  assert.deepEqual(messages(validatePriorityClassUpdate(pc('a', 1, { preemptionPolicy: 'PreemptLowerPriority', description: 'd' }), old)), []);
});

test('preemptionPolicy defaults to PreemptLowerPriority', () => {
  const obj = pc('a', 1);
  defaultPriorityClass(obj);
  assert.equal(obj.preemptionPolicy, 'PreemptLowerPriority');
});

test('the system classes cannot be deleted; others can', () => {
  assert.throws(
    () => prepareForPriorityClassDelete(pc('system-node-critical', 2_000_001_000), {}, new Date()),
    (e: unknown) => isStatusError(e) && e.code === 403 && e.message === 'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted',
  );
  assert.deepEqual(prepareForPriorityClassDelete(pc('high', 1), {}, new Date()), { action: 'delete' });
});
