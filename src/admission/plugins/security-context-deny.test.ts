import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { outcomeOf } from './test-admission.js';
import { securityContextDeny } from './security-context-deny.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;

test('SecurityContextDeny refuses the security context fields upstream refuses, the first in upstream\'s order', async () => {
  const cases: Array<[string, Record<string, unknown>, string | undefined]> = [
    ['nothing set', { containers: [{ name: 'c', image: 'i' }] }, undefined],
    ['fields it allows', { securityContext: { runAsNonRoot: true, runAsGroup: 5 }, containers: [{ name: 'c', securityContext: { privileged: false, runAsGroup: 5 } }] }, undefined],
    ['pod supplementalGroups, even empty', { securityContext: { supplementalGroups: [] }, containers: [] }, '403: pods "p" is forbidden: pod.Spec.SecurityContext.SupplementalGroups is forbidden'],
    ['pod seLinuxOptions before runAsUser', { securityContext: { runAsUser: 1, seLinuxOptions: { level: 's0' } }, containers: [] }, '403: pods "p" is forbidden: pod.Spec.SecurityContext.SELinuxOptions is forbidden'],
    ['pod runAsUser', { securityContext: { runAsUser: 1000 }, containers: [] }, '403: pods "p" is forbidden: pod.Spec.SecurityContext.RunAsUser is forbidden'],
    ['pod fsGroup', { securityContext: { fsGroup: 2000 }, containers: [] }, '403: pods "p" is forbidden: pod.Spec.SecurityContext.FSGroup is forbidden'],
    ['an init container\'s runAsUser', { initContainers: [{ name: 'i', securityContext: { runAsUser: 0 } }], containers: [] }, '403: pods "p" is forbidden: SecurityContext.RunAsUser is forbidden'],
    ['a container\'s seLinuxOptions', { containers: [{ name: 'c', securityContext: { seLinuxOptions: {} } }] }, '403: pods "p" is forbidden: SecurityContext.SELinuxOptions is forbidden'],
    ['an ephemeral container\'s runAsUser', { containers: [], ephemeralContainers: [{ name: 'e', securityContext: { runAsUser: 0 } }] }, undefined],
  ];
  const plugin = securityContextDeny();
  for (const [name, spec, expected] of cases) {
    const a: AdmissionAttributes = { operation: 'CREATE', def: pods, namespace: 'default', name: 'p', subresource: '', dryRun: false, object: { metadata: { name: 'p' }, spec } };
    assert.equal(await outcomeOf(plugin, a), expected, name);
    assert.equal(await outcomeOf(plugin, { ...a, subresource: 'status' }), 'skipped', name);
  }
});
