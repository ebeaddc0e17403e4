import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import { cleanSecretReferences, validateServiceAccount, type ServiceAccount } from './serviceaccount.js';

test('validateServiceAccount: DNS-subdomain names, metadata only', () => {
  const cases: [string, string, boolean][] = [
    ['plain', 'builder', true],
    ['dotted', 'ci.builder-1', true],
    ['upper case', 'Builder', false],
    ['underscore', 'a_b', false],
  ];
  for (const [name, saName, ok] of cases) {
    const errors = validateServiceAccount({ metadata: { name: saName, namespace: 'default' }, secrets: [{ name: 'anything at all' }] }).map(fieldErrorMessage);
    assert.equal(errors.length === 0, ok, name);
    if (!ok) assert.match(errors[0] ?? '', /^metadata\.name: Invalid value: .*a lowercase RFC 1123 subdomain/);
  }
});

test('secret references keep only their names', () => {
  const sa: ServiceAccount = { metadata: { name: 'a' }, secrets: [{ name: 's', namespace: 'x', uid: 'u', kind: 'Secret' }, { uid: 'only' }] };
  cleanSecretReferences(sa);
  assert.deepEqual(sa.secrets, [{ name: 's' }, {}]);
});
