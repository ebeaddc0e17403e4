import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localAPIService, servedGroupVersions } from './local-apiservices.js';

test('servedGroupVersions: each group-version once, in served order', () => {
  const defs = [
    { group: '', version: 'v1' },
    { group: '', version: 'v1' },
    { group: 'flowcontrol.apiserver.k8s.io', version: 'v1beta2' },
    { group: 'flowcontrol.apiserver.k8s.io', version: 'v1beta1' },
  ];
  assert.deepEqual(servedGroupVersions(defs), [defs[0], defs[2], defs[3]]);
});

const cases: { group: string; version: string; name?: string; priorities?: [number, number] }[] = [
  { group: '', version: 'v1', name: 'v1.', priorities: [18000, 1] },
  { group: 'apps', version: 'v1', name: 'v1.apps', priorities: [17800, 15] },
  { group: 'flowcontrol.apiserver.k8s.io', version: 'v1beta2', name: 'v1beta2.flowcontrol.apiserver.k8s.io', priorities: [16100, 15] },
  { group: 'flowcontrol.apiserver.k8s.io', version: 'v1beta1', name: 'v1beta1.flowcontrol.apiserver.k8s.io', priorities: [16100, 12] },
  { group: 'autoscaling', version: 'v2', name: 'v2.autoscaling', priorities: [17500, 30] },
  // Not in upstream's table: no Local APIService (a CRD group would get one from its own controller).
  { group: 'example.com', version: 'v1' },
  // The aggregator's own group is not registered as an APIService.
  { group: 'apiregistration.k8s.io', version: 'v1' },
];

for (const c of cases) {
  test(`localAPIService ${c.version}.${c.group}`, () => {
    const apiService = localAPIService(c);
    if (!c.name) return assert.equal(apiService, undefined);
    assert.equal(apiService?.metadata.name, c.name);
    assert.deepEqual(apiService?.metadata.labels, { 'kube-aggregator.kubernetes.io/automanaged': 'onstart' });
    assert.deepEqual(apiService?.spec, { group: c.group, version: c.version, groupPriorityMinimum: c.priorities![0], versionPriority: c.priorities![1] });
  });
}
