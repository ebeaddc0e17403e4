import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../errors/status-error.js';
import {
  escapeFieldValue,
  parseFieldSelector,
  requiresExactMatch,
  singleObjectName,
  unescapeFieldValue,
  validateFieldSelector,
} from './field-selector.js';

function errorOf(fn: () => unknown): { code: number; reason: string | undefined; message: string } {
  try {
    fn();
  } catch (e) {
    assert.ok(isStatusError(e));
    return { code: e.code, reason: e.reason, message: e.message };
  }
  assert.fail('expected an error');
}

describe('parseFieldSelector (upstream fields.ParseSelector)', () => {
  for (const s of ['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=a||y\\=b', 'x=a\\=\\=b']) {
    it(`round-trips ${JSON.stringify(s)}`, () => assert.equal(parseFieldSelector(s).toString(), s));
  }

  it('is deterministic whatever the order', () => {
    assert.equal(parseFieldSelector('x=a,a=x').toString(), 'a=x,x=a');
  });

  const terms: [string, [string, string, string][]][] = [
    ['a=avalue,b==bvalue,c!=cvalue', [['a', '=', 'avalue'], ['b', '==', 'bvalue'], ['c', '!=', 'cvalue']]],
    ['a=a,', [['a', '=', 'a']]],
    [',a=a', [['a', '=', 'a']]],
    [',,', []],
    // Terms sort byte-wise before parsing: '2' sorts before '='.
    ['k=\\,,k2=v2', [['k2', '=', 'v2'], ['k', '=', ',']]],
    ['k=\\\\,k2=v2', [['k2', '=', 'v2'], ['k', '=', '\\']]],
    ['k=\\\\\\,,k2=v2', [['k2', '=', 'v2'], ['k', '=', '\\,']]],
    ['함=수,목=록', [['목', '=', '록'], ['함', '=', '수']]],
    ['metadata.name=', [['metadata.name', '=', '']]],
  ];
  for (const [s, expected] of terms) {
    it(`parses ${JSON.stringify(s)}`, () => {
      assert.deepEqual(
        parseFieldSelector(s).requirements.map((r) => [r.field, r.operator, r.value]),
        expected,
      );
    });
  }

  const bad: [string, string][] = [
    ['x=a||y=b', 'invalid field selector: unescaped character in value: 61'],
    ['x==a==b', 'invalid field selector: unescaped character in value: 61'],
    ['a!==b', 'invalid field selector: unescaped character in value: 61'],
    ['a=b,c', "invalid selector: 'a=b,c'; can't understand 'c'"],
    ['x=a,b', "invalid selector: 'x=a,b'; can't understand 'b'"],
    ['x in (a)', "invalid selector: 'x in (a)'; can't understand 'x in (a)'"],
    ['x in (a,b,c)', "invalid selector: 'x in (a,b,c)'; can't understand 'b'"],
    ['x', "invalid selector: 'x'; can't understand 'x'"],
    ['k=\\', 'invalid field selector: invalid escape sequence: \\'],
    ['k=\\a', 'invalid field selector: invalid escape sequence: \\a'],
  ];
  for (const [s, message] of bad) {
    it(`rejects ${JSON.stringify(s)} with 400`, () => {
      assert.deepEqual(errorOf(() => parseFieldSelector(s)), { code: 400, reason: 'BadRequest', message });
    });
  }
});

describe('field value escaping (upstream TestEscapeValue)', () => {
  const cases: [string, string][] = [
    ['', ''],
    ['a', 'a'],
    ['=', '\\='],
    [',', '\\,'],
    ['\\', '\\\\'],
    ['\\=\\,\\', '\\\\\\=\\\\\\,\\\\'],
  ];
  for (const [plain, escaped] of cases) {
    it(`escapes ${JSON.stringify(plain)}`, () => {
      assert.equal(escapeFieldValue(plain), escaped);
      assert.equal(unescapeFieldValue(escaped), plain);
    });
  }
  for (const invalid of ['\\', '\\\\\\', '\\a']) {
    it(`rejects ${JSON.stringify(invalid)}`, () => {
      assert.match(errorOf(() => unescapeFieldValue(invalid)).message, /invalid escape sequence/);
    });
  }
});

describe('field selector matching (upstream TestSelectorMatches)', () => {
  const fieldset = { foo: 'bar', baz: 'blah', complex: '=value\\,\\' };
  const cases: [string, Record<string, string>, boolean][] = [
    ['', { x: 'y' }, true],
    ['x=y', { x: 'y' }, true],
    ['x=y,z=w', { x: 'y', z: 'w' }, true],
    ['x!=y,z!=w', { x: 'z', z: 'a' }, true],
    ['notin=in', { notin: 'in' }, true],
    ['x=y', { x: 'z' }, false],
    ['x=y,z=w', { x: 'w', z: 'w' }, false],
    ['x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['foo=bar', fieldset, true],
    ['foo=bar,baz=blah', fieldset, true],
    ['foo=bar,baz=blah,complex=\\=value\\\\\\,\\\\', fieldset, true],
    ['foo=blah', fieldset, false],
    ['foo=bar,foobar=bar,baz=blah', fieldset, false],
    ['missing=', {}, true],
    ['missing!=', {}, false],
    ['toString=', {}, true],
  ];
  for (const [s, fields, want] of cases) {
    it(`${JSON.stringify(s)} ${want ? 'matches' : 'does not match'}`, () => {
      assert.equal(parseFieldSelector(s).matches(fields), want);
    });
  }
  it('knows when it is empty', () => {
    assert.equal(parseFieldSelector('').empty, true);
    assert.equal(parseFieldSelector(',').empty, true);
    assert.equal(parseFieldSelector('a=b').empty, false);
  });
});

describe('validateFieldSelector', () => {
  const supported = ['metadata.name', 'metadata.namespace'];
  it('accepts supported fields', () => {
    assert.doesNotThrow(() => validateFieldSelector(parseFieldSelector('metadata.name=a,metadata.namespace!=b'), supported));
  });
  it('reports the first unsupported field in term order, with the field-label wording by default', () => {
    assert.deepEqual(errorOf(() => validateFieldSelector(parseFieldSelector('zeta=1,spec.foo=2,metadata.name=a'), supported)), {
      code: 400,
      reason: 'BadRequest',
      message: 'field label not supported: spec.foo',
    });
  });
  it('uses the scheme default wording when asked', () => {
    assert.equal(
      errorOf(() => validateFieldSelector(parseFieldSelector('spec.foo=2'), supported, 'notAKnownFieldSelector')).message,
      '"spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace"',
    );
  });
});

describe('requiresExactMatch (upstream TestRequiresExactMatch)', () => {
  const cases: [string, string, string | undefined][] = [
    ['', 'test', undefined],
    ['a=b', 'test', undefined],
    ['test=b', 'test', 'b'],
    ['test=', 'test', ''],
    ['test==b', 'test', 'b'],
    ['test!=b', 'test', undefined],
    ['a=c,test=b', 'test', 'b'],
  ];
  for (const [s, fieldName, want] of cases) {
    it(`${JSON.stringify(s)} pins ${fieldName} to ${String(want)}`, () => {
      assert.equal(requiresExactMatch(parseFieldSelector(s), fieldName), want);
    });
  }
  it('finds the single object name', () => {
    assert.equal(singleObjectName(parseFieldSelector('metadata.name=web')), 'web');
    assert.equal(singleObjectName(parseFieldSelector('metadata.name!=web')), undefined);
    assert.equal(singleObjectName(parseFieldSelector('metadata.namespace=web')), undefined);
  });
});
