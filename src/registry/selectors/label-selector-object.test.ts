import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../errors/status-error.js';
import { fieldErrorMessage } from '../../errors/field-errors.js';
import { labelSelectorFromObject, validateLabelSelector } from './label-selector-object.js';
import type { LabelSelectorObject } from './label-selector-object.js';

function errorOf(fn: () => unknown): { code: number; message: string } {
  try {
    fn();
  } catch (e) {
    assert.ok(isStatusError(e));
    return { code: e.code, message: e.message };
  }
  assert.fail('expected an error');
}

describe('labelSelectorFromObject (upstream LabelSelectorAsSelector)', () => {
  it('selects nothing for a missing selector and everything for an empty one', () => {
    assert.equal(labelSelectorFromObject(undefined).matches({ a: 'b' }), false);
    assert.equal(labelSelectorFromObject(null).empty, false);
    assert.equal(labelSelectorFromObject({}).matches({ a: 'b' }), true);
    assert.equal(labelSelectorFromObject({ matchLabels: {}, matchExpressions: [] }).empty, true);
  });

  const sel: LabelSelectorObject = {
    matchLabels: { app: 'web' },
    matchExpressions: [
      { key: 'tier', operator: 'In', values: ['front', 'edge'] },
      { key: 'env', operator: 'NotIn', values: ['prod'] },
      { key: 'team', operator: 'Exists' },
      { key: 'legacy', operator: 'DoesNotExist' },
    ],
  };
  const cases: [Record<string, string>, boolean][] = [
    [{ app: 'web', tier: 'front', team: 'a' }, true],
    [{ app: 'web', tier: 'edge', team: 'a', env: 'dev' }, true],
    [{ app: 'web', tier: 'edge', team: 'a', env: 'prod' }, false],
    [{ app: 'web', tier: 'back', team: 'a' }, false],
    [{ app: 'web', tier: 'front' }, false],
    [{ app: 'web', tier: 'front', team: 'a', legacy: '' }, false],
    [{ app: 'api', tier: 'front', team: 'a' }, false],
  ];
  for (const [labels, want] of cases) {
    it(`${want ? 'matches' : 'rejects'} ${JSON.stringify(labels)}`, () => {
      assert.equal(labelSelectorFromObject(sel).matches(labels), want);
    });
  }

  it('renders like upstream (sorted by key)', () => {
    assert.equal(labelSelectorFromObject(sel).toString(), 'app=web,env notin (prod),!legacy,team,tier in (edge,front)');
  });

  it('rejects bad operators, keys, values and counts with upstream messages', () => {
    assert.deepEqual(errorOf(() => labelSelectorFromObject({ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] })), {
      code: 400,
      message: '"Gt" is not a valid label selector operator',
    });
    assert.deepEqual(errorOf(() => labelSelectorFromObject({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] })), {
      code: 400,
      message: "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty",
    });
    assert.deepEqual(errorOf(() => labelSelectorFromObject({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x', 'y'] }] })), {
      code: 400,
      message: `values: Invalid value: []string{"x", "y"}: values set must be empty for exists and does not exist`,
    });
    const badKey = errorOf(() => labelSelectorFromObject({ matchLabels: { 'a b': 'c' } })).message;
    assert.match(badKey, /^key: Invalid value: "a b": name part must consist of alphanumeric characters/);
    const badValue = errorOf(() => labelSelectorFromObject({ matchLabels: { a: 'c d' } })).message;
    assert.match(badValue, /^values\[0\]\[a\]: Invalid value: "c d": a valid label must be an empty string/);
  });
});

describe('validateLabelSelector (upstream 1.25 ValidateLabelSelector)', () => {
  it('accepts a valid selector and a missing one', () => {
    assert.deepEqual(validateLabelSelector(undefined, 'spec.selector'), []);
    assert.deepEqual(validateLabelSelector({ matchLabels: { a: 'b' }, matchExpressions: [{ key: 'c', operator: 'In', values: ['d'] }] }, 'spec.selector'), []);
  });

  it('reports each problem at its field', () => {
    const errs = validateLabelSelector(
      {
        matchLabels: { 'a/b/c': 'x' },
        matchExpressions: [
          { key: 'k', operator: 'In' },
          { key: 'k', operator: 'Exists', values: ['v'] },
          { key: 'k', operator: 'Gt', values: ['1'] },
          { key: '-k', operator: 'DoesNotExist' },
        ],
      },
      'spec.selector',
    ).map(fieldErrorMessage);
    assert.deepEqual(errs, [
      `spec.selector.matchLabels: Invalid value: "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      "spec.selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      'spec.selector.matchExpressions[2].operator: Invalid value: "Gt": not a valid selector operator',
      `spec.selector.matchExpressions[3].key: Invalid value: "-k": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    ]);
  });
});
