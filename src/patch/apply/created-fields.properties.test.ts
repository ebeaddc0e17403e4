// Property: for every kind of the catalogue, a create records the same managedFields through the
// fast path (created-fields.ts) as through the generic comparison, byte for byte. Objects are drawn
// from the kind's merge type, with some values of the wrong shape, nulls, empty maps and lists,
// undeclared fields, duplicate or missing list keys, and odd key strings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { builtInResources } from '../../apis/index.js';
import { fieldManagerScope } from '../../registry/store/managed-fields.js';
import { applyTypeOf, type ApplyType, type ListType, type MapType } from './apply-type.js';
import { createdBothWays } from './test-kinds.js';

const MAX_DEPTH = 7;
const names = ['a', 'B', 'aa', 'a.b', 'ü', '😀', '\ue000', '.', 'f:x', 'name'];
const scalar = fc.oneof(fc.constantFrom('a', 'b', '', 'ü', '😀', '<&>', 'x"y'), fc.integer({ min: -2, max: 2 }), fc.boolean(), fc.constant(1.5));
const wrongShape = fc.constantFrom<unknown>(null, {}, [], 'str', 7, { z: 1 }, [1]);
const keyValue = fc.option(fc.constantFrom<unknown>('a', 'b', 'c', 'd', 'e', 1, 2, 3, true), { freq: 12, nil: undefined });

/** A value of type `t` (sometimes of another shape). */
function valueOf(t: ApplyType, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return wrongShape;
  return fc.oneof({ weight: 12, arbitrary: shapedValue(t, depth) }, { weight: 1, arbitrary: wrongShape });
}

function shapedValue(t: ApplyType, depth: number): fc.Arbitrary<unknown> {
  switch (t.kind) {
    case 'scalar':
      return scalar;
    case 'deduced':
      return fc.jsonValue({ maxDepth: 2 });
    case 'list':
      return listOf(t, depth);
    case 'map':
      return t.fields.size > 0 ? structOf(t, depth) : fc.dictionary(fc.constantFrom(...names), valueOf(t.element, depth + 1), { maxKeys: 3 });
  }
}

function listOf(t: ListType, depth: number): fc.Arbitrary<unknown> {
  if (t.relation === 'set') return fc.array(fc.oneof({ weight: 15, arbitrary: scalar }, { weight: 1, arbitrary: wrongShape }), { maxLength: 4 });
  if (t.relation === 'atomic') return fc.array(valueOf(t.item, depth + 1), { maxLength: 2 });
  const keys = fc.tuple(...t.keys.map(() => keyValue));
  const item = fc.tuple(valueOf(t.item, depth + 1), keys).map(([value, keyValues]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const out: Record<string, unknown> = { ...value };
    t.keys.forEach((k, i) => {
      if (keyValues[i] !== undefined) out[k] = keyValues[i];
      else delete out[k];
    });
    return out;
  });
  return fc.array(item, { maxLength: 3 });
}

/** Some declared fields (a few set to undefined), sometimes an undeclared one. */
function structOf(t: MapType, depth: number): fc.Arbitrary<unknown> {
  const declared = [...t.fields.keys()];
  return fc
    .tuple(fc.subarray(declared, { maxLength: Math.min(declared.length, depth === 0 ? 8 : 4) }), fc.option(fc.constantFrom(...names), { freq: 8, nil: undefined }))
    .chain(([picked, undeclared]) => {
      const fields = undeclared === undefined || t.fields.has(undeclared) ? picked : [...picked, undeclared];
      return fc.tuple(...fields.map((name) => fc.option(valueOf(t.fields.get(name) ?? t.element, depth + 1), { freq: 20, nil: undefined }))).map((values) => {
        const out: Record<string, unknown> = {};
        fields.forEach((name, i) => (out[name] = values[i]));
        return out;
      });
    });
}

/** A whole object: metadata always an object, managedFields none, a reset, or unreadable. */
function objectOf(t: MapType): fc.Arbitrary<KubeObject> {
  const metaType = t.fields.get('metadata');
  const meta = metaType?.kind === 'map' ? structOf(metaType, 1) : fc.constant({});
  const sent = fc.constantFrom<unknown>(undefined, undefined, undefined, [], [{}], 'garbage');
  return fc.tuple(structOf(t, 0), meta, sent).map(([root, metadata, managedFields]) => {
    const m = metadata as Record<string, unknown>;
    if (managedFields !== undefined) m['managedFields'] = managedFields;
    else delete m['managedFields'];
    return { ...(root as Record<string, unknown>), metadata: m } as KubeObject;
  });
}

test('property: a create records the same managedFields through the fast path as through the comparison, every kind', () => {
  let written = 0;
  let total = 0;
  for (const def of builtInResources()) {
    const type = applyTypeOf(def.schema);
    assert.equal(type.kind, 'map', def.kind);
    const subresources = ['', ...(def.subresources ?? []).flatMap((s) => (s.type === 'object' ? [s.name] : []))];
    fc.assert(
      fc.property(objectOf(type as MapType), fc.constantFrom(...subresources), fc.constantFrom('', 'kubectl', 'a"b<c'), (obj, subresource, manager) => {
        const scope = fieldManagerScope(def, subresource, new Date('2024-05-01T10:00:00Z'));
        const { fast, generic } = createdBothWays(scope, obj, manager);
        assert.deepEqual(fast, generic);
        assert.equal(JSON.stringify(fast), JSON.stringify(generic));
        total++;
        if (fast.metadata.managedFields !== undefined) written++;
      }),
      { numRuns: 60 },
    );
  }
  // Most draws must own something: a generator whose objects mostly fail would prove little.
  assert.ok(written > total / 2, `${written} of ${total} creates wrote managedFields`);
});
