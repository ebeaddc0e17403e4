import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { listMapKeys, listType, mapType, patchMergeKey, patchStrategies, schemaAtPath, type JsonSchema } from './schema-utils.js';
import { TestPod } from './test-schemas.js';
import { K } from './builder.js';

describe('schema-utils', () => {
  it('walks field paths through lists and maps', () => {
    const ports = schemaAtPath(TestPod, ['spec', 'containers', 0, 'ports']);
    assert.ok(ports);
    assert.equal(listType(ports), 'map');
    assert.deepEqual(listMapKeys(ports), ['containerPort', 'protocol']);
    assert.deepEqual(patchStrategies(ports), ['merge']);
    assert.equal(patchMergeKey(ports), 'containerPort');
    assert.equal(schemaAtPath(TestPod, ['metadata', 'labels', 'any-key'])?.['type'], 'string');
    assert.equal(schemaAtPath(TestPod, ['spec', 'nope']), undefined);
  });

  it('reads atomic markers and split strategies', () => {
    const s: JsonSchema = { 'x-kubernetes-map-type': 'atomic', 'x-kubernetes-patch-strategy': 'merge,retainKeys' };
    assert.equal(mapType(s), 'atomic');
    assert.deepEqual(patchStrategies(s), ['merge', 'retainKeys']);
    assert.equal(listType(K.AtomicList(K.String())), 'atomic');
  });

  it('resolves $ref to an enclosing $id (recursive schemas)', () => {
    const Props = Type.Recursive((Self) => K.Object({ properties: K.Optional(K.Map(Self)), type: K.Optional(K.String()) }), { $id: 'JSONSchemaProps' });
    assert.equal(schemaAtPath(Props, ['properties', 'a', 'properties', 'b', 'type'])?.['type'], 'string');
  });
});
