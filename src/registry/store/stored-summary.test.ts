// The cache's summary of a stored value against decoding it whole: same namespace, labels, JSON and end of
// metadata, for generated objects (odd keys and strings, nested values, managedFields-like arrays) and edge cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { encodeObject, encodeWithMetadataEnd, parseStored, storedJsonWithRevision } from './codec.js';
import { noteWritten, storedSummary } from './stored-summary.js';

const oddString = fc.oneof(fc.string(), fc.constantFrom('', '"', '\\', '\\"', '}', ']', '{"a":1}', 'ü', '\u2028', '𝄞'));
const labels = fc.dictionary(oddString, oddString, { maxKeys: 4 });
const metadata = fc.record(
  {
    name: oddString,
    namespace: oddString,
    labels,
    annotations: fc.dictionary(oddString, oddString, { maxKeys: 3 }),
    managedFields: fc.array(fc.record({ manager: oddString, fieldsV1: fc.jsonValue({ maxDepth: 4 }) }), { maxLength: 3 }),
    other: fc.jsonValue({ maxDepth: 3 }),
  },
  { requiredKeys: [] },
);
const object = fc.record({ metadata, spec: fc.jsonValue({ maxDepth: 3 }) }).map((o) => ({ apiVersion: 'v1', kind: 'Pod', ...o }) as unknown as KubeObject);

/** What the cache keeps when it decodes the value whole (cached-object.ts). */
function viaDecode(value: string, revision: number) {
  const kv = { key: '/k', value, createRevision: revision, modRevision: revision };
  const parsed = parseStored(kv);
  const meta = parsed.metadata as unknown as Record<string, unknown>;
  const plain = (v: unknown): v is Record<string, string> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const json = storedJsonWithRevision(kv, parsed);
  // Where metadata ends: its encoding (resourceVersion first, as the JSON has it) after `"metadata":`.
  const metadataText = JSON.stringify({ resourceVersion: String(revision), ...meta });
  const metadataEnd = json === undefined ? -1 : json.indexOf('"metadata":') + '"metadata":'.length + metadataText.length - 1;
  return { namespace: typeof meta['namespace'] === 'string' ? meta['namespace'] : '', labels: plain(meta['labels']) ? meta['labels'] : undefined, json, metadataEnd };
}

test('the summary of a stored value is what decoding it whole gives', () => {
  fc.assert(
    fc.property(object, fc.integer({ min: 1, max: 1e9 }), (obj, revision) => {
      const value = encodeObject(obj);
      const summary = storedSummary({ key: '/k', value, createRevision: revision, modRevision: revision });
      assert.ok(summary, value);
      assert.deepEqual(summary, viaDecode(value, revision));
    }),
    { numRuns: 400 },
  );
});

test('values laid out otherwise, or carrying a resourceVersion, are left to the decoder', () => {
  const kv = (value: string) => ({ key: '/k', value, createRevision: 2, modRevision: 2 });
  for (const value of [
    '{"kind":"Pod","apiVersion":"v1","metadata":{}}',
    '{"apiVersion":"v1","kind":"Pod","metadata":{"resourceVersion":"1"}}',
    '{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"a":1}}}',
    '{"apiVersion":"v1","kind":"Pod","metadata":{"labels":["a"]}}',
    'k8s\u0000 protobuf',
  ])
    assert.equal(storedSummary(kv(value)), undefined, value);
  assert.deepEqual(storedSummary(kv('{"apiVersion":"v1","kind":"Pod","metadata":{}}')), { namespace: '', labels: undefined, json: '{"apiVersion":"v1","kind":"Pod","metadata":{"resourceVersion":"2"}}', metadataEnd: 65 });
  assert.deepEqual(storedSummary(kv('{"apiVersion":"v1","kind":"Pod","metadata":{"labels":null,"namespace":"ns"},"spec":{}}'))?.namespace, 'ns');
});

test('encodeWithMetadataEnd writes what encodeObject writes, and where metadata ends', () => {
  fc.assert(
    fc.property(object, (obj) => {
      const { value, metadataEnd } = encodeWithMetadataEnd(obj);
      assert.equal(value, encodeObject(obj));
      const start = value.indexOf('"metadata":') + '"metadata":'.length;
      assert.equal(metadataEnd, start + JSON.stringify(parseStored({ key: '/k', value, createRevision: 1, modRevision: 1 }).metadata).length - 1);
      assert.equal(value.charCodeAt(metadataEnd ?? -1), 0x7d);
    }),
    { numRuns: 200 },
  );
  // Type meta not first: no end given (the cache scans, or decodes).
  const other = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'a' } } as KubeObject;
  assert.deepEqual(encodeWithMetadataEnd(other), { value: encodeObject(other), metadataEnd: undefined });
});

test("a write's noted summary is what scanning its value gives, and serves that value only", () => {
  fc.assert(
    fc.property(object, fc.integer({ min: 1, max: 1e9 }), (obj, revision) => {
      const { value, metadataEnd } = encodeWithMetadataEnd(obj);
      noteWritten('/noted', value, obj, metadataEnd);
      const kv = { key: '/noted', value, createRevision: revision, modRevision: revision };
      assert.deepEqual(storedSummary(kv), viaDecode(value, revision));
    }),
    { numRuns: 200 },
  );
  // Noted for one value, read with another (a later write of the key, or a value the cache got otherwise).
  const obj = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', namespace: 'x', labels: { app: 'a' } } } as KubeObject;
  const { value, metadataEnd } = encodeWithMetadataEnd(obj);
  noteWritten('/k2', value, obj, (metadataEnd ?? 0) + 5);
  const other = value.replace('"app":"a"', '"app":"b"');
  assert.deepEqual(storedSummary({ key: '/k2', value: other, createRevision: 3, modRevision: 3 }), viaDecode(other, 3));
  // The cache's copy of the labels is not the writer's object.
  noteWritten('/k3', value, obj, metadataEnd);
  assert.notEqual(storedSummary({ key: '/k3', value, createRevision: 4, modRevision: 4 })?.labels, obj.metadata.labels);
});
