import { test } from 'node:test';
import assert from 'node:assert/strict';
import { removeItems } from './remove.js';
import { setOf } from './field-set.js';
import { fieldElement, keyElement } from './path-element.js';
import { WIDGET } from './test-kinds.js';

test('remove: a path removes the key or item and what is below; emptied maps disappear', () => {
  const value = { metadata: { labels: { a: '1' } }, spec: { containers: [{ name: 'a', image: 'i' }, { name: 'b' }], replicas: 1 } };
  const set = setOf(
    [fieldElement('metadata'), fieldElement('labels'), fieldElement('a')],
    [fieldElement('spec'), fieldElement('containers'), keyElement([['name', 'b']])],
    [fieldElement('spec'), fieldElement('containers'), keyElement([['name', 'a']]), fieldElement('image')],
  );
  assert.deepEqual(removeItems(value, set, WIDGET), { spec: { containers: [{ name: 'a' }], replicas: 1 } });
  assert.equal(removeItems(value, setOf(), WIDGET), value);
});
