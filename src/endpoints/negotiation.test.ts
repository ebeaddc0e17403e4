import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { negotiate } from './negotiation.js';

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
