import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import type { CoreEvent } from '../../core/v1/event.js';
import { eventFromCore, eventToCore } from './event-conversion.js';
import { eventsV1EventDefinition, type EventsV1Event } from './event.js';

const modern: EventsV1Event = {
  apiVersion: 'events.k8s.io/v1',
  kind: 'Event',
  metadata: { name: 'web.17b', namespace: 'default', uid: 'u1' },
  eventTime: '2024-01-01T00:58:00.000000Z',
  series: { count: 2, lastObservedTime: '2024-01-01T00:59:00.000000Z' },
  reportingController: 'example.com/ctl',
  reportingInstance: 'ctl-0',
  action: 'Drain',
  reason: 'Drained',
  regarding: { kind: 'Node', name: 'n1' },
  related: { kind: 'Pod', name: 'p', namespace: 'default' },
  note: 'node drained',
  type: 'Normal',
  deprecatedSource: {},
};

const legacyCore: CoreEvent = {
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: 'web.17a', namespace: 'default' },
  involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' },
  reason: 'BackOff',
  message: 'Back-off',
  source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: '2024-01-01T00:00:00Z',
  lastTimestamp: '2024-01-01T00:57:00Z',
  count: 7,
  type: 'Warning',
  reportingComponent: '',
  reportingInstance: '',
};

test('events.k8s.io/v1 -> core v1: renamed fields, Go zero values', () => {
  assert.deepEqual(eventToCore(modern), {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: modern.metadata,
    involvedObject: { kind: 'Node', name: 'n1' },
    reason: 'Drained',
    message: 'node drained',
    source: {},
    type: 'Normal',
    eventTime: '2024-01-01T00:58:00.000000Z',
    series: { count: 2, lastObservedTime: '2024-01-01T00:59:00.000000Z' },
    action: 'Drain',
    related: { kind: 'Pod', name: 'p', namespace: 'default' },
    reportingComponent: 'example.com/ctl',
    reportingInstance: 'ctl-0',
  });
});

test('core v1 -> events.k8s.io/v1: deprecated fields carry the legacy data', () => {
  assert.deepEqual(eventFromCore(legacyCore), {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: legacyCore.metadata,
    reason: 'BackOff',
    regarding: { kind: 'Pod', name: 'web', namespace: 'default' },
    note: 'Back-off',
    type: 'Warning',
    deprecatedSource: { component: 'kubelet', host: 'node-1' },
    deprecatedFirstTimestamp: '2024-01-01T00:00:00Z',
    deprecatedLastTimestamp: '2024-01-01T00:57:00Z',
    deprecatedCount: 7,
  });
});

test('conversion is lossless both ways and never aliases its input', () => {
  assert.deepEqual(eventFromCore(eventToCore(modern)), modern);
  assert.deepEqual(eventToCore(eventFromCore(legacyCore)), legacyCore);
  const frozen = Object.freeze(structuredClone(legacyCore));
  const view = eventFromCore(frozen);
  view.metadata.labels = { changed: 'yes' };
  assert.equal(frozen.metadata.labels, undefined);
});

test('events.k8s.io/v1 field selectors read either form', () => {
  const selectors = eventsV1EventDefinition.fieldSelectors ?? {};
  assert.deepEqual(Object.keys(selectors).sort(), [
    'reason',
    'regarding.apiVersion',
    'regarding.fieldPath',
    'regarding.kind',
    'regarding.name',
    'regarding.namespace',
    'regarding.resourceVersion',
    'regarding.uid',
    'reportingController',
    'source',
    'type',
  ]);
  const legacyView = eventFromCore(legacyCore);
  const storedModern = eventToCore(modern) as unknown as EventsV1Event;
  const cases: [string, EventsV1Event, string][] = [
    ['regarding.kind', modern, 'Node'],
    ['regarding.kind', storedModern, 'Node'],
    ['regarding.name', legacyView, 'web'],
    ['reportingController', modern, 'example.com/ctl'],
    ['reportingController', storedModern, 'example.com/ctl'],
    ['source', modern, 'example.com/ctl'],
    ['source', legacyView, 'kubelet'],
    ['source', legacyCore as unknown as EventsV1Event, 'kubelet'],
    ['type', legacyView, 'Warning'],
    ['reason', storedModern, 'Drained'],
  ];
  for (const [key, obj, want] of cases) assert.equal(selectors[key]?.(obj), want, key);
});

test('events.k8s.io/v1 table: the core columns over this form', () => {
  const columns = eventsV1EventDefinition.tableColumns ?? [];
  assert.equal(columns.length, 10);
  const now = new Date('2024-01-01T01:00:00Z');
  const row = columns.map((c) => c.cell(modern, now));
  assert.deepEqual(row, ['60s', 'Normal', 'Drained', 'node/n1', '', '', 'node drained', '2m', 2, 'web.17b']);
  assert.deepEqual(columns.map((c) => c.cell(eventToCore(modern) as unknown as EventsV1Event, now)), row);
});

test('events.k8s.io/v1 strategy: strict validation with core field paths', () => {
  const { strategy } = eventsV1EventDefinition;
  assert.deepEqual(strategy.validate?.(modern), []);
  const bad: EventsV1Event = { ...modern, type: 'Info', note: 'x'.repeat(1025), deprecatedCount: 2, series: undefined };
  assert.deepEqual((strategy.validate?.(bad) ?? []).map(fieldErrorMessage), [
    'message: Invalid value: "": can have at most 1024 characters',
    'type: Invalid value: "": has invalid value: Info',
    'count: Invalid value: "": needs to be unset',
  ]);
  const edited: EventsV1Event = { ...modern, metadata: { ...modern.metadata, resourceVersion: '2' }, note: 'edited' };
  assert.deepEqual((strategy.validateUpdate?.(edited, modern) ?? []).map(fieldErrorMessage), ['message: Invalid value: "edited": field is immutable']);
  assert.equal(strategy.allowCreateOnUpdate, true);
});

test('events.k8s.io/v1 definition shares the core storage', () => {
  const def = eventsV1EventDefinition;
  assert.deepEqual([def.group, def.version, def.kind, def.listKind, def.resource, def.singular], ['events.k8s.io', 'v1', 'Event', 'EventList', 'events', 'event']);
  assert.deepEqual(def.shortNames, ['ev']);
  assert.equal(def.storage?.resourcePath, 'events');
  assert.equal(def.storage?.expiresWithEventTtl, true);
  assert.equal(def.storage?.conversion?.toStorage, eventToCore);
  assert.equal(def.storage?.conversion?.fromStorage, eventFromCore);
});
