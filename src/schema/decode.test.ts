import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeObject, type FieldValidation } from './decode.js';
import { TestConfigMap, TestPod } from './test-schemas.js';
import { ConfigMapSchema } from '../apis/core/v1/schemas.generated.js';
import { StatusError } from '../errors/status-error.js';

const cm = (input: unknown, fieldValidation: FieldValidation = 'Strict') =>
  decodeObject(TestConfigMap, input, { kind: 'ConfigMap', version: 'v1', fieldValidation });
const pod = (input: unknown, fieldValidation: FieldValidation = 'Strict') =>
  decodeObject(TestPod, input, { kind: 'Pod', version: 'v1', fieldValidation });

function badRequest(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof StatusError, `expected StatusError, got ${String(error)}`);
    assert.equal(error.code, 400);
    assert.equal(error.reason, 'BadRequest');
    return error.message;
  }
  assert.fail('expected a BadRequest');
}

const handled = (cause: string, kind = 'ConfigMap') => `${kind} in version "v1" cannot be handled as a ${kind}: ${cause}`;

describe('decodeObject: type errors (Go JSON messages)', () => {
  const cases: [string, () => unknown, string][] = [
    ['number into map of strings', () => cm({ data: { a: 1 } }), handled('json: cannot unmarshal number into Go struct field ConfigMap.data of type string')],
    ['string into map', () => cm({ data: 'x' }), handled('json: cannot unmarshal string into Go struct field ConfigMap.data of type map[string]string')],
    ['nested struct field', () => cm({ metadata: { labels: { a: true } } }), handled('json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string')],
    ['array into struct', () => cm({ metadata: [] }), handled('json: cannot unmarshal array into Go struct field ConfigMap.metadata of type v1.ObjectMeta')],
    ['string into bool', () => cm({ immutable: 'yes' }), handled('json: cannot unmarshal string into Go struct field ConfigMap.immutable of type bool')],
    [
      'field inside list items keeps the struct path without indices',
      () => pod({ spec: { containers: [{ name: 5 }] } }),
      handled('json: cannot unmarshal number into Go struct field Container.spec.containers.name of type string', 'Pod'),
    ],
    ['non-integer int32', () => pod({ spec: { containers: [], priority: 1.5 } }), handled('json: cannot unmarshal number 1.5 into Go struct field PodSpec.spec.priority of type int32', 'Pod')],
    ['int32 overflow', () => pod({ spec: { containers: [], priority: 2147483648 } }), handled('json: cannot unmarshal number 2147483648 into Go struct field PodSpec.spec.priority of type int32', 'Pod')],
    ['string into int64', () => pod({ spec: { containers: [], activeDeadlineSeconds: '5' } }), handled('json: cannot unmarshal string into Go struct field PodSpec.spec.activeDeadlineSeconds of type int64', 'Pod')],
    ['int-or-string given a float', () => pod({ spec: { containers: [], port: 1.5 } }), handled('json: cannot unmarshal number 1.5 into Go struct field PodSpec.spec.port of type int32', 'Pod')],
    ['int-or-string given a bool', () => pod({ spec: { containers: [], port: true } }), handled('json: cannot unmarshal bool into Go struct field PodSpec.spec.port of type int32', 'Pod')],
    ['invalid base64', () => cm({ binaryData: { a: 'abc$' } }), handled('illegal base64 data at input byte 3')],
    ['base64 missing padding', () => cm({ binaryData: { a: 'YWJjZA' } }), handled('illegal base64 data at input byte 4')],
    ['time given a number', () => cm({ metadata: { creationTimestamp: 5 } }), handled('json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string')],
    [
      'time not RFC 3339',
      () => cm({ metadata: { creationTimestamp: '2020-01-01 10:00:00' } }),
      handled('parsing time "2020-01-01 10:00:00" as "2006-01-02T15:04:05Z07:00": cannot parse " 10:00:00" as "T"'),
    ],
    ['time month out of range', () => cm({ metadata: { creationTimestamp: '2020-13-01T00:00:00Z' } }), handled('parsing time "2020-13-01T00:00:00Z": month out of range')],
    [
      'micro time needs six fraction digits',
      () => pod({ spec: { containers: [], renewTime: '2020-01-01T00:00:00.000Z' } }),
      handled('parsing time "2020-01-01T00:00:00.000Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse ".000Z" as ".000000"', 'Pod'),
    ],
    [
      'bad quantity',
      () => pod({ spec: { containers: [], overhead: { cpu: '1 cpu' } } }),
      handled("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'", 'Pod'),
    ],
    ['bad quantity suffix', () => pod({ spec: { containers: [], overhead: { cpu: '1Mi2' } } }), handled("unable to parse quantity's suffix", 'Pod')],
    [
      'kind of the wrong type',
      () => cm({ kind: 5 }),
      'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: json: cannot unmarshal number into Go struct field .kind of type string ({"kind":5})',
    ],
  ];
  for (const [name, fn, message] of cases) it(name, () => assert.equal(badRequest(fn), message));

  it('reports the version and kind of the body', () => {
    const message = badRequest(() => decodeObject(TestConfigMap, { data: 1 }, { kind: 'Secret', version: 'v2', fieldValidation: 'Ignore' }));
    assert.match(message, /^Secret in version "v2" cannot be handled as a ConfigMap: /);
  });
});

describe('decodeObject: number literals of the JSON text', () => {
  const fromText = (text: string) => decodeObject(ConfigMapSchema, JSON.parse(text), { kind: 'ConfigMap', version: 'v1', fieldValidation: 'Strict', text });
  it('refuses exponents, fractions and out-of-range integers where the Go field is an integer, as Go', () => {
    for (const literal of ['1e3', '1.0', '1E2', '9223372036854775808', '-9223372036854775809']) {
      assert.equal(
        badRequest(() => fromText(`{"metadata":{"name":"x","generation":${literal}}}`)),
        handled(`json: cannot unmarshal number ${literal} into Go struct field ObjectMeta.metadata.generation of type int64`),
        literal,
      );
    }
  });
  it('takes plain integers, and any literal elsewhere (a string that looks like one included)', () => {
    assert.equal((fromText('{"metadata":{"name":"x","generation":9223372036854775807}}').object as { metadata: { generation: number } }).metadata.generation, 2 ** 63);
    assert.doesNotThrow(() => fromText('{"metadata":{"name":"1e3","annotations":{"a":"2.0"},"generation":3}}'));
  });
});

describe('decodeObject: unknown fields', () => {
  const input = { apiVersion: 'v1', kind: 'Pod', foo: 1, metadata: { name: 'p', bar: 2 }, spec: { containers: [{ name: 'c', imag: 'x', ports: [{ containerPort: 80, x: 1 }] }] } };
  const expected = ['unknown field "foo"', 'unknown field "metadata.bar"', 'unknown field "spec.containers[0].imag"', 'unknown field "spec.containers[0].ports[0].x"'];

  it('Strict: 400 listing every unknown field path', () => {
    assert.equal(badRequest(() => pod(input, 'Strict')), handled(`strict decoding error: ${expected.join(', ')}`, 'Pod'));
  });
  it('Warn: warnings, fields pruned', () => {
    const { object, warnings } = pod(input, 'Warn');
    assert.deepEqual(warnings, expected);
    assert.deepEqual(object, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }] }] } });
  });
  it('Ignore: no warnings, fields pruned', () => {
    const { object, warnings } = pod(input, 'Ignore');
    assert.deepEqual(warnings, []);
    assert.equal('foo' in object, false);
  });
  it('is case-sensitive (Data is not data)', () => {
    assert.deepEqual(cm({ Data: { a: 'b' } }, 'Warn').warnings, ['unknown field "Data"']);
  });
  it('deduplicates and caps at 100 errors', () => {
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, i]));
    assert.equal(cm(many, 'Warn').warnings.length, 100);
  });
  it('a type error wins over unknown fields', () => {
    assert.match(badRequest(() => cm({ bogus: 1, data: { a: 1 } })), /cannot unmarshal number/);
  });
  it('keeps unknown fields under x-kubernetes-preserve-unknown-fields', () => {
    const { object, warnings } = pod({ spec: { containers: [], raw: { anything: [1, { b: null }] } } }, 'Strict');
    assert.deepEqual(warnings, []);
    assert.deepEqual(object, { spec: { containers: [], raw: { anything: [1, { b: null }] } } });
  });
});

describe('decodeObject: values', () => {
  it('drops nulls for fields, zero-values nulls inside maps and lists', () => {
    const { object } = cm({ immutable: null, metadata: { labels: { a: null, b: 'x' }, finalizers: [null, 'f'] }, data: null });
    assert.deepEqual(object, { metadata: { labels: { a: '', b: 'x' }, finalizers: ['', 'f'] } });
  });
  it('orders struct fields by declaration and map keys by name', () => {
    const { object } = cm({ data: { z: '1', a: '2' }, kind: 'ConfigMap', apiVersion: 'v1' });
    assert.deepEqual(Object.keys(object), ['apiVersion', 'kind', 'data']);
    assert.deepEqual(Object.keys(object['data'] as object), ['a', 'z']);
    // Go's order is bytewise in UTF-8: an astral character (a surrogate pair in JavaScript) after U+FFFD.
    const many = Object.fromEntries(['\u{1d11e}', '\ufffd', 'b', 'B', 'a1', 'a', '', ...Array.from({ length: 20 }, (_, i) => `k${20 - i}`)].map((k) => [k, 'v']));
    const keys = Object.keys(cm({ data: many }).object['data'] as object);
    assert.deepEqual(keys.slice(0, 5), ['', 'B', 'a', 'a1', 'b']);
    assert.deepEqual(keys.slice(-2), ['\ufffd', '\u{1d11e}']);
    assert.deepEqual(Object.keys(cm({ data: { '\u{1d11e}': 'v', '\ufffd': 'v' } }).object['data'] as object), ['\ufffd', '\u{1d11e}']);
  });
  it('normalizes timestamps to UTC seconds and micro times to six digits', () => {
    const { object } = pod({ metadata: { creationTimestamp: '2020-01-01T10:00:00.75+02:00' }, spec: { containers: [], renewTime: '2020-01-01T00:00:00.123456-01:30' } });
    assert.deepEqual(object, { metadata: { creationTimestamp: '2020-01-01T08:00:00Z' }, spec: { containers: [], renewTime: '2020-01-01T01:30:00.123456Z' } });
  });
  it('accepts numbers for quantities, stores quantities in canonical form and canonicalizes base64', () => {
    const { object } = pod({ spec: { containers: [{ name: 'c', resources: { limits: { cpu: 0.5, memory: ' 1024Mi ', pods: 1 } } }] } });
    assert.deepEqual(object, { spec: { containers: [{ name: 'c', resources: { limits: { cpu: '500m', memory: '1Gi', pods: '1' } } }] } });
    assert.deepEqual(cm({ binaryData: { a: 'YW\nJj', b: [104, 105] } }).object, { binaryData: { a: 'YWJj', b: 'aGk=' } });
  });
  it('keeps int-or-string values of either type', () => {
    assert.deepEqual(pod({ spec: { containers: [], port: 'http' } }).object, { spec: { containers: [], port: 'http' } });
    assert.deepEqual(pod({ spec: { containers: [], port: 8080 } }).object, { spec: { containers: [], port: 8080 } });
  });
  it('rejects a body that is not an object', () => {
    assert.match(badRequest(() => cm([])), /^the object provided is unrecognized \(must be of type ConfigMap\): couldn't get version\/kind; json parse error: json: cannot unmarshal array into Go value of type struct/);
  });
});

describe('decodeObject: untyped (custom resources)', () => {
  const crd = (input: unknown, fieldValidation: FieldValidation) =>
    decodeObject(TestPod, input, { kind: 'Pod', version: 'v1', fieldValidation, typed: false });
  it('keeps wrong-typed values for validation and still prunes unknown fields', () => {
    const { object, warnings } = crd({ spec: { containers: 'x', priority: 'high', extra: 1 } }, 'Warn');
    assert.deepEqual(object, { spec: { containers: 'x', priority: 'high' } });
    assert.deepEqual(warnings, ['unknown field "spec.extra"']);
  });
});
