import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PodSpec } from '../schemas.generated.js';
import { dropDisabledPodSpecFields } from './disabled-fields.js';

const constraint = { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' as const };
const gated = { ...constraint, minDomains: 2, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore', matchLabelKeys: ['app'] };
const spec = (extra: Partial<PodSpec>): PodSpec => ({ containers: [{ name: 'c', image: 'i' }], ...extra });

test("fields of 1.25's disabled gates are dropped on create, and on updates that did not use them", () => {
  const cases: Array<[string, PodSpec, PodSpec | undefined, PodSpec]> = [
    ['create drops them all', spec({ hostUsers: false, topologySpreadConstraints: [gated] }), undefined, spec({ topologySpreadConstraints: [constraint] })],
    ['an update keeps what the old spec used', spec({ hostUsers: false, topologySpreadConstraints: [gated] }), spec({ hostUsers: true, topologySpreadConstraints: [{ ...constraint, minDomains: 1, matchLabelKeys: [] }] }),
      spec({ hostUsers: false, topologySpreadConstraints: [{ ...constraint, minDomains: 2, matchLabelKeys: ['app'] }] })],
    ['procMount is forced to Default', spec({ containers: [{ name: 'c', image: 'i', securityContext: { procMount: 'Unmasked' } }] }), undefined,
      spec({ containers: [{ name: 'c', image: 'i', securityContext: { procMount: 'Default' } }] })],
    ['procMount stays when the old spec used a non-default one', spec({ containers: [{ name: 'c', image: 'i', securityContext: { procMount: 'Unmasked' } }] }),
      spec({ containers: [{ name: 'c', image: 'i', securityContext: { procMount: 'Unmasked' } }] }), spec({ containers: [{ name: 'c', image: 'i', securityContext: { procMount: 'Unmasked' } }] })],
  ];
  for (const [name, input, old, expected] of cases) {
    const copy = structuredClone(input);
    dropDisabledPodSpecFields(copy, old);
    assert.deepEqual(copy, expected, name);
  }
});
