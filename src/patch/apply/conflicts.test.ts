import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conflictError, conflictMessage, printManager } from './conflicts.js';
import { managerIdentifier } from './managed-fields.js';
import { fieldElement, keyElement } from './path-element.js';

test('conflict texts name managers as upstream printManager does', () => {
  assert.equal(printManager(managerIdentifier({ manager: 'a', operation: 'Apply' })), '"a"');
  assert.equal(printManager(managerIdentifier({ manager: 'kubectl-edit', operation: 'Update', apiVersion: 'v1' })), '"kubectl-edit" using v1');
  assert.equal(printManager(managerIdentifier({ manager: 'c', operation: 'Update', apiVersion: 'v1', subresource: 'status' })), '"c" with subresource "status" using v1');
});

test('conflict messages: one conflict on one line, several grouped by manager', () => {
  const a = managerIdentifier({ manager: 'a', operation: 'Apply' });
  const b = managerIdentifier({ manager: 'b', operation: 'Update', apiVersion: 'v1' });
  const image = [fieldElement('spec'), fieldElement('containers'), keyElement([['name', 'c']]), fieldElement('image')];
  assert.equal(conflictMessage([{ manager: a, path: image }]), 'Apply failed with 1 conflict: conflict with "a": .spec.containers[name="c"].image');
  assert.equal(
    conflictMessage([
      { manager: b, path: [fieldElement('x')] },
      { manager: a, path: [fieldElement('y')] },
    ]),
    'Apply failed with 2 conflicts: conflicts with "a":\n- .y\nconflicts with "b" using v1:\n- .x',
  );
  const error = conflictError([{ manager: b, path: [fieldElement('x')] }]);
  assert.equal(error.code, 409);
  assert.deepEqual(error.status.details, { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "b" using v1', field: '.x' }] });
});
