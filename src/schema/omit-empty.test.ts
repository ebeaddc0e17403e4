import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PodSchema } from '../apis/core/v1/schemas.generated.js';
import { decodeObject } from './decode.js';
import { omitEmptyCollections } from './omit-empty.js';

/** A pod with empty maps and lists where Go drops them, and empty structs and required lists where it keeps them. */
const pod = () => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', labels: {}, finalizers: [] },
  spec: {
    containers: [{ name: 'c', image: 'i', env: [], ports: [], resources: { limits: {} }, securityContext: {} }],
    nodeSelector: {},
    volumes: [],
    securityContext: {},
  },
});

const expected = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p' },
  spec: { containers: [{ name: 'c', image: 'i', resources: {}, securityContext: {} }], securityContext: {} },
};

test('Go omitempty: empty maps and lists of optional fields go, structs and required fields stay', () => {
  const object = pod();
  omitEmptyCollections(PodSchema, object);
  assert.deepEqual(object, expected);
  assert.deepEqual(decodeObject(PodSchema, pod(), { kind: 'Pod', version: 'v1', fieldValidation: 'Strict' }).object, expected);
  const required = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [] } };
  assert.deepEqual(decodeObject(PodSchema, required, { kind: 'Pod', version: 'v1', fieldValidation: 'Strict' }).object.spec, { containers: [] });
  assert.deepEqual(decodeObject(PodSchema, pod(), { kind: 'Pod', version: 'v1', fieldValidation: 'Strict', keepEmpty: true }).object.metadata, { name: 'p', labels: {}, finalizers: [] });
});
