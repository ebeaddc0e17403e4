// Oracle: the schemas of the served kinds against Kubernetes 1.25's structural facts (codegen/facts,
// from the public OpenAPI document; structure only). Every definition our schemas name
// must have the reference's fields, types, formats, required lists and x-kubernetes markers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FACTS_PATH, type Facts } from '../../codegen/facts.js';
import type { TSchema } from '@sinclair/typebox';
import { builtInResources } from '../../src/apis/index.js';
import { listSchema } from '../../src/apis/meta/v1/object-meta.js';

type Json = Record<string, unknown>;

/** The reference: Kubernetes 1.25's structural facts, kept in the repository (codegen/facts). */
function loadReference(): Record<string, Json> {
  const facts = JSON.parse(readFileSync(FACTS_PATH, 'utf8')) as Facts;
  return { ...facts.definitions, ...facts.documentDefinitions } as Record<string, Json>;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The structural facts of one schema node, nested named definitions replaced by `$ref`s. */
function structure(node: Json, named: (schema: Json) => Json | undefined): Json {
  // IntOrString is compared in its OpenAPI v2 form, as the served document renders the schema marker.
  if (node['x-kubernetes-int-or-string'] === true) return { format: 'int-or-string', type: 'string' };
  const out: Json = {};
  // Markers of a referring property (x-kplane-ref-markers) belong beside its $ref, not to the definition.
  const refMarkers = typeof node.$id === 'string' && Array.isArray(node['x-kplane-ref-markers']) ? (node['x-kplane-ref-markers'] as string[]) : [];
  for (const [key, value] of Object.entries(node)) {
    if (refMarkers.includes(key)) continue;
    if (key === 'type' || key === 'format' || key === '$ref' || key.startsWith('x-kubernetes-')) out[key] = value;
    else if (key === 'required' && Array.isArray(value)) out.required = [...(value as string[])].sort();
    else if (key === 'items' && isObject(value)) out.items = named(value) ?? structure(value, named);
    else if (key === 'additionalProperties' && isObject(value)) out.additionalProperties = named(value) ?? structure(value, named);
    else if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, prop]) => [name, named(prop as Json) ?? structure(prop as Json, named)]));
    }
  }
  return out;
}

/** All named definitions reachable from `roots`, in the reference's shape. */
function ourDefinitions(roots: TSchema[]): Map<string, Json> {
  const definitions = new Map<string, Json>();
  const named = (schema: Json): Json | undefined => {
    const id = schema.$id;
    if (typeof id !== 'string') return undefined;
    if (!definitions.has(id)) {
      definitions.set(id, {});
      definitions.set(id, structure(schema, named));
    }
    // Markers of the referring property sit beside the $ref (PersistentVolumeSpec.claimRef).
    const siblings = Array.isArray(schema['x-kplane-ref-markers']) ? (schema['x-kplane-ref-markers'] as string[]) : [];
    return { $ref: `#/definitions/${id}`, ...Object.fromEntries(siblings.map((key) => [key, schema[key]])) };
  };
  for (const root of roots) named(root as Json);
  return definitions;
}

const definitions = builtInResources();
// Kinds without a list verb (Binding) have no list definition upstream.
const roots = definitions.flatMap((def) => [def.schema, ...(def.verbs.includes('list') ? [def.listSchema ?? listSchema(def.schema, `${def.definitionName}List`)] : [])]);
const ours = ourDefinitions(roots);

test('every definition our schemas name is a definition of the reference', () => {
  const reference = loadReference();
  assert.deepEqual([...ours.keys()].filter((name) => !(name in reference)), []);
  // The first kinds are there at least (a broken walk would find nothing to compare).
  for (const name of ['io.k8s.api.core.v1.ConfigMap', 'io.k8s.api.core.v1.Namespace', 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']) assert.ok(ours.has(name), name);
});

test('every definition matches the reference: fields, types, formats, required, markers', () => {
  const reference = loadReference();
  const identity = (): undefined => undefined;
  for (const [name, mine] of ours) {
    const want = reference[name];
    assert.ok(want, `${name} is in the reference`);
    assert.deepEqual(mine, structure(want, identity), name);
  }
});

test('each resource definition names its schema and group-version-kind consistently', () => {
  for (const def of definitions) {
    const schema = def.schema as Json;
    assert.equal(schema.$id, def.definitionName, def.definitionName);
    assert.deepEqual(schema['x-kubernetes-group-version-kind'], [{ group: def.group, kind: def.kind, version: def.version }], def.definitionName);
  }
});
