import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goJson } from './go-json.js';

test("goJson writes as Go's encoding/json: compact, keys sorted, HTML escaped, undefined members left out", () => {
  const cases: Array<[unknown, string]> = [
    [null, 'null'],
    ['a<b&c', '"a\\u003cb\\u0026c"'],
    [[1, [2, {}], []], '[1,[2,{}],[]]'],
    [{ b: 1, a: [{ c: 'x', B: null }], u: undefined }, '{"a":[{"B":null,"c":"x"}],"b":1}'],
  ];
  for (const [value, want] of cases) assert.equal(goJson(value), want);
});

test('goJson writes values nested 10,000 levels deep without overflowing the stack', () => {
  let value: unknown = 'x';
  for (let i = 0; i < 10_000; i++) value = { a: [value] };
  assert.equal(goJson(value), `${'{"a":['.repeat(10_000)}"x"${']}'.repeat(10_000)}`);
});
