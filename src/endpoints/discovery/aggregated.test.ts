import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AGGREGATED_DISCOVERY_V2, AGGREGATED_DISCOVERY_V2BETA1, aggregatedContentType, buildAggregatedDiscovery, negotiateDiscovery } from './aggregated.js';
import { leaseDef, testDefinitions } from '../openapi/test-definitions.js';

describe('aggregated discovery', () => {
  it('/api holds the core group with resources, subresources and response kinds', () => {
    const list = buildAggregatedDiscovery(testDefinitions, 'api', 'v2');
    assert.equal(list.kind, 'APIGroupDiscoveryList');
    assert.equal(list.apiVersion, 'apidiscovery.k8s.io/v2');
    assert.deepEqual(list.metadata, {});
    assert.equal(list.items.length, 1);
    const core = list.items[0];
    assert.deepEqual(core?.metadata, { creationTimestamp: null });
    assert.equal(core?.versions[0]?.freshness, 'Current');
    const resources = core?.versions[0]?.resources ?? [];
    assert.deepEqual(resources.map((r) => r.resource), ['configmaps', 'nodes', 'pods']);
    assert.deepEqual(resources[2], {
      resource: 'pods',
      responseKind: { group: '', version: 'v1', kind: 'Pod' },
      scope: 'Namespaced',
      singularResource: 'pod',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['po'],
      categories: ['all'],
      subresources: [{ subresource: 'status', responseKind: { group: '', version: 'v1', kind: 'Pod' }, verbs: ['get', 'patch', 'update'] }],
    });
    assert.equal(resources[1]?.scope, 'Cluster');
  });

  it('/apis holds the named groups in discovery order, v2beta1 with the same shape', () => {
    const defs = [...testDefinitions, { ...leaseDef, version: 'v1beta1' }];
    const list = buildAggregatedDiscovery(defs, 'apis', 'v2beta1');
    assert.equal(list.apiVersion, 'apidiscovery.k8s.io/v2beta1');
    assert.deepEqual(list.items.map((i) => i.metadata), [
      { name: 'coordination.k8s.io', creationTimestamp: null },
      { name: 'stable.example.com', creationTimestamp: null },
    ]);
    assert.deepEqual(list.items[0]?.versions.map((v) => v.version), ['v1', 'v1beta1']);
    assert.deepEqual(buildAggregatedDiscovery([leaseDef], 'api', 'v2').items, []);
  });

  it('negotiates the aggregated form from Accept, as kubectl 1.32 asks for it', () => {
    const kubectl = `${AGGREGATED_DISCOVERY_V2},${AGGREGATED_DISCOVERY_V2BETA1},application/json`;
    const cases: [string | undefined, string][] = [
      [kubectl, 'v2'],
      [`${AGGREGATED_DISCOVERY_V2BETA1},application/json`, 'v2beta1'],
      ['application/json', 'legacy'],
      [undefined, 'legacy'],
      ['*/*', 'legacy'],
      ['application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList;q=0.5, application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList', 'v2beta1'],
      ['application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList', 'legacy'],
      ['application/json; g=apidiscovery.k8s.io; v=v2; as=APIGroupDiscoveryList', 'v2'],
    ];
    for (const [accept, wanted] of cases) assert.equal(negotiateDiscovery(accept), wanted, String(accept));
    assert.equal(aggregatedContentType('v2'), AGGREGATED_DISCOVERY_V2);
  });
});
