import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PodSchema, ServiceSchema } from '../apis/core/v1/schemas.generated.js';
import { ClusterRoleSchema, RoleSchema } from '../apis/rbac/v1/schemas.generated.js';
import { EndpointSliceSchema } from '../apis/discovery/v1/schemas.generated.js';
import type { TSchema } from './builder.js';
import { decodeObject } from './decode.js';
import { omitEmptyAsGo } from './omit-empty.js';

const decode = (schema: TSchema, body: object, keepEmpty = false): unknown =>
  decodeObject(schema, structuredClone(body), { kind: 'X', version: 'v1', fieldValidation: 'Strict', keepEmpty }).object;

const pod = (spec: object, metadata: object = { name: 'p' }): object => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec });
const container = (extra: object): object => ({ containers: [{ name: 'c', image: 'i', ...extra }] });

/** Each case: a body and the object Go's decode-then-encode makes of it (encoding/json's omitempty rules). */
const cases: Array<{ name: string; schema: TSchema; body: object; want: object }> = [
  {
    name: 'empty maps and lists of omitempty fields go; structs stay',
    schema: PodSchema,
    body: pod({ ...container({ env: [], ports: [], resources: { limits: {} }, securityContext: {} }), nodeSelector: {}, volumes: [], securityContext: {} }, { name: 'p', labels: {}, finalizers: [] }),
    want: pod({ ...container({ resources: {}, securityContext: {} }), securityContext: {} }),
  },
  {
    name: 'zero scalars of omitempty non-pointer fields go',
    schema: PodSchema,
    body: pod({ ...container({ stdin: false, tty: false, workingDir: '', ports: [{ containerPort: 80, hostPort: 0, hostIP: '', name: '' }] }), hostNetwork: false, hostPID: false, nodeName: '' }, { name: 'p', generateName: '' }),
    want: pod(container({ ports: [{ containerPort: 80 }] })),
  },
  {
    name: 'zero values of pointer fields stay',
    schema: PodSchema,
    body: pod({ ...container({ securityContext: { privileged: false, runAsUser: 0 } }), automountServiceAccountToken: false, priority: 0, terminationGracePeriodSeconds: 0 }),
    want: pod({ ...container({ securityContext: { privileged: false, runAsUser: 0 } }), automountServiceAccountToken: false, priority: 0, terminationGracePeriodSeconds: 0 }),
  },
  {
    name: 'zero values of fields without omitempty stay',
    schema: PodSchema,
    body: pod({ containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 0 }] }] }),
    want: pod({ containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 0 }] }] }),
  },
  { name: 'Role rules: [] stays (no omitempty)', schema: RoleSchema, body: { metadata: { name: 'r' }, rules: [] }, want: { metadata: { name: 'r' }, rules: [] } },
  { name: 'Role without rules: null', schema: RoleSchema, body: { metadata: { name: 'r' } }, want: { metadata: { name: 'r' }, rules: null } },
  { name: 'ClusterRole rules: null stays null', schema: ClusterRoleSchema, body: { metadata: { name: 'r' }, rules: null }, want: { metadata: { name: 'r' }, rules: null } },
  {
    name: 'EndpointSlice without ports: null',
    schema: EndpointSliceSchema,
    body: { metadata: { name: 'e' }, addressType: 'IPv4', endpoints: [] },
    want: { metadata: { name: 'e' }, addressType: 'IPv4', endpoints: [], ports: null },
  },
  {
    name: 'a pointer without omitempty (GRPCAction.service) unset: null',
    schema: PodSchema,
    body: pod(container({ livenessProbe: { grpc: { port: 9 } } })),
    want: pod(container({ livenessProbe: { grpc: { port: 9, service: null } } })),
  },
  {
    name: 'ServicePort nodePort 0 goes, the IntOrString targetPort 0 stays (a struct)',
    schema: ServiceSchema,
    body: { metadata: { name: 's' }, spec: { ports: [{ port: 80, nodePort: 0, targetPort: 0 }], clusterIP: '' } },
    want: { metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort: 0 }] } },
  },
];

for (const { name, schema, body, want } of cases) {
  test(`Go encoding: ${name}`, () => {
    assert.deepEqual(decode(schema, body), want, 'typed decode');
    const shaped = structuredClone(body);
    omitEmptyAsGo(schema, shaped);
    assert.deepEqual(shaped, want, 'an object made otherwise (apply)');
  });
}

test('an apply configuration keeps its empty and zero values as written (ownership)', () => {
  const body = pod({ ...container({ stdin: false }), hostNetwork: false, nodeSelector: {} }, { name: 'p', labels: {} });
  assert.deepEqual(decode(PodSchema, body, true), body);
  assert.deepEqual(decode(RoleSchema, { metadata: { name: 'r' } }, true), { metadata: { name: 'r' } }, 'no null added to a configuration');
});
