import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { validateEventCreate, validateEventUpdate } from './event-validation.js';
import type { CoreEvent } from './event.js';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);

/** A legacy (core v1, no eventTime) event about a pod in `default`. */
const legacy = (fields: Partial<CoreEvent> = {}, namespace = 'default'): CoreEvent => ({
  metadata: { name: 'web.17a', namespace, resourceVersion: '9' },
  involvedObject: { kind: 'Pod', name: 'web', namespace },
  reason: 'Started',
  message: 'Started container',
  source: { component: 'kubelet' },
  count: 1,
  type: 'Normal',
  ...fields,
});

/** A new-style event as events.k8s.io/v1 writes it (converted to the core form). */
const modern = (fields: Partial<CoreEvent> = {}, namespace = 'default'): CoreEvent => ({
  metadata: { name: 'web.17b', namespace, resourceVersion: '9' },
  involvedObject: { kind: 'Pod', name: 'web', namespace },
  eventTime: '2024-01-01T00:00:00.000001Z',
  reportingComponent: 'example.com/controller',
  reportingInstance: 'controller-0',
  action: 'Scale',
  reason: 'Scaled',
  message: 'scaled up',
  type: 'Normal',
  source: {},
  ...fields,
});

const MISMATCH = 'does not match event.namespace';

test('legacy validation (core v1 writes): namespace rules only', () => {
  const cases: [string, CoreEvent, string[]][] = [
    ['valid', legacy(), []],
    ['cluster-scoped object in default', legacy({ involvedObject: { kind: 'Node', name: 'n1' } }), []],
    ['cluster-scoped object in another namespace', legacy({ involvedObject: { kind: 'Node', name: 'n1' } }, 'team'), [`involvedObject.namespace: Invalid value: "": ${MISMATCH}`]],
    ['other namespace', legacy({ involvedObject: { kind: 'Pod', name: 'web', namespace: 'other' } }), [`involvedObject.namespace: Invalid value: "other": ${MISMATCH}`]],
    ['no involvedObject at all', legacy({ involvedObject: undefined }), []],
    ['lenient on type and reason', legacy({ type: 'Whatever', reason: '' }), []],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateEventCreate(obj, false)), want, name);
  const badNs = messages(validateEventCreate(legacy({ involvedObject: {} }, ''), false));
  assert.match(badNs[0] ?? '', /^namespace: Invalid value: "": a lowercase RFC 1123 subdomain/);
});

test('new-style events (eventTime set) need reporting fields, within limits', () => {
  const long = (n: number): string => 'x'.repeat(n);
  const cases: [string, CoreEvent, string[]][] = [
    ['valid', modern(), []],
    ['cluster-scoped object in kube-system', modern({ involvedObject: { kind: 'Node', name: 'n' } }, 'kube-system'), []],
    ['cluster-scoped object in a team namespace', modern({ involvedObject: { kind: 'Node', name: 'n' } }, 'team'), [`involvedObject.namespace: Invalid value: "": ${MISMATCH}`]],
    ['missing instance and action', modern({ reportingInstance: '', action: undefined }), ['reportingInstance: Required value', 'action: Required value']],
    ['too long', modern({ reportingInstance: long(129), action: long(129), reason: long(129), message: long(1025) }), [
      'reportingInstance: Invalid value: "": can have at most 128 characters',
      'action: Invalid value: "": can have at most 128 characters',
      'reason: Invalid value: "": can have at most 128 characters',
      'message: Invalid value: "": can have at most 1024 characters',
    ]],
    ['at the limits', modern({ reportingInstance: long(128), action: long(128), reason: long(128), message: long(1024) }), []],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateEventCreate(obj, false)), want, name);
  const noController = messages(validateEventCreate(modern({ reportingComponent: '' }), false));
  assert.equal(noController[0], 'reportingController: Required value');
  assert.match(noController[1] ?? '', /^reportingController: Invalid value: "": name part must be non-empty$/);
  const badController = messages(validateEventCreate(modern({ reportingComponent: 'a b' }), false));
  assert.match(badController[0] ?? '', /^reportingController: Invalid value: "a b": name part must consist of alphanumeric/);
});

test('strict create (events.k8s.io/v1): eventTime, type, series, no deprecated fields', () => {
  const cases: [string, CoreEvent, string[]][] = [
    ['valid', modern(), []],
    ['valid series', modern({ series: { count: 2, lastObservedTime: '2024-01-01T00:01:00.000000Z' } }), []],
    ['bad series', modern({ series: { count: 1 } }), ['series.count: Invalid value: "": should be at least 2', 'series.lastObservedTime: Required value']],
    ['bad type', modern({ type: 'Info' }), ['type: Invalid value: "": has invalid value: Info']],
    ['deprecated fields set', modern({ firstTimestamp: '2024-01-01T00:00:00Z', lastTimestamp: '2024-01-01T00:00:00Z', count: 3, source: { host: 'node-1' } }), [
      'firstTimestamp: Invalid value: "": needs to be unset',
      'lastTimestamp: Invalid value: "": needs to be unset',
      'count: Invalid value: "": needs to be unset',
      'source: Invalid value: "": needs to be unset',
    ]],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateEventCreate(obj, true)), want, name);
  // Without eventTime the event is legacy-shaped: no reporting rules, but eventTime and type are required.
  assert.deepEqual(messages(validateEventCreate(legacy({ type: '', count: 0, source: {} }), true)), [
    'eventTime: Required value',
    'type: Invalid value: "": has invalid value: ',
  ]);
  const badName = messages(validateEventCreate({ ...modern(), metadata: { name: 'Bad', namespace: 'default' } }, true));
  assert.match(badName[0] ?? '', /^metadata\.name: Invalid value: "Bad": a lowercase RFC 1123 subdomain/);
});

test('strict update: only the series may change; legacy update is lenient', () => {
  const old = modern({ series: { count: 2, lastObservedTime: '2024-01-01T00:01:00.000000Z' } });
  const bumped = modern({ series: { count: 3, lastObservedTime: '2024-01-01T00:02:00.000000Z' } });
  assert.deepEqual(messages(validateEventUpdate(bumped, old, true)), []);
  const badSeries = modern({ series: { count: 1, lastObservedTime: '2024-01-01T00:02:00.000000Z' } });
  assert.deepEqual(messages(validateEventUpdate(badSeries, old, true)), ['series.count: Invalid value: "": should be at least 2']);
  const edited = modern({ series: old.series, reason: 'Other', message: 'edited', related: { kind: 'Node', name: 'n' }, eventTime: '2024-01-01T00:00:00.000002Z' });
  assert.deepEqual(messages(validateEventUpdate(edited, old, true)), [
    'reason: Invalid value: "Other": field is immutable',
    'message: Invalid value: "edited": field is immutable',
    'reason: Invalid value: "Other": field is immutable',
    'eventTime: Invalid value: "2024-01-01T00:00:00.000002Z": field is immutable',
    'related: Invalid value: {"kind":"Node","name":"n"}: field is immutable',
  ]);
  const moved = modern({ series: old.series, involvedObject: { kind: 'Pod', name: 'db', namespace: 'default' } });
  assert.deepEqual(messages(validateEventUpdate(moved, old, true)), [
    'involvedObject: Invalid value: {"kind":"Pod","name":"db","namespace":"default"}: field is immutable',
  ]);
  // Same instant written differently is no change.
  const sameTime = modern({ series: old.series, eventTime: '2024-01-01T00:00:00.000001000Z' });
  assert.deepEqual(messages(validateEventUpdate(sameTime, old, true)), []);
  assert.deepEqual(messages(validateEventUpdate(legacy({ reason: 'Changed', count: 5 }), legacy(), false)), []);
});
