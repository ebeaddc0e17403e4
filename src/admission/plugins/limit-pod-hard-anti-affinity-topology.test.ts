import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { refusalOf } from './test-admission.js';
import { limitPodHardAntiAffinityTopology } from './limit-pod-hard-anti-affinity-topology.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;
const term = (topologyKey: string) => ({ labelSelector: { matchLabels: { app: 'a' } }, topologyKey });

test('LimitPodHardAntiAffinityTopology allows only the hostname key in required anti-affinity terms', async () => {
  const cases: Array<[string, Record<string, unknown> | undefined, string | undefined]> = [
    ['no affinity', undefined, undefined],
    ['the hostname key', { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('kubernetes.io/hostname')] } }, undefined],
    ['a zone key', { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('kubernetes.io/hostname'), term('topology.kubernetes.io/zone')] } },
      'pods "p" is forbidden: affinity.PodAntiAffinity.RequiredDuringScheduling has TopologyKey topology.kubernetes.io/zone but only key kubernetes.io/hostname is allowed'],
    ['a zone key, preferred only', { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: term('zone') }] } }, undefined],
    ['a zone key in pod affinity', { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('zone')] } }, undefined],
  ];
  const plugin = limitPodHardAntiAffinityTopology();
  for (const [name, affinity, expected] of cases) {
    const a: AdmissionAttributes = { operation: 'CREATE', def: pods, namespace: 'default', name: 'p', subresource: '', dryRun: false,
      object: { metadata: { name: 'p' }, spec: { containers: [], ...(affinity ? { affinity } : {}) } } };
    assert.equal(plugin.handles!(a), true, name);
    assert.equal(await refusalOf(plugin, a), expected, name);
  }
});
