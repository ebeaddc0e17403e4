import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildOpenApiV2 } from './v2.js';
import { testDefinitions } from './test-definitions.js';
import type { Json, JsonObject } from './schema-emit.js';

const doc = buildOpenApiV2(testDefinitions, { version: 'v1.25.0-kplane' });
const definitions = doc['definitions'] as Record<string, JsonObject>;
const paths = doc['paths'] as Record<string, Record<string, JsonObject>>;
const def = (name: string): JsonObject => {
  const found = definitions[name];
  assert.ok(found, `definition ${name}`);
  return found;
};
const prop = (name: string, field: string): JsonObject => (def(name)['properties'] as Record<string, JsonObject>)[field] ?? assert.fail(`${name}.${field}`);
const op = (path: string, method: string): JsonObject => paths[path]?.[method] ?? assert.fail(`${method} ${path}`);
const paramNames = (params: Json | undefined): string[] => ((params ?? []) as JsonObject[]).map((p) => String(p['name']));

describe('buildOpenApiV2: definitions', () => {
  it('hoists $id subschemas into definitions with $refs', () => {
    assert.deepEqual(prop('io.k8s.api.core.v1.Pod', 'spec'), { $ref: '#/definitions/io.k8s.api.core.v1.PodSpec' });
    assert.deepEqual(prop('io.k8s.api.core.v1.PodSpec', 'containers')['items'], { $ref: '#/definitions/io.k8s.api.core.v1.Container' });
    assert.deepEqual(prop('io.k8s.api.core.v1.Pod', 'metadata'), { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' });
  });

  it('renders markers the v2 way', () => {
    assert.deepEqual(prop('io.k8s.api.core.v1.PodSpec', 'port'), { format: 'int-or-string', type: 'string' });
    assert.deepEqual(prop('io.k8s.api.core.v1.PodSpec', 'renewTime'), { format: 'date-time', type: 'string' });
    assert.deepEqual(prop('io.k8s.api.core.v1.PodSpec', 'overhead'), { additionalProperties: { type: 'string' }, type: 'object' });
    assert.deepEqual(prop('io.k8s.api.core.v1.PodSpec', 'restartPolicy'), { type: 'string' }, 'no defaults in v2');
    assert.deepEqual(prop('io.k8s.api.core.v1.Container', 'ports'), {
      items: { $ref: '#/definitions/io.k8s.api.core.v1.ContainerPort' },
      type: 'array',
      'x-kubernetes-list-map-keys': ['containerPort', 'protocol'],
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-patch-merge-key': 'containerPort',
      'x-kubernetes-patch-strategy': 'merge',
    });
    assert.deepEqual(def('io.k8s.api.core.v1.ContainerPort')['required'], ['containerPort']);
    assert.doesNotMatch(JSON.stringify(doc), /x-kplane-/);
  });

  it('marks kinds, lists and per-group-version meta types with their group-version-kinds', () => {
    assert.deepEqual(def('io.k8s.api.core.v1.Pod')['x-kubernetes-group-version-kind'], [{ group: '', kind: 'Pod', version: 'v1' }]);
    const list = def('io.k8s.api.coordination.v1.LeaseList');
    assert.deepEqual(list['x-kubernetes-group-version-kind'], [{ group: 'coordination.k8s.io', kind: 'LeaseList', version: 'v1' }]);
    assert.deepEqual(list['required'], ['items']);
    assert.deepEqual((list['properties'] as Record<string, JsonObject>)['items'], { items: { $ref: '#/definitions/io.k8s.api.coordination.v1.Lease' }, type: 'array' });
    assert.deepEqual(def('io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions')['x-kubernetes-group-version-kind'], [
      { group: '', kind: 'DeleteOptions', version: 'v1' },
      { group: 'coordination.k8s.io', kind: 'DeleteOptions', version: 'v1' },
      { group: 'stable.example.com', kind: 'DeleteOptions', version: 'v1beta1' },
    ]);
    assert.deepEqual(def('io.k8s.apimachinery.pkg.apis.meta.v1.Status')['x-kubernetes-group-version-kind'], [{ group: '', kind: 'Status', version: 'v1' }]);
    for (const name of ['Time', 'MicroTime', 'ListMeta', 'WatchEvent', 'Patch', 'APIResourceList', 'APIGroupList', 'APIVersions']) def(`io.k8s.apimachinery.pkg.apis.meta.v1.${name}`);
    def('io.k8s.apimachinery.pkg.version.Info');
    assert.deepEqual(def('io.k8s.apimachinery.pkg.util.intstr.IntOrString'), { format: 'int-or-string', type: 'string' });
  });
});

describe('buildOpenApiV2: paths', () => {
  it('names operations and actions as upstream', () => {
    const ids: [string, string, string, string][] = [
      ['/api/v1/namespaces/{namespace}/pods', 'get', 'listCoreV1NamespacedPod', 'list'],
      ['/api/v1/namespaces/{namespace}/pods', 'post', 'createCoreV1NamespacedPod', 'post'],
      ['/api/v1/namespaces/{namespace}/pods', 'delete', 'deleteCoreV1CollectionNamespacedPod', 'deletecollection'],
      ['/api/v1/namespaces/{namespace}/pods/{name}', 'get', 'readCoreV1NamespacedPod', 'get'],
      ['/api/v1/namespaces/{namespace}/pods/{name}', 'put', 'replaceCoreV1NamespacedPod', 'put'],
      ['/api/v1/namespaces/{namespace}/pods/{name}/status', 'patch', 'patchCoreV1NamespacedPodStatus', 'patch'],
      ['/api/v1/pods', 'get', 'listCoreV1PodForAllNamespaces', 'list'],
      ['/api/v1/watch/pods', 'get', 'watchCoreV1PodListForAllNamespaces', 'watchlist'],
      ['/api/v1/watch/namespaces/{namespace}/pods', 'get', 'watchCoreV1NamespacedPodList', 'watchlist'],
      ['/api/v1/watch/namespaces/{namespace}/pods/{name}', 'get', 'watchCoreV1NamespacedPod', 'watch'],
      ['/api/v1/nodes/{name}/status', 'get', 'readCoreV1NodeStatus', 'get'],
      ['/api/v1/watch/nodes', 'get', 'watchCoreV1NodeList', 'watchlist'],
      ['/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases/{name}', 'delete', 'deleteCoordinationV1NamespacedLease', 'delete'],
      ['/apis/stable.example.com/v1beta1/widgets', 'get', 'listStableExampleComV1beta1WidgetForAllNamespaces', 'list'],
    ];
    for (const [path, method, id, action] of ids) {
      assert.equal(op(path, method)['operationId'], id);
      assert.equal(op(path, method)['x-kubernetes-action'], action);
    }
    assert.deepEqual(op('/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases', 'get')['x-kubernetes-group-version-kind'], { group: 'coordination.k8s.io', kind: 'Lease', version: 'v1' });
    assert.deepEqual(op('/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases', 'get')['tags'], ['coordination_v1']);
  });

  it('hoists shared parameters to the path and sorts them', () => {
    assert.deepEqual(paramNames(paths['/api/v1/namespaces/{namespace}/configmaps']?.['parameters']), ['namespace', 'pretty']);
    assert.deepEqual(paramNames(op('/api/v1/namespaces/{namespace}/configmaps', 'post')['parameters']), ['body', 'dryRun', 'fieldManager', 'fieldValidation']);
    assert.deepEqual(paramNames(op('/api/v1/namespaces/{namespace}/configmaps/{name}', 'patch')['parameters']), ['body', 'dryRun', 'fieldManager', 'fieldValidation', 'force']);
    assert.deepEqual(paramNames(op('/api/v1/namespaces/{namespace}/configmaps', 'delete')['parameters']), [
      'body', 'continue', 'dryRun', 'fieldSelector', 'gracePeriodSeconds', 'labelSelector', 'limit', 'orphanDependents', 'propagationPolicy', 'resourceVersion', 'resourceVersionMatch', 'timeoutSeconds',
    ]);
    assert.deepEqual(paramNames(paths['/api/v1/watch/configmaps']?.['parameters']), [
      'allowWatchBookmarks', 'continue', 'fieldSelector', 'labelSelector', 'limit', 'pretty', 'resourceVersion', 'resourceVersionMatch', 'timeoutSeconds', 'watch',
    ]);
    assert.equal(op('/api/v1/watch/configmaps', 'get')['parameters'], undefined);
  });

  it('serves only the verbs a resource has', () => {
    assert.deepEqual(Object.keys(paths['/apis/stable.example.com/v1beta1/namespaces/{namespace}/widgets'] ?? {}), ['get', 'parameters']);
    assert.deepEqual(Object.keys(paths['/apis/stable.example.com/v1beta1/namespaces/{namespace}/widgets/{name}'] ?? {}), ['get', 'parameters']);
    assert.equal(paths['/api/v1/nodes']?.['delete'], undefined, 'no deletecollection');
  });

  it('publishes the discovery and version operations', () => {
    assert.equal(op('/api/', 'get')['operationId'], 'getCoreAPIVersions');
    assert.equal(op('/api/v1/', 'get')['operationId'], 'getCoreV1APIResources');
    assert.equal(op('/apis/', 'get')['operationId'], 'getAPIVersions');
    assert.equal(op('/apis/coordination.k8s.io/', 'get')['operationId'], 'getCoordinationAPIGroup');
    assert.equal(op('/apis/stable.example.com/v1beta1/', 'get')['operationId'], 'getStableExampleComV1beta1APIResources');
    assert.deepEqual(op('/version/', 'get')['produces'], ['application/json']);
  });

  it('describes responses with their definitions', () => {
    const responses = op('/api/v1/namespaces/{namespace}/configmaps/{name}', 'delete')['responses'] as Record<string, JsonObject>;
    assert.deepEqual(Object.keys(responses), ['200', '202', '401']);
    assert.deepEqual(responses['200'], { description: 'OK', schema: { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Status' } });
    assert.deepEqual(doc['info'], { title: 'Kubernetes', version: 'v1.25.0-kplane' });
    assert.equal(doc['swagger'], '2.0');
  });
});
