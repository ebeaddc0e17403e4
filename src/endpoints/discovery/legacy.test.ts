import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildApiGroup, buildApiGroupList, buildApiResourceList, buildApiVersions } from './legacy.js';
import { storageVersionHash } from './resources.js';
import { configMapDef, leaseDef, nodeDef, podDef, testDefinitions, widgetDef } from '../openapi/test-definitions.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';

describe('legacy discovery', () => {
  it('/api lists the core versions and the server address', () => {
    assert.deepEqual(buildApiVersions(testDefinitions, '10.0.0.1:6443'), {
      kind: 'APIVersions',
      versions: ['v1'],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '10.0.0.1:6443' }],
    });
  });

  it('/api/v1 lists resources and subresources by name, without apiVersion', () => {
    const list = buildApiResourceList(testDefinitions, '', 'v1');
    assert.ok(list);
    assert.equal('apiVersion' in list, false);
    assert.equal(list.groupVersion, 'v1');
    assert.deepEqual(list.resources.map((r) => r.name), ['configmaps', 'nodes', 'nodes/status', 'pods', 'pods/status']);
    assert.deepEqual(list.resources[0], {
      name: 'configmaps',
      singularName: '',
      namespaced: true,
      kind: 'ConfigMap',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['cm'],
      storageVersionHash: 'qFsyl6wFWjQ=',
    });
    assert.deepEqual(list.resources.find((r) => r.name === 'pods')?.categories, ['all']);
    assert.deepEqual(list.resources.find((r) => r.name === 'nodes/status'), { name: 'nodes/status', singularName: '', namespaced: false, kind: 'Node', verbs: ['get', 'patch', 'update'] });
  });

  it('resources without storage (computed, or create-only actions) have no storageVersionHash, as upstream', () => {
    const computed: ResourceDefinition = { ...nodeDef, resource: 'componentstatuses', computed: true };
    const action: ResourceDefinition = { ...podDef, resource: 'bindings', createAction: async () => ({ code: 201, object: { metadata: {} } }) };
    const list = buildApiResourceList([computed, action], '', 'v1');
    assert.deepEqual(list?.resources.filter((r) => !r.name.includes('/')).map((r) => [r.name, 'storageVersionHash' in r]), [['bindings', false], ['componentstatuses', false]]);
  });

  it('named group-versions carry apiVersion; unknown ones are undefined', () => {
    const list = buildApiResourceList(testDefinitions, 'coordination.k8s.io', 'v1');
    assert.equal(list?.apiVersion, 'v1');
    assert.equal(list?.groupVersion, 'coordination.k8s.io/v1');
    assert.equal(buildApiResourceList(testDefinitions, 'coordination.k8s.io', 'v2'), undefined);
    assert.equal(buildApiGroup(testDefinitions, 'nope.k8s.io'), undefined);
  });

  it('/apis orders groups by upstream priority and versions preferred first', () => {
    const v1alpha1 = { ...leaseDef, version: 'v1alpha1' };
    const apps: ResourceDefinition = { ...leaseDef, group: 'apps', resource: 'deployments' };
    const registration: ResourceDefinition = { ...leaseDef, group: 'apiregistration.k8s.io', namespaced: false, resource: 'apiservices' };
    const list = buildApiGroupList([widgetDef, v1alpha1, leaseDef, apps, registration, podDef]);
    assert.deepEqual(list.groups.map((g) => g.name), ['apiregistration.k8s.io', 'apps', 'coordination.k8s.io', 'stable.example.com']);
    const coordination = list.groups[2];
    assert.deepEqual(coordination?.versions.map((v) => v.version), ['v1', 'v1alpha1']);
    assert.deepEqual(coordination?.preferredVersion, { groupVersion: 'coordination.k8s.io/v1', version: 'v1' });
    assert.deepEqual(buildApiGroup([leaseDef], 'coordination.k8s.io'), {
      kind: 'APIGroup',
      apiVersion: 'v1',
      name: 'coordination.k8s.io',
      versions: [{ groupVersion: 'coordination.k8s.io/v1', version: 'v1' }],
      preferredVersion: { groupVersion: 'coordination.k8s.io/v1', version: 'v1' },
    });
  });

  it('hashes the storage version, following conversions to the stored kind', () => {
    assert.equal(storageVersionHash(configMapDef, testDefinitions), 'qFsyl6wFWjQ=');
    assert.equal(storageVersionHash(nodeDef, testDefinitions), storageVersionHash({ ...nodeDef, resource: 'x' }, testDefinitions));
    const coreEvent: ResourceDefinition = { ...configMapDef, kind: 'Event', resource: 'events' };
    const eventsV1: ResourceDefinition = {
      ...configMapDef,
      group: 'events.k8s.io',
      kind: 'Event',
      resource: 'events',
      storage: { resourcePath: 'events', conversion: { fromStorage: (o) => o, toStorage: (o) => o } },
    };
    assert.equal(storageVersionHash(eventsV1, [coreEvent, eventsV1]), 'r2yiGXH7wu8=');
    assert.equal(storageVersionHash(coreEvent, [coreEvent, eventsV1]), 'r2yiGXH7wu8=');
  });
});
