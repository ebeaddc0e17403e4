import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ContainerStatus, Pod } from '../schemas.generated.js';
import { podStatusCells, podTableColumns } from './table.js';

const now = new Date('2026-01-01T01:00:00Z');
const running: ContainerStatus = { name: 'c', image: 'i', imageID: '', ready: true, restartCount: 0, state: { running: {} } };
const pod = (status: Pod['status'], spec: Partial<NonNullable<Pod['spec']>> = {}, meta: Partial<Pod['metadata']> = {}): Pod => ({
  metadata: { name: 'p', creationTimestamp: '2026-01-01T00:59:00Z', ...meta },
  spec: { containers: [{ name: 'c' }], ...spec },
  status,
});

test('podStatusCells as upstream printPod', () => {
  const cases: [string, Pod, { ready: string; status: string; restarts: string }][] = [
    ['pending', pod({ phase: 'Pending' }), { ready: '0/1', status: 'Pending', restarts: '0' }],
    ['reason wins over phase', pod({ phase: 'Failed', reason: 'Evicted' }), { ready: '0/1', status: 'Evicted', restarts: '0' }],
    ['running and ready', pod({ phase: 'Running', containerStatuses: [running] }), { ready: '1/1', status: 'Running', restarts: '0' }],
    [
      'waiting reason',
      pod({ phase: 'Pending', containerStatuses: [{ ...running, ready: false, state: { waiting: { reason: 'ContainerCreating' } } }] }),
      { ready: '0/1', status: 'ContainerCreating', restarts: '0' },
    ],
    [
      'restarts with the last one',
      pod({ phase: 'Running', containerStatuses: [{ ...running, restartCount: 3, lastState: { terminated: { exitCode: 1, finishedAt: '2026-01-01T00:55:00Z' } } }] }),
      { ready: '1/1', status: 'Running', restarts: '3 (5m ago)' },
    ],
    ['terminated without reason', pod({ phase: 'Running', containerStatuses: [{ ...running, state: { terminated: { exitCode: 2 } } }] }), { ready: '0/1', status: 'ExitCode:2', restarts: '0' }],
    ['terminated by a signal', pod({ phase: 'Running', containerStatuses: [{ ...running, state: { terminated: { exitCode: 0, signal: 9 } } }] }), { ready: '0/1', status: 'Signal:9', restarts: '0' }],
    [
      'init containers running',
      pod({ phase: 'Pending', initContainerStatuses: [{ ...running, ready: false }] }, { initContainers: [{ name: 'i1' }, { name: 'i2' }] }),
      { ready: '0/1', status: 'Init:0/2', restarts: '0' },
    ],
    [
      'init container failed',
      pod({ phase: 'Pending', initContainerStatuses: [{ ...running, state: { terminated: { exitCode: 1, reason: 'Error' } } }] }, { initContainers: [{ name: 'i1' }] }),
      { ready: '0/1', status: 'Init:Error', restarts: '0' },
    ],
    [
      'init container waiting',
      pod({ phase: 'Pending', initContainerStatuses: [{ ...running, state: { waiting: { reason: 'CrashLoopBackOff' } } }] }, { initContainers: [{ name: 'i1' }] }),
      { ready: '0/1', status: 'Init:CrashLoopBackOff', restarts: '0' },
    ],
    [
      'completed with one still running',
      pod({ phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }], containerStatuses: [{ ...running, state: { terminated: { exitCode: 0, reason: 'Completed' } } }, running] }, { containers: [{ name: 'a' }, { name: 'b' }] }),
      { ready: '1/2', status: 'NotReady', restarts: '0' },
    ],
    ['terminating', pod({ phase: 'Running', containerStatuses: [running] }, {}, { deletionTimestamp: '2026-01-01T01:00:30Z' }), { ready: '1/1', status: 'Terminating', restarts: '0' }],
    ['node lost', pod({ phase: 'Running', reason: 'NodeLost' }, {}, { deletionTimestamp: '2026-01-01T01:00:30Z' }), { ready: '0/1', status: 'Unknown', restarts: '0' }],
  ];
  for (const [name, input, want] of cases) assert.deepEqual(podStatusCells(input, now), want, name);
});

test('podTableColumns: names, priorities and wide cells', () => {
  assert.deepEqual(
    podTableColumns.map((c) => [c.definition.name, c.definition.priority]),
    [['Name', 0], ['Ready', 0], ['Status', 0], ['Restarts', 0], ['Age', 0], ['IP', 1], ['Node', 1], ['Nominated Node', 1], ['Readiness Gates', 1]],
  );
  const bound = pod({ phase: 'Running', podIPs: [{ ip: '10.0.0.7' }], conditions: [{ type: 'gate-a', status: 'True' }] }, { nodeName: 'n1', readinessGates: [{ conditionType: 'gate-a' }, { conditionType: 'gate-b' }] });
  assert.deepEqual(podTableColumns.map((c) => c.cell(bound, now)), ['p', '0/1', 'Running', '0', '60s', '10.0.0.7', 'n1', '<none>', '1/2']);
  assert.deepEqual(podTableColumns.slice(5).map((c) => c.cell(pod({ phase: 'Pending' }), now)), ['<none>', '<none>', '<none>', '<none>']);
});
