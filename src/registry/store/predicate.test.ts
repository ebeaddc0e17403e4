import { test } from 'node:test';
import assert from 'node:assert/strict';
import { secretDefinition } from '../../apis/core/v1/secret.js';
import type { ResourceDefinition } from '../resource-definition.js';
import { parseFieldSelector } from '../selectors/field-selector.js';
import { parseLabelSelector } from '../selectors/label-selector.js';
import { selectionPredicate, type Selectable } from './predicate.js';

const secrets = secretDefinition as unknown as ResourceDefinition;

/** A cached-object-like item that counts how often its object is decoded. */
function item(name: string, labels: Record<string, string> | undefined, type: string): Selectable & { decodes: number } {
  return {
    name,
    namespace: 'ns',
    labels,
    decodes: 0,
    get object() {
      this.decodes++;
      return { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: 'ns', ...(labels ? { labels } : {}) }, type };
    },
  };
}

test('label selectors and metadata field selectors read the kept attributes, not the object', () => {
  const predicate = selectionPredicate(secrets, parseLabelSelector('app=web'), parseFieldSelector('metadata.name=a,metadata.namespace=ns'))!;
  const a = item('a', { app: 'web' }, 'Opaque');
  const b = item('b', { app: 'web' }, 'Opaque');
  const c = item('a', undefined, 'Opaque');
  assert.deepEqual([a, b, c].map(predicate), [true, false, false]);
  assert.deepEqual([a.decodes, b.decodes, c.decodes], [0, 0, 0]);
});

test("a kind's own selectable field decodes the object", () => {
  const predicate = selectionPredicate(secrets, undefined, parseFieldSelector('type=kubernetes.io/tls'))!;
  const tls = item('t', undefined, 'kubernetes.io/tls');
  assert.deepEqual([predicate(tls), predicate(item('o', undefined, 'Opaque'))], [true, false]);
  assert.equal(tls.decodes, 1);
  assert.equal(selectionPredicate(secrets, parseLabelSelector(''), parseFieldSelector('')), undefined);
});
