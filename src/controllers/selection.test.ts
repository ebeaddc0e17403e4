import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { controllerSelectionErrors, isControllerEnabled } from './selection.js';

describe('isControllerEnabled', () => {
  const cases: [selection: string[], name: string, enabled: boolean][] = [
    [['*'], 'namespace', true],
    [['*'], 'bootstrapsigner', false],
    [['*'], 'tokencleaner', false],
    [['*', 'tokencleaner'], 'tokencleaner', true],
    [['tokencleaner', '*'], 'tokencleaner', true],
    [['*', '-namespace'], 'namespace', false],
    [['-namespace', '*'], 'namespace', false],
    [['namespace', '-namespace'], 'namespace', true],
    [['namespace'], 'local-apiservices', false],
    [['namespace'], 'namespace', true],
    [[], 'namespace', false],
    [['*', '-bootstrapsigner'], 'bootstrapsigner', false],
  ];
  for (const [selection, name, enabled] of cases) {
    it(`--controllers=${selection.join(',')}: ${name} ${enabled ? 'on' : 'off'}`, () => assert.equal(isControllerEnabled(name, selection), enabled));
  }
});

describe('controllerSelectionErrors', () => {
  it('accepts * and known names with or without -', () => assert.deepEqual(controllerSelectionErrors(['*', '-namespace', 'tokencleaner', 'local-apiservices']), []));
  it('names unknown controllers as upstream', () =>
    assert.deepEqual(controllerSelectionErrors(['nope', '-gone', '**']), ['"nope" is not in the list of known controllers', '"gone" is not in the list of known controllers', '"**" is not in the list of known controllers']));
});
