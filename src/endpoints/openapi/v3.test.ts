import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { buildOpenApiV3 } from './v3.js';
import { servedOpenApiV2, servedOpenApiV3 } from './cache.js';
import { testDefinitions } from './test-definitions.js';
import type { JsonObject } from './schema-emit.js';

const set = buildOpenApiV3(testDefinitions, { version: 'v1.25.0' });
const document = (key: string): JsonObject => set.documents.get(key)?.document ?? assert.fail(`document ${key}`);
const schemas = (key: string): Record<string, JsonObject> => (document(key)['components'] as Record<string, Record<string, JsonObject>>)['schemas'] ?? {};
const paths = (key: string): Record<string, Record<string, JsonObject>> => document(key)['paths'] as Record<string, Record<string, JsonObject>>;

describe('buildOpenApiV3', () => {
  it('indexes one document per group-version, group and root, with hashed URLs', () => {
    assert.deepEqual(Object.keys(set.index.paths), ['api', 'api/v1', 'apis', 'apis/coordination.k8s.io', 'apis/coordination.k8s.io/v1', 'apis/stable.example.com', 'apis/stable.example.com/v1beta1', 'version']);
    for (const [key, { serverRelativeURL }] of Object.entries(set.index.paths)) {
      const served = set.documents.get(key) ?? assert.fail(key);
      assert.equal(served.json, JSON.stringify(served.document));
      assert.equal(served.hash, createHash('sha512').update(served.json).digest('hex').toUpperCase());
      assert.equal(serverRelativeURL, `/openapi/v3/${key}?hash=${served.hash}`);
    }
  });

  it('keeps each document to its own paths and the schemas they reach', () => {
    assert.deepEqual(Object.keys(paths('apis/coordination.k8s.io/v1')).filter((p) => !p.includes('/leases')), ['/apis/coordination.k8s.io/v1/']);
    const names = Object.keys(schemas('apis/coordination.k8s.io/v1'));
    assert.ok(names.includes('io.k8s.api.coordination.v1.Lease'));
    assert.ok(names.includes('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta'));
    assert.ok(!names.includes('io.k8s.api.core.v1.Pod'));
    assert.deepEqual(Object.keys(paths('version')), ['/version/']);
    assert.deepEqual(Object.keys(schemas('version')), ['io.k8s.apimachinery.pkg.version.Info']);
    assert.equal(document('api/v1')['openapi'], '3.0.0');
  });

  it('renders v3 markers: int-or-string with anyOf, defaults kept, $refs into components', () => {
    const spec = schemas('api/v1')['io.k8s.api.core.v1.PodSpec']?.['properties'] as Record<string, JsonObject>;
    assert.deepEqual(spec['port'], { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true });
    assert.deepEqual(spec['restartPolicy'], { default: 'Always', type: 'string' });
    assert.deepEqual(spec['containers']?.['items'], { $ref: '#/components/schemas/io.k8s.api.core.v1.Container' });
  });

  it('publishes fieldValidation and the accepted patch types on PATCH (what kubectl checks)', () => {
    const patch = paths('api/v1')['/api/v1/namespaces/{namespace}/configmaps/{name}']?.['patch'] ?? assert.fail('patch');
    assert.deepEqual(patch['x-kubernetes-group-version-kind'], { group: '', kind: 'ConfigMap', version: 'v1' });
    assert.ok((patch['parameters'] as JsonObject[]).some((p) => p['name'] === 'fieldValidation' && p['in'] === 'query'));
    const content = (patch['requestBody'] as Record<string, JsonObject>)['content'] ?? {};
    assert.deepEqual(Object.keys(content), ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json']);
    const post = paths('api/v1')['/api/v1/namespaces/{namespace}/configmaps']?.['post'] ?? assert.fail('post');
    assert.deepEqual(post['requestBody'], { content: { '*/*': { schema: { $ref: '#/components/schemas/io.k8s.api.core.v1.ConfigMap' } } }, required: true });
  });

  it('offers no strategic merge patch for custom resources', () => {
    const crd = buildOpenApiV3(
      testDefinitions.map((def) => (def.kind === 'Widget' ? { ...def, verbs: ['get', 'patch'] as const } : def)),
      { version: 'v1.25.0' },
    );
    const patch = (crd.documents.get('apis/stable.example.com/v1beta1')?.document['paths'] as Record<string, Record<string, JsonObject>>)[
      '/apis/stable.example.com/v1beta1/namespaces/{namespace}/widgets/{name}'
    ]?.['patch'];
    const content = (patch?.['requestBody'] as Record<string, JsonObject>)['content'] ?? {};
    assert.deepEqual(Object.keys(content), ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json']);
  });

  it('leaves the apply type out of PATCH with ServerSideApply off (v3 request bodies and v2 consumes)', () => {
    const path = '/api/v1/namespaces/{namespace}/configmaps/{name}';
    const v3 = buildOpenApiV3(testDefinitions, { version: 'v1.25.0', applyPatch: false }).documents.get('api/v1')?.document['paths'] as Record<string, Record<string, JsonObject>>;
    const content = (v3[path]?.['patch']?.['requestBody'] as Record<string, JsonObject>)['content'] ?? {};
    assert.deepEqual(Object.keys(content), ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json']);
    const v2 = servedOpenApiV2(testDefinitions, { version: 'v1.25.0', applyPatch: false }).document['paths'] as Record<string, Record<string, JsonObject>>;
    assert.deepEqual(v2[path]?.['patch']?.['consumes'], ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json']);
  });
});

describe('served documents cache', () => {
  it('builds once per definition set', () => {
    const copy = [...testDefinitions];
    assert.equal(servedOpenApiV3(copy, { version: 'x' }), servedOpenApiV3(copy, { version: 'x' }));
    assert.notEqual(servedOpenApiV3(copy, { version: 'x' }), servedOpenApiV3([...copy], { version: 'x' }));
    const v2 = servedOpenApiV2(copy, { version: 'x' });
    assert.equal(v2, servedOpenApiV2(copy, { version: 'x' }));
    assert.equal(v2.etag, createHash('sha512').update(v2.json).digest('hex').toUpperCase());
  });
  it('keeps the documents with and without the apply type apart', () => {
    const copy = [...testDefinitions];
    assert.notEqual(servedOpenApiV2(copy, { version: 'x', applyPatch: false }), servedOpenApiV2(copy, { version: 'x' }));
    assert.notEqual(servedOpenApiV3(copy, { version: 'x', applyPatch: false }), servedOpenApiV3(copy, { version: 'x' }));
    assert.ok(servedOpenApiV2(copy, { version: 'x' }).json.includes('application/apply-patch+yaml'));
    assert.ok(!servedOpenApiV2(copy, { version: 'x', applyPatch: false }).json.includes('application/apply-patch+yaml'));
  });
});
