import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { AUTO_UPDATE_ANNOTATION, suggestedPriorityLevelConfigurations } from '../../apis/flowcontrol/v1beta2/bootstrap.js';
import { autoUpdates, plannedUpdate } from './ensure.js';

const bootstrap = suggestedPriorityLevelConfigurations().find((pl) => pl.metadata.name === 'workload-low')! as KubeObject;

/** The stored object: bootstrap spec with `shares`, the annotation (absent when undefined), a generation. */
function current(shares: number, annotation: string | undefined, generation: number): KubeObject {
  const obj = structuredClone(bootstrap);
  obj.metadata = { name: 'workload-low', generation, ...(annotation === undefined ? {} : { annotations: { [AUTO_UPDATE_ANNOTATION]: annotation } }) };
  (obj['spec'] as { limited: { assuredConcurrencyShares: number } }).limited.assuredConcurrencyShares = shares;
  return obj;
}

const shares = (obj: KubeObject | undefined): number | undefined => (obj?.['spec'] as { limited: { assuredConcurrencyShares: number } } | undefined)?.limited.assuredConcurrencyShares;

const cases: { name: string; current: KubeObject; mandatory: boolean; want: { shares: number; annotation: string } | undefined }[] = [
  { name: 'in line, annotated true: nothing to do', current: current(100, 'true', 1), mandatory: false, want: undefined },
  { name: 'drifted, annotated true: spec restored', current: current(7, 'true', 2), mandatory: false, want: { shares: 100, annotation: 'true' } },
  { name: 'drifted, annotated false: left alone', current: current(7, 'false', 2), mandatory: false, want: undefined },
  { name: 'drifted, annotated FALSE (Go ParseBool): left alone', current: current(7, 'FALSE', 2), mandatory: false, want: undefined },
  { name: 'no annotation, generation 1: auto-updates and says so', current: current(7, undefined, 1), mandatory: false, want: { shares: 100, annotation: 'true' } },
  { name: 'no annotation, changed since (generation 2): annotated false, spec kept', current: current(7, undefined, 2), mandatory: false, want: { shares: 7, annotation: 'false' } },
  { name: 'annotation not a boolean, generation 3: annotated false', current: current(100, 'maybe', 3), mandatory: false, want: { shares: 100, annotation: 'false' } },
  { name: 'mandatory, annotated false: restored and annotated true', current: current(7, 'false', 2), mandatory: true, want: { shares: 100, annotation: 'true' } },
];

for (const c of cases) {
  test(`plannedUpdate: ${c.name}`, () => {
    const next = plannedUpdate(c.current, bootstrap, c.mandatory);
    if (!c.want) return assert.equal(next, undefined);
    assert.equal(shares(next), c.want.shares);
    assert.equal(next?.metadata.annotations?.[AUTO_UPDATE_ANNOTATION], c.want.annotation);
  });
}

test('autoUpdates: the annotation when boolean, else generation 1', () => {
  assert.equal(autoUpdates(current(1, 't', 9)), true);
  assert.equal(autoUpdates(current(1, '0', 1)), false);
  assert.equal(autoUpdates(current(1, undefined, 1)), true);
  assert.equal(autoUpdates(current(1, '', 2)), false);
});
