import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DeleteOptions } from '../../../meta/v1/types.js';
import type { Pod } from '../schemas.generated.js';
import { podGracePeriod, preparePodForDelete } from './graceful-delete.js';

const now = new Date('2026-01-01T00:00:00Z');
const pod = (spec: Partial<NonNullable<Pod['spec']>> = {}, meta: Partial<Pod['metadata']> = {}, phase = 'Pending'): Pod => ({
  metadata: { name: 'p', ...meta },
  spec: { containers: [{ name: 'c' }], terminationGracePeriodSeconds: 30, ...spec },
  status: { phase },
});

test('podGracePeriod as upstream CheckGracefulDelete', () => {
  const cases: [string, Pod, DeleteOptions, number][] = [
    ['unscheduled: at once', pod(), { gracePeriodSeconds: 10 }, 0],
    ['scheduled: the pod default', pod({ nodeName: 'n' }), {}, 30],
    ['scheduled: the options win', pod({ nodeName: 'n' }), { gracePeriodSeconds: 5 }, 5],
    ['scheduled without a default: at once', pod({ nodeName: 'n', terminationGracePeriodSeconds: undefined }), {}, 0],
    ['terminated: at once', pod({ nodeName: 'n' }, {}, 'Succeeded'), {}, 0],
    ['failed: at once', pod({ nodeName: 'n' }, {}, 'Failed'), { gracePeriodSeconds: 9 }, 0],
    ['negative: 1 second', pod({ nodeName: 'n' }), { gracePeriodSeconds: -5 }, 1],
  ];
  for (const [name, input, options, want] of cases) assert.equal(podGracePeriod(input, options), want, name);
});

test('preparePodForDelete: first delete', () => {
  const atOnce = preparePodForDelete(pod(), {}, now);
  assert.equal(atOnce.action, 'delete');
  // Marked first (watchers see MODIFIED then DELETED), as upstream writes it.
  assert.deepEqual(atOnce.action === 'delete' && atOnce.marked?.metadata, { name: 'p', deletionTimestamp: '2026-01-01T00:00:00Z', deletionGracePeriodSeconds: 0 });
  const graceful = preparePodForDelete(pod({ nodeName: 'n' }), {}, now);
  assert.equal(graceful.action, 'update');
  if (graceful.action !== 'update') return;
  assert.equal(graceful.obj.metadata.deletionTimestamp, '2026-01-01T00:00:30Z');
  assert.equal(graceful.obj.metadata.deletionGracePeriodSeconds, 30);
  // Finalizers keep even a pod deleted at once, with a zero grace period.
  const kept = preparePodForDelete(pod({}, { finalizers: ['x/y'] }), {}, now);
  assert.equal(kept.action === 'update' && kept.obj.metadata.deletionGracePeriodSeconds, 0);
  assert.equal(kept.action === 'update' && kept.obj.metadata.deletionTimestamp, '2026-01-01T00:00:00Z');
  assert.equal(preparePodForDelete(pod({ nodeName: 'n' }), { gracePeriodSeconds: 0 }, now).action, 'delete');
});

test('preparePodForDelete: a pod already being deleted', () => {
  const pending = pod({ nodeName: 'n' }, { deletionTimestamp: '2026-01-01T00:00:30Z', deletionGracePeriodSeconds: 30 });
  assert.deepEqual(preparePodForDelete(pending, {}, now), { action: 'none' }, 'without a grace period: nothing changes');
  assert.deepEqual(preparePodForDelete(pending, { gracePeriodSeconds: 60 }, now), { action: 'none' }, 'a longer one changes nothing');
  const shorter = preparePodForDelete(pending, { gracePeriodSeconds: 10 }, now);
  assert.equal(shorter.action === 'update' && shorter.obj.metadata.deletionTimestamp, '2026-01-01T00:00:10Z');
  assert.equal(shorter.action === 'update' && shorter.obj.metadata.deletionGracePeriodSeconds, 10);
  const zero = preparePodForDelete(pending, { gracePeriodSeconds: 0 }, now);
  assert.equal(zero.action === 'delete' && zero.marked?.metadata.deletionTimestamp, '2026-01-01T00:00:00Z', 'zero: now');
  const graceless = pod({ nodeName: 'n' }, { deletionTimestamp: '2026-01-01T00:00:00Z', deletionGracePeriodSeconds: 0 });
  assert.deepEqual(preparePodForDelete(graceless, {}, now), { action: 'delete' });
  assert.deepEqual(preparePodForDelete({ ...graceless, metadata: { ...graceless.metadata, finalizers: ['x/y'] } }, {}, now), { action: 'none' });
});
