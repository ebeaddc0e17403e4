import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareKubeVersions, sortGroups, sortVersions } from './group-order.js';

describe('discovery order', () => {
  it('orders versions as upstream: GA, beta, alpha; higher first', () => {
    const sorted = ['v1alpha1', 'v2beta1', 'v1', 'foo', 'v1beta2', 'v2', 'v1beta1', 'v11alpha2', 'bar'].sort(compareKubeVersions);
    assert.deepEqual(sorted, ['v2', 'v1', 'v2beta1', 'v1beta2', 'v1beta1', 'v11alpha2', 'v1alpha1', 'bar', 'foo']);
  });
  it('uses version priorities where upstream sets them (autoscaling v2 before v1)', () => {
    assert.deepEqual(sortVersions('autoscaling', ['v1', 'v2', 'v2beta2']), ['v2', 'v1', 'v2beta2']);
    assert.deepEqual(sortVersions('flowcontrol.apiserver.k8s.io', ['v1beta1', 'v1beta2']), ['v1beta2', 'v1beta1']);
  });
  it('orders groups: apiregistration first, by priority, custom groups last by name', () => {
    const groups = ['zeta.example.com', 'storage.k8s.io', 'events.k8s.io', 'apiextensions.k8s.io', 'admissionregistration.k8s.io', 'apiregistration.k8s.io', 'alpha.example.com', 'apps'];
    assert.deepEqual(sortGroups(groups), [
      'apiregistration.k8s.io',
      'apps',
      'events.k8s.io',
      'storage.k8s.io',
      'admissionregistration.k8s.io',
      'apiextensions.k8s.io',
      'alpha.example.com',
      'zeta.example.com',
    ]);
    assert.deepEqual(sortGroups(['a.example.com', 'b.example.com'], { 'b.example.com': [5000, {}] }), ['b.example.com', 'a.example.com']);
  });
});
