// Properties of apply that hold for any configuration (fast-check), on the real ConfigMap and on a
// kind with list-map items.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { StatusError } from '../../errors/status-error.js';
import { applyToObject } from './field-manager.js';
import { fieldsV1ToSet } from './fields-v1.js';
import { hasPath } from './field-set.js';
import { fieldElement } from './path-element.js';
import { CONFIG_MAP, WIDGET, testScope } from './test-kinds.js';

const key = fc.constantFrom('k0', 'k1', 'k2', 'k3', 'k4');
const data = fc.dictionary(key, fc.constantFrom('v0', 'v1'), { maxKeys: 5 });
// An empty `data` is left out: Go's omitempty makes `{}` and absent the same upstream, while the
// schema decode here keeps `{}`, so `data: {}` would flip between the two across re-applies.
const cm = (d: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, ...(Object.keys(d).length > 0 ? { data: d } : {}) });
const container = fc.record({ name: fc.constantFrom('a', 'b', 'c'), image: fc.constantFrom('i1', 'i2') });
const widget = fc
  .uniqueArray(container, { selector: (c) => c.name, maxLength: 3 })
  .map((containers): KubeObject => ({ metadata: { name: 'w' }, ...(containers.length > 0 ? { spec: { containers } } : {}) }));

let clock = Date.UTC(2024, 0, 1);
const scopeOf = (type = CONFIG_MAP) => testScope(type, new Date((clock += 1000)));
const stored = (obj: KubeObject): KubeObject => ({ ...obj, metadata: { ...obj.metadata, uid: 'u' } });

/** Whether `manager`'s entry owns `.data.<k>`. */
function owns(obj: KubeObject, manager: string, k: string): boolean {
  const entry = obj.metadata.managedFields?.find((e) => e.manager === manager);
  return entry !== undefined && hasPath(fieldsV1ToSet(entry.fieldsV1), [fieldElement('data'), fieldElement(k)]);
}

test('property: applying the same configuration twice changes nothing, managedFields included', () => {
  for (const [type, arb] of [
    [CONFIG_MAP, data.map(cm)],
    [WIDGET, widget],
  ] as const) {
    fc.assert(
      fc.property(arb, arb, (first, config) => {
        const live = stored(applyToObject(scopeOf(type), undefined, first, 'm', false));
        const once = stored(applyToObject(scopeOf(type), live, config, 'm', false));
        const twice = stored(applyToObject(scopeOf(type), structuredClone(once), config, 'm', false));
        assert.deepEqual(twice, once);
      }),
    );
  }
});

test('property: a second manager applying the same values shares ownership without conflict', () => {
  fc.assert(
    fc.property(data, (d) => {
      const one = stored(applyToObject(scopeOf(), undefined, cm(d), 'one', false));
      const two = applyToObject(scopeOf(), one, cm(d), 'two', false);
      for (const k of Object.keys(d)) assert.ok(owns(two, 'one', k) && owns(two, 'two', k), k);
      assert.deepEqual(two.data, one.data);
    }),
  );
});

test('property: a different value conflicts with every other owner unless forced', () => {
  fc.assert(
    fc.property(data, key, (d, k) => {
      const one = stored(applyToObject(scopeOf(), undefined, cm({ ...d, [k]: 'v0' }), 'one', false));
      try {
        applyToObject(scopeOf(), one, cm({ [k]: 'changed' }), 'two', false);
        assert.fail('expected a conflict');
      } catch (error) {
        assert.ok(error instanceof StatusError && error.code === 409);
        assert.equal(error.status.details?.causes?.[0]?.field, `.data.${k}`);
      }
      const forced = applyToObject(scopeOf(), one, cm({ [k]: 'changed' }), 'two', true);
      assert.ok(owns(forced, 'two', k) && !owns(forced, 'one', k));
    }),
  );
});

test('property: a field dropped from a configuration is removed only when nobody else owns it', () => {
  fc.assert(
    fc.property(data, key, fc.boolean(), (d, dropped, shared) => {
      let obj = stored(applyToObject(scopeOf(), undefined, cm({ ...d, [dropped]: 'v1' }), 'one', false));
      if (shared) obj = stored(applyToObject(scopeOf(), obj, cm({ [dropped]: 'v1' }), 'two', false));
      const { [dropped]: _gone, ...rest } = d;
      obj = applyToObject(scopeOf(), obj, cm(rest), 'one', false);
      const data = (obj.data ?? {}) as Record<string, string>;
      assert.equal(dropped in data, shared);
      for (const k of Object.keys(rest)) assert.equal(data[k], rest[k]);
    }),
  );
});
