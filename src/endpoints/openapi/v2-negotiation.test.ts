// /openapi/v2 negotiation as kube-openapi's 1.25 handler over goautoneg decides it: sorted clauses, the
// first match wins, 406 (undefined) when nothing matches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { negotiateOpenApiV2, parseGoautonegAccept } from './v2-negotiation.js';

const PB = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';

const cases: Array<{ accept: string | undefined; form: 'json' | 'protobuf' | undefined; why: string }> = [
  { accept: undefined, form: 'json', why: 'no Accept is */*' },
  { accept: '', form: 'json', why: 'an empty Accept is */*' },
  { accept: 'application/json', form: 'json', why: 'JSON' },
  { accept: PB, form: 'protobuf', why: "client-go's protobuf type" },
  { accept: `${PB}, application/json`, form: 'protobuf', why: 'the first clause wins at equal q' },
  { accept: `application/json, ${PB}`, form: 'json', why: 'the first clause wins at equal q (JSON first)' },
  { accept: `application/json;q=0.5, ${PB}`, form: 'protobuf', why: 'a higher q goes first' },
  { accept: `${PB};q=0.1, application/json;q=0.9`, form: 'json', why: 'q-values order the clauses' },
  { accept: `${PB};q=0, application/json;q=0`, form: 'protobuf', why: 'q=0 orders, it does not refuse' },
  { accept: '*/*', form: 'json', why: 'a wildcard matches JSON first' },
  { accept: 'application/*', form: 'json', why: 'a subtype wildcard matches JSON first' },
  { accept: '*', form: 'json', why: 'a lone * is */*' },
  { accept: `*/*;q=0.5, ${PB}`, form: 'protobuf', why: 'protobuf at q=1 before */* at q=0.5' },
  { accept: `${PB};q=0.5, */*`, form: 'json', why: 'insertion sort puts */* (q=1) first here' },
  { accept: `*/*, ${PB};q=0.5`, form: 'protobuf', why: "goautoneg's Less puts a concrete type before a wildcard whatever its q" },
  { accept: `${PB};q= 0.9, application/json;q=0.5`, form: 'json', why: 'an untrimmed q value does not parse: 0' },
  { accept: `${PB};q=abc, application/json;q=0.5`, form: 'json', why: 'a q that does not parse is 0' },
  { accept: 'text/html', form: undefined, why: 'nothing acceptable: 406' },
  { accept: 'application/yaml, text/*', form: undefined, why: 'no clause matches: 406' },
  { accept: 'Application/JSON', form: undefined, why: 'matching is case-sensitive' },
  { accept: 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf', form: undefined, why: 'the type without @ came after 1.25' },
  { accept: 'application', form: undefined, why: 'a type without subtype is skipped' },
  { accept: 'text/html, application/json', form: 'json', why: 'a later clause can match' },
  { accept: ' application/json ;q=1', form: 'json', why: 'spaces around a clause and its type are trimmed' },
];

for (const c of cases) {
  test(`Accept ${JSON.stringify(c.accept)}: ${c.form ?? '406'} (${c.why})`, () => {
    assert.equal(negotiateOpenApiV2(c.accept), c.form);
  });
}

test('parseGoautonegAccept reads q as float32 and keeps the sort order of goautoneg', () => {
  assert.deepEqual(parseGoautonegAccept('a/b;q=0.3, c/d;q=1e50, */*;q=inf').map((c) => [c.type, c.q]), [['c', Infinity], ['*', Infinity], ['a', Math.fround(0.3)]]);
});

test('a header of many clauses (past the insertion-sort bound of Go) is ordered by q', () => {
  // 80,000 clauses in rising q: an insertion sort held the event loop ~9 s on this input.
  const header = Array.from({ length: 80_000 }, (_, i) => `a/b${i};q=${(i / 80_000).toFixed(5)}`).join(',');
  const clauses = parseGoautonegAccept(header);
  assert.equal(clauses[0]?.subType, 'b79999');
  assert.equal(clauses[clauses.length - 1]?.subType, 'b0');
});
