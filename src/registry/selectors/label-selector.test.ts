import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../errors/status-error.js';
import { lex } from './label-lexer.js';
import { parseLabelSelector, everything, nothing } from './label-selector.js';
import { goQuote } from './go-format.js';

const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const NAME_PART_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

function parseError(s: string): { code: number; reason: string | undefined; message: string } {
  try {
    parseLabelSelector(s);
  } catch (e) {
    assert.ok(isStatusError(e), `expected a StatusError for ${JSON.stringify(s)}`);
    return { code: e.code, reason: e.reason, message: e.message };
  }
  assert.fail(`expected ${JSON.stringify(s)} to be rejected`);
}

describe('label lexer (upstream TestLexer)', () => {
  const cases: [string, string][] = [
    ['', 'EndOfString'],
    [',', 'Comma'],
    ['notin', 'NotIn'],
    ['in', 'In'],
    ['=', 'Equals'],
    ['==', 'DoubleEquals'],
    ['>', 'GreaterThan'],
    ['<', 'LessThan'],
    ['!', 'DoesNotExist'],
    ['!=', 'NotEquals'],
    ['(', 'OpenPar'],
    [')', 'ClosedPar'],
    ['~', 'Identifier'],
    ['||', 'Identifier'],
  ];
  for (const [s, kind] of cases) {
    it(`lexes ${JSON.stringify(s)} as ${kind}`, () => {
      const first = lex(s)[0];
      assert.equal(first?.kind, kind);
      assert.equal(first?.literal, s);
    });
  }

  const sequences: [string, string[]][] = [
    ['key in ( value )', ['Identifier', 'In', 'OpenPar', 'Identifier', 'ClosedPar']],
    ['key notin ( value1, value2 )', ['Identifier', 'NotIn', 'OpenPar', 'Identifier', 'Comma', 'Identifier', 'ClosedPar']],
    ['!key', ['DoesNotExist', 'Identifier']],
    ['x in (),y', ['Identifier', 'In', 'OpenPar', 'ClosedPar', 'Comma', 'Identifier']],
    ['== != (), = notin', ['DoubleEquals', 'NotEquals', 'OpenPar', 'ClosedPar', 'Comma', 'Equals', 'NotIn']],
    ['key>2', ['Identifier', 'GreaterThan', 'Identifier']],
    ['key<1', ['Identifier', 'LessThan', 'Identifier']],
    ['a=!b', ['Identifier', 'Equals', 'DoesNotExist', 'Identifier']],
  ];
  for (const [s, kinds] of sequences) {
    it(`lexes the sequence ${JSON.stringify(s)}`, () => {
      assert.deepEqual(lex(s).map((i) => i.kind), [...kinds, 'EndOfString']);
    });
  }
});

describe('parseLabelSelector: round trip (upstream TestSelectorParse)', () => {
  for (const s of ['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=', 'x= ', 'x=,z= ', 'x= ,z= ', '!x', 'x>1', 'x>1,z<5']) {
    it(`re-strings ${JSON.stringify(s)}`, () => {
      assert.equal(parseLabelSelector(s).toString(), s.replaceAll(' ', ''));
    });
  }
  it('is deterministic whatever the order', () => {
    assert.equal(parseLabelSelector('x=a,a=x').toString(), parseLabelSelector('a=x,x=a').toString());
  });
});

describe('parseLabelSelector: requirements (upstream TestSetSelectorParser)', () => {
  const cases: [string, [string, string, string[]][]][] = [
    ['', []],
    ['\rx', [['x', 'exists', []]]],
    ['this-is-a-dns.domain.com/key-with-dash', [['this-is-a-dns.domain.com/key-with-dash', 'exists', []]]],
    ['this-is-another-dns.domain.com/key-with-dash in (so,what)', [['this-is-another-dns.domain.com/key-with-dash', 'in', ['so', 'what']]]],
    ['0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)', [['0.1.2.domain/99', 'notin', ['10.10.100.1', 'tick.tack.clock']]]],
    ['foo  in\t (abc)', [['foo', 'in', ['abc']]]],
    ['x notin\n (abc)', [['x', 'notin', ['abc']]]],
    ['x in (abc,)', [['x', 'in', ['', 'abc']]]],
    ['x in ()', [['x', 'in', ['']]]],
    ['x notin ( )', [['x', 'notin', ['']]]],
    ['x notin (, a)', [['x', 'notin', ['', 'a']]]],
    ['x in (,,a)', [['x', 'in', ['', 'a']]]],
    ['x notin (abc,def),bar,z in (),w', [['bar', 'exists', []], ['w', 'exists', []], ['x', 'notin', ['abc', 'def']], ['z', 'in', ['']]]],
    ['x,y in (a)', [['x', 'exists', []], ['y', 'in', ['a']]]],
    ['x=a', [['x', '=', ['a']]]],
    ['x==a', [['x', '==', ['a']]]],
    ['x>1', [['x', 'gt', ['1']]]],
    ['x<7', [['x', 'lt', ['7']]]],
    ['x=a,y!=b,z in (h,i,j)', [['x', '=', ['a']], ['y', '!=', ['b']], ['z', 'in', ['h', 'i', 'j']]]],
    ['a ', [['a', 'exists', []]]],
    ['a in (x,y,notin, z,in)', [['a', 'in', ['in', 'notin', 'x', 'y', 'z']]]],
    ['notin=in', [['notin', '=', ['in']]]],
    ['x in (b,a,b)', [['x', 'in', ['a', 'b']]]],
  ];
  for (const [s, expected] of cases) {
    it(`parses ${JSON.stringify(s)}`, () => {
      const got = parseLabelSelector(s).requirements.map((r) => [r.key, r.operator, [...r.values]]);
      assert.deepEqual(got, expected);
    });
  }
});

describe('parseLabelSelector: errors are 400 BadRequest with upstream messages', () => {
  const cases: [string, string][] = [
    ['x=a||y=b', `unable to parse requirement: values[0][x]: Invalid value: "a||y": ${LABEL_VALUE_MSG}`],
    ['x==a==b', "found '==', expected: ',' or 'end of string'"],
    ['!x=a', "found '=', expected: ',' or 'end of string'"],
    ['x<a', `unable to parse requirement: values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['x>', `unable to parse requirement: values[0]: Invalid value: "": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['a:', `unable to parse requirement: <nil>: Invalid value: "a:": ${NAME_PART_MSG}`],
    ['x in', "unable to parse requirement: found '' expected: '('"],
    ['a in (xyz abc)', "unable to parse requirement: found 'abc', expected: ',' or ')'"],
    ['a in (xyz),', "found '', expected: identifier after ','"],
    ['a in (xyz)b notin ()', "found 'b', expected: ',' or 'end of string'"],
    ['a notin(', "unable to parse requirement: found '', expected: ',', ')' or identifier"],
    ['a (', "unable to parse requirement: found '(', expected: in, notin, =, ==, !=, gt, lt"],
    ['x nott in (y)', "unable to parse requirement: found 'nott', expected: in, notin, =, ==, !=, gt, lt"],
    ['env IN (a)', "unable to parse requirement: found 'IN', expected: in, notin, =, ==, !=, gt, lt"],
    ['(', "found '(', expected: !, identifier, or 'end of string'"],
    [',x', "found ',', expected: !, identifier, or 'end of string'"],
    ['!', "unable to parse requirement: found '', expected: identifier"],
    ['x=(', "unable to parse requirement: found '(', expected: identifier"],
    ['x in (a=b)', "unable to parse requirement: found '=', expected: ',' or ')'"],
    ['x in (a,=)', "unable to parse requirement: found '=', expected: ',', or identifier"],
    ['x in (a', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['x in (a,b', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['x in (a@,b@)', `unable to parse requirement: [values[0][x]: Invalid value: "a@": ${LABEL_VALUE_MSG}, values[1][x]: Invalid value: "b@": ${LABEL_VALUE_MSG}]`],
    ['a'.repeat(254), `unable to parse requirement: <nil>: Invalid value: "${'a'.repeat(254)}": name part must be no more than 63 characters`],
    ['x in (a))', "found ')', expected: ',' or 'end of string'"],
  ];
  for (const [s, message] of cases) {
    it(`rejects ${JSON.stringify(s)}`, () => {
      assert.deepEqual(parseError(s), { code: 400, reason: 'BadRequest', message });
    });
  }

});

describe('matching (upstream TestSelectorMatches / TestRequirementSelectorMatching)', () => {
  const cases: [string, Record<string, string>, boolean][] = [
    ['', { x: 'y' }, true],
    ['x=y', { x: 'y' }, true],
    ['x=y,z=w', { x: 'y', z: 'w' }, true],
    ['x!=y,z!=w', { x: 'z', z: 'a' }, true],
    ['notin=in', { notin: 'in' }, true],
    ['x', { x: 'z' }, true],
    ['!x', { y: 'z' }, true],
    ['x>1', { x: '2' }, true],
    ['x<1', { x: '0' }, true],
    ['x=z', {}, false],
    ['x=y', { x: 'z' }, false],
    ['x=y,z=w', { x: 'w', z: 'w' }, false],
    ['x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['x', { y: 'z' }, false],
    ['!x', { x: 'z' }, false],
    ['x>1', { x: '0' }, false],
    ['x<1', { x: '2' }, false],
    ['x in (foo),y notin (alpha)', { x: 'foo', y: 'baz' }, true],
    ['x in (foo),y in (alpha)', { x: 'foo', y: 'baz' }, false],
    ['x notin (),y', { y: '' }, true],
    ['!x,y', { y: '' }, true],
    ['x notin (),!y', { y: '' }, false],
    ['x in ()', { y: 'baz' }, false],
    ['x in ()', { x: '' }, true],
    ['z>1', { z: 'v2' }, false],
    ['z>1', { z: '99999999999999999999' }, false],
    ['z<10', { z: '-5' }, true],
    ['z>1', {}, false],
    ['x=', {}, false],
    ['x!=', {}, true],
    ['foo=bar,foobar=bar,baz=blah', { foo: 'bar', baz: 'blah' }, false],
    ['toString', {}, false],
    ['!constructor', {}, true],
  ];
  for (const [s, labels, want] of cases) {
    it(`${JSON.stringify(s)} ${want ? 'matches' : 'does not match'} ${JSON.stringify(labels)}`, () => {
      assert.equal(parseLabelSelector(s).matches(labels), want);
    });
  }
  it('treats absent labels as an empty set', () => {
    assert.equal(parseLabelSelector('!x').matches(undefined), true);
    assert.equal(parseLabelSelector('x').matches(undefined), false);
  });
  it('has everything and nothing selectors', () => {
    assert.equal(everything.empty, true);
    assert.equal(everything.matches({ x: 'y' }), true);
    assert.equal(nothing.empty, false);
    assert.equal(nothing.matches({}), false);
    assert.equal(parseLabelSelector('').empty, true);
    assert.equal(parseLabelSelector('a').empty, false);
  });
});

describe('goQuote (Go %q)', () => {
  const cases: [string, string][] = [
    ['abc', '"abc"'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ['\n\t\x07\x00\x7f', '"\\n\\t\\a\\x00\\x7f"'],
    ['héllo', '"héllo"'],
    ['\u00a0', '"\\u00a0"'],
  ];
  for (const [input, want] of cases) {
    it(`quotes ${JSON.stringify(input)}`, () => assert.equal(goQuote(input), want));
  }
});
