import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreEventDefinition, defaultCoreEvent, type CoreEvent } from './event.js';

const now = new Date('2024-01-01T01:00:00Z');

const legacy: CoreEvent = {
  metadata: { name: 'web.17a', namespace: 'default', creationTimestamp: '2024-01-01T00:00:00Z' },
  involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', fieldPath: 'spec.containers{app}' },
  reason: 'BackOff',
  message: '  Back-off restarting  \n',
  source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: '2024-01-01T00:00:00Z',
  lastTimestamp: '2024-01-01T00:57:00Z',
  count: 7,
  type: 'Warning',
};

const modern: CoreEvent = {
  metadata: { name: 'web.17b', namespace: 'default' },
  involvedObject: { kind: 'Node', name: '' },
  eventTime: '2024-01-01T00:58:00.000000Z',
  reportingComponent: 'example.com/ctl',
  reportingInstance: 'ctl-0',
  action: 'Drain',
  reason: 'Drained',
  message: 'node drained',
  type: 'Normal',
  source: {},
};

test('event table: upstream columns in order, with priorities', () => {
  const columns = coreEventDefinition.tableColumns ?? [];
  assert.deepEqual(
    columns.map((c) => [c.definition.name, c.definition.type, c.definition.format, c.definition.priority]),
    [
      ['Last Seen', 'string', '', 0],
      ['Type', 'string', '', 0],
      ['Reason', 'string', '', 0],
      ['Object', 'string', '', 0],
      ['Subobject', 'string', '', 1],
      ['Source', 'string', '', 1],
      ['Message', 'string', '', 0],
      ['First Seen', 'string', '', 1],
      ['Count', 'string', '', 1],
      ['Name', 'string', 'name', 1],
    ],
  );
});

test('event table cells: legacy, new-style, and series events', () => {
  const cells = (e: CoreEvent): unknown[] => (coreEventDefinition.tableColumns ?? []).map((c) => c.cell(e, now));
  assert.deepEqual(cells(legacy), ['3m', 'Warning', 'BackOff', 'pod/web', 'spec.containers{app}', 'kubelet, node-1', 'Back-off restarting', '60m', 7, 'web.17a']);
  assert.deepEqual(cells(modern), ['2m', 'Normal', 'Drained', 'node', '', '', 'node drained', '2m', 1, 'web.17b']);
  const series = { ...modern, series: { count: 4, lastObservedTime: '2024-01-01T00:59:50.000000Z' } };
  assert.deepEqual(cells(series).slice(0, 1).concat(cells(series).slice(7, 9)), ['10s', '2m', 4]);
  const bare: CoreEvent = { metadata: { name: 'x' } };
  assert.deepEqual(cells(bare), ['<unknown>', '', '', '', '', '', '', '<unknown>', 1, 'x']);
});

test('core event field selectors (upstream set, source falls back to the reporting controller)', () => {
  const selectors = coreEventDefinition.fieldSelectors ?? {};
  assert.deepEqual(Object.keys(selectors).sort(), [
    'involvedObject.apiVersion',
    'involvedObject.fieldPath',
    'involvedObject.kind',
    'involvedObject.name',
    'involvedObject.namespace',
    'involvedObject.resourceVersion',
    'involvedObject.uid',
    'reason',
    'reportingComponent',
    'source',
    'type',
  ]);
  const values = (e: CoreEvent): Record<string, string | undefined> => Object.fromEntries(Object.entries(selectors).map(([k, f]) => [k, f(e)]));
  assert.deepEqual(values(legacy), {
    'involvedObject.kind': 'Pod',
    'involvedObject.namespace': 'default',
    'involvedObject.name': 'web',
    'involvedObject.uid': '',
    'involvedObject.apiVersion': '',
    'involvedObject.resourceVersion': '',
    'involvedObject.fieldPath': 'spec.containers{app}',
    reason: 'BackOff',
    reportingComponent: '',
    source: 'kubelet',
    type: 'Warning',
  });
  assert.equal(selectors.source?.(modern), 'example.com/ctl');
  assert.equal(selectors.reportingComponent?.(modern), 'example.com/ctl');
});

test('core event definition: identity, create on update, TTL, Go zero-value defaults', () => {
  const def = coreEventDefinition;
  assert.deepEqual([def.group, def.version, def.kind, def.listKind, def.resource, def.singular], ['', 'v1', 'Event', 'EventList', 'events', 'event']);
  assert.deepEqual(def.shortNames, ['ev']);
  assert.equal(def.verbs.length, 8);
  assert.equal(def.strategy.allowCreateOnUpdate, true);
  assert.deepEqual(def.storage, { expiresWithEventTtl: true });
  const e: CoreEvent = { metadata: { name: 'e' }, reason: 'R' };
  defaultCoreEvent(e);
  assert.deepEqual(e, { metadata: { name: 'e' }, reason: 'R', involvedObject: {}, source: {}, reportingComponent: '', reportingInstance: '' });
  // The v1 strategy validates leniently: a legacy event with an odd type passes.
  assert.deepEqual(def.strategy.validate?.({ ...legacy, type: 'Odd' }), []);
});
