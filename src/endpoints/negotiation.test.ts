import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { negotiate, parseMediaType, patchMediaType } from './negotiation.js';

const get = { allowTransforms: true, list: false, stream: false };
const list = { allowTransforms: true, list: true, stream: false };

test('negotiation: what kubectl and client-go send', () => {
  assert.deepEqual(negotiate('application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json', list), { kind: 'table', version: 'v1' });
  assert.deepEqual(negotiate('application/vnd.kubernetes.protobuf,application/json', get), { kind: 'object', format: 'json' });
  assert.deepEqual(negotiate(undefined, get), { kind: 'object', format: 'json' });
  assert.deepEqual(negotiate('*/*', get), { kind: 'object', format: 'json' });
  assert.deepEqual(negotiate('application/yaml', get), { kind: 'object', format: 'yaml' });
  assert.deepEqual(negotiate('application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1', list), { kind: 'partial-metadata', version: 'v1', list: true });
  assert.deepEqual(negotiate('application/json;as=Table;g=meta.k8s.io;v=v1beta1', get), { kind: 'table', version: 'v1beta1' });
});

test('negotiation: unsupported representations are 406 NotAcceptable', () => {
  for (const accept of ['application/xml', 'application/json;as=Table;g=meta.k8s.io;v=v2', 'application/json;as=Unknown;g=meta.k8s.io;v=v1', 'text/html']) {
    assert.throws(() => negotiate(accept, get), (e) => isStatusError(e) && e.code === 406 && e.reason === 'NotAcceptable', accept);
  }
  assert.throws(() => negotiate('application/yaml', { ...get, stream: true }), (e) => isStatusError(e) && e.code === 406);
});

test('negotiation: q-values order the choices', () => {
  assert.deepEqual(negotiate('application/json;q=0.5,application/yaml', get), { kind: 'object', format: 'yaml' });
});

test('body Content-Types parse as Go mime.ParseMediaType: lower-cased, parameters checked', () => {
  const cases: Array<[string, string | undefined]> = [
    ['application/json', 'application/json'],
    ['APPLICATION/YAML', 'application/yaml'],
    ['application/json; charset=utf-8', 'application/json'],
    ['application/json;charset="utf-8";', 'application/json'],
    [';;;', undefined],
    ['application/json; charset', undefined],
    ['applicationjson', undefined],
  ];
  for (const [header, want] of cases) assert.equal(parseMediaType(header), want, header);
});

test('patch types compare exactly up to the first semicolon, as upstream’s patch handler', () => {
  assert.equal(patchMediaType('application/merge-patch+json; charset=utf-8'), 'application/merge-patch+json');
  assert.equal(patchMediaType('APPLICATION/MERGE-PATCH+JSON'), 'APPLICATION/MERGE-PATCH+JSON');
  assert.equal(patchMediaType(';x'), ';x');
  assert.equal(patchMediaType(undefined), '');
});
