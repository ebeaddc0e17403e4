import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { defaultLimitRange, prepareLimitRangeForCreate, validateLimitRange, type LimitRange } from './limitrange.js';
import type { LimitRangeItem } from './schemas.generated.js';

const lr = (...limits: LimitRangeItem[]): LimitRange => ({ metadata: { name: 'limits', namespace: 'default' }, spec: { limits } });
const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
/** Go's %#v of a Quantity whose String() upstream called before printing it. */
const goQ = (value: number, scale: number, s: string, format = 'DecimalSI'): string =>
  `resource.Quantity{i:resource.int64Amount{value:${value}, scale:${scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"${s}", Format:"${format}"}`;

test('validateLimitRange: table of cases with upstream messages and paths', () => {
  const cases: [string, LimitRange, string[]][] = [
    ['valid container', lr({ type: 'Container', min: { cpu: '100m' }, defaultRequest: { cpu: '200m' }, default: { cpu: '500m' }, max: { cpu: '1' }, maxLimitRequestRatio: { cpu: '10' } }), []],
    ['valid pvc', lr({ type: 'PersistentVolumeClaim', max: { storage: '10Gi' } }), []],
    ['qualified custom type', lr({ type: 'example.com/thing' }), []],
    ['unknown type', lr({ type: 'Thing' }), ['spec.limits[0].type: Invalid value: "Thing": must be a standard limit type or fully qualified']],
    ['duplicate type', lr({ type: 'Pod' }, { type: 'Pod' }), ['spec.limits[1].type: Duplicate value: "Pod"']],
    [
      'pod may not default',
      lr({ type: 'Pod', default: { cpu: '1' }, defaultRequest: { cpu: '1' } }),
      ["spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'", "spec.limits[0].defaultRequest: Forbidden: may not be specified when `type` is 'Pod'"],
    ],
    ['pvc needs storage bound', lr({ type: 'PersistentVolumeClaim', min: { cpu: '1' } }), ['spec.limits[0].limits: Required value: either minimum or maximum storage value is required, but neither was provided']],
    ['container resource name', lr({ type: 'Container', max: { storage: '1Gi' } }), ['spec.limits[0].max[storage]: Invalid value: "storage": must be a standard resource for containers']],
    ['min above max', lr({ type: 'Container', min: { cpu: '2' }, max: { cpu: '1' } }), [`spec.limits[0].min[cpu]: Invalid value: ${goQ(2, 0, '2')}: min value 2 is greater than max value 1`]],
    [
      'defaultRequest above default',
      lr({ type: 'Container', default: { memory: '1Gi' }, defaultRequest: { memory: '2Gi' } }),
      [`spec.limits[0].defaultRequest[memory]: Invalid value: ${goQ(2147483648, 0, '2Gi', 'BinarySI')}: default request value 2Gi is greater than default limit value 1Gi`],
    ],
    [
      'default above max (the max is shown)',
      lr({ type: 'Container', default: { cpu: '2' }, max: { cpu: '1500m' } }),
      [`spec.limits[0].default[cpu]: Invalid value: ${goQ(1500, -3, '1500m')}: default value 2 is greater than max value 1500m`],
    ],
    ['ratio below 1', lr({ type: 'Container', maxLimitRequestRatio: { cpu: '0.5' } }), [`spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: ${goQ(5, -1, '500m')}: ratio 500m is less than 1`]],
    [
      'ratio above max/min',
      lr({ type: 'Container', min: { cpu: '100m' }, max: { cpu: '200m' }, maxLimitRequestRatio: { cpu: '3' } }),
      [`spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: ${goQ(3, 0, '3')}: ratio 3 is greater than max/min = 2.000000`],
    ],
    [
      'hugepages default must equal defaultRequest',
      lr({ type: 'Container', default: { 'hugepages-2Mi': '4Mi' }, defaultRequest: { 'hugepages-2Mi': '2Mi' } }),
      [`spec.limits[0].defaultRequest[hugepages-2Mi]: Invalid value: ${goQ(2097152, 0, '2Mi', 'BinarySI')}: default value 4Mi must equal to defaultRequest value 2Mi in hugepages-2Mi`],
    ],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateLimitRange(obj)), want, name);
});

test('an unnamed LimitRange gets a UUID for a name', () => {
  const obj: LimitRange = { metadata: { namespace: 'default' } };
  prepareLimitRangeForCreate(obj);
  assert.match(obj.metadata.name ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-/);
});

test('SetDefaults_LimitRangeItem: Container defaults from max, default requests from the default, else min', () => {
  const cases: Array<[LimitRangeItem, LimitRangeItem]> = [
    [{ type: 'Container', default: { cpu: '100m' } }, { type: 'Container', default: { cpu: '100m' }, defaultRequest: { cpu: '100m' } }],
    [{ type: 'Container', max: { memory: '1Gi' }, min: { cpu: '10m' } }, { type: 'Container', max: { memory: '1Gi' }, min: { cpu: '10m' }, default: { memory: '1Gi' }, defaultRequest: { memory: '1Gi', cpu: '10m' } }],
    [
      { type: 'Container', max: { cpu: '2' }, min: { cpu: '1' }, default: { cpu: '1500m' }, defaultRequest: { memory: '1Mi' } },
      { type: 'Container', max: { cpu: '2' }, min: { cpu: '1' }, default: { cpu: '1500m' }, defaultRequest: { cpu: '1500m', memory: '1Mi' } },
    ],
    [{ type: 'Container' }, { type: 'Container' }],
    [{ type: 'Pod', max: { cpu: '2' } }, { type: 'Pod', max: { cpu: '2' } }],
  ];
  for (const [item, expected] of cases) {
    const object = lr(structuredClone(item));
    defaultLimitRange(object);
    assert.deepEqual(object.spec?.limits?.[0], expected, JSON.stringify(item));
  }
});
