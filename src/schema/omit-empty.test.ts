import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeSchema, PodSchema, ServiceSchema } from '../apis/core/v1/schemas.generated.js';
import { ClusterRoleSchema, RoleSchema } from '../apis/rbac/v1/schemas.generated.js';
import { EndpointSliceSchema } from '../apis/discovery/v1/schemas.generated.js';
import { DeploymentSchema } from '../apis/apps/v1/schemas.generated.js';
import { CronJobSchema } from '../apis/batch/v1/schemas.generated.js';
import { RoleBindingSchema } from '../apis/rbac/v1/schemas.generated.js';
import type { TSchema } from './builder.js';
import { decodeObject } from './decode.js';
import { omitEmptyAsGo } from './omit-empty.js';

const decode = (schema: TSchema, body: object, keepEmpty = false): unknown =>
  decodeObject(schema, structuredClone(body), { kind: 'X', version: 'v1', fieldValidation: 'Strict', keepEmpty }).object;

const pod = (spec: object, metadata: object = { name: 'p' }): object => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec });
const container = (extra: object): object => ({ containers: [{ name: 'c', image: 'i', ...extra }] });
/** A pod as Go writes it: the non-pointer structs it always has (metadata's zero Time, status, each container's resources). */
const goPod = (spec: { containers: object[]; [field: string]: unknown }, metadata: object = { name: 'p' }): object => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { creationTimestamp: null, ...metadata },
  spec: { ...spec, containers: spec.containers.map((c) => ({ resources: {}, ...c })) },
  status: {},
});
const goContainer = (extra: object): { containers: object[] } => ({ containers: [{ name: 'c', image: 'i', ...extra }] });

/** NodeSystemInfo{}: every field a string without omitempty. */
const NODE_INFO_ZERO = {
  architecture: '', bootID: '', containerRuntimeVersion: '', kernelVersion: '', kubeProxyVersion: '',
  kubeletVersion: '', machineID: '', operatingSystem: '', osImage: '', systemUUID: '',
};

/** Each case: a body and the object Go's decode-then-encode makes of it (encoding/json's omitempty rules). */
const cases: Array<{ name: string; schema: TSchema; body: object; want: object }> = [
  {
    name: 'empty maps and lists of omitempty fields go; structs stay',
    schema: PodSchema,
    body: pod({ ...container({ env: [], ports: [], resources: { limits: {} }, securityContext: {} }), nodeSelector: {}, volumes: [], securityContext: {} }, { name: 'p', labels: {}, finalizers: [] }),
    want: goPod({ ...goContainer({ resources: {}, securityContext: {} }), securityContext: {} }),
  },
  {
    name: 'zero scalars of omitempty non-pointer fields go',
    schema: PodSchema,
    body: pod({ ...container({ stdin: false, tty: false, workingDir: '', ports: [{ containerPort: 80, hostPort: 0, hostIP: '', name: '' }] }), hostNetwork: false, hostPID: false, nodeName: '' }, { name: 'p', generateName: '' }),
    want: goPod(goContainer({ ports: [{ containerPort: 80 }] })),
  },
  {
    name: 'zero values of pointer fields stay',
    schema: PodSchema,
    body: pod({ ...container({ securityContext: { privileged: false, runAsUser: 0 } }), automountServiceAccountToken: false, priority: 0, terminationGracePeriodSeconds: 0 }),
    want: goPod({ ...goContainer({ securityContext: { privileged: false, runAsUser: 0 } }), automountServiceAccountToken: false, priority: 0, terminationGracePeriodSeconds: 0 }),
  },
  {
    name: 'zero values of fields without omitempty stay',
    schema: PodSchema,
    body: pod({ containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 0 }] }] }),
    want: goPod({ containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 0 }] }] }),
  },
  { name: 'Role rules: [] stays (no omitempty)', schema: RoleSchema, body: { metadata: { name: 'r' }, rules: [] }, want: { metadata: { name: 'r', creationTimestamp: null }, rules: [] } },
  { name: 'Role without rules: null', schema: RoleSchema, body: { metadata: { name: 'r' } }, want: { metadata: { name: 'r', creationTimestamp: null }, rules: null } },
  { name: 'ClusterRole rules: null stays null', schema: ClusterRoleSchema, body: { metadata: { name: 'r' }, rules: null }, want: { metadata: { name: 'r', creationTimestamp: null }, rules: null } },
  {
    name: 'EndpointSlice without ports: null',
    schema: EndpointSliceSchema,
    body: { metadata: { name: 'e' }, addressType: 'IPv4', endpoints: [] },
    want: { metadata: { name: 'e', creationTimestamp: null }, addressType: 'IPv4', endpoints: [], ports: null },
  },
  {
    name: 'a pointer without omitempty (GRPCAction.service) unset: null',
    schema: PodSchema,
    body: pod(container({ livenessProbe: { grpc: { port: 9 } } })),
    want: goPod(goContainer({ livenessProbe: { grpc: { port: 9, service: null } } })),
  },
  {
    name: 'ServicePort nodePort 0 goes, the IntOrString targetPort 0 stays (a struct)',
    schema: ServiceSchema,
    body: { metadata: { name: 's' }, spec: { ports: [{ port: 80, nodePort: 0, targetPort: 0 }], clusterIP: '' } },
    want: { metadata: { name: 's', creationTimestamp: null }, spec: { ports: [{ port: 80, targetPort: 0 }] }, status: { loadBalancer: {} } },
  },
  // Non-pointer structs: encoding/json writes them whether or not they are set (omitempty never drops a struct).
  {
    name: 'a Deployment gets its zero strategy and status, its template the zero Time of ObjectMeta',
    schema: DeploymentSchema,
    body: { metadata: { name: 'd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: container({}) } } },
    want: {
      metadata: { name: 'd', creationTimestamp: null },
      spec: {
        selector: { matchLabels: { a: 'b' } },
        template: { metadata: { labels: { a: 'b' }, creationTimestamp: null }, spec: goContainer({ resources: {} }) },
        strategy: {},
      },
      status: {},
    },
  },
  {
    name: 'a template without metadata gets ObjectMeta\'s zero value',
    schema: DeploymentSchema,
    body: { metadata: { name: 'd' }, spec: { selector: {}, template: { spec: container({}) }, strategy: { type: 'Recreate' } }, status: {} },
    want: {
      metadata: { name: 'd', creationTimestamp: null },
      spec: { selector: {}, template: { metadata: { creationTimestamp: null }, spec: goContainer({ resources: {} }) }, strategy: { type: 'Recreate' } },
      status: {},
    },
  },
  {
    name: 'a CronJob: the job template and its pod template both get metadata',
    schema: CronJobSchema,
    body: { metadata: { name: 'c' }, spec: { schedule: '* * * * *', jobTemplate: { spec: { template: { spec: container({}) } } } } },
    want: {
      metadata: { name: 'c', creationTimestamp: null },
      spec: {
        schedule: '* * * * *',
        jobTemplate: { metadata: { creationTimestamp: null }, spec: { template: { metadata: { creationTimestamp: null }, spec: goContainer({ resources: {} }) } } },
      },
      status: {},
    },
  },
  {
    name: 'a set struct is kept as sent; a zero Time inside a present struct is null',
    schema: PodSchema,
    body: pod(container({ resources: { limits: { cpu: '1' } } }), { name: 'p', creationTimestamp: '2024-01-02T03:04:05Z' }),
    want: goPod(goContainer({ resources: { limits: { cpu: '1' } } }), { name: 'p', creationTimestamp: '2024-01-02T03:04:05Z' }),
  },
  {
    name: 'PodCondition times without omitempty effect: null when zero',
    schema: PodSchema,
    body: { ...pod(container({})), status: { conditions: [{ type: 'Ready', status: 'True' }] } },
    want: { ...goPod(goContainer({})), status: { conditions: [{ type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: null }] } },
  },
  {
    name: 'pointers stay unset: volume sources (inside the embedded VolumeSource), an ephemeral container\'s probes',
    schema: PodSchema,
    body: pod({ ...container({}), volumes: [{ name: 'v', emptyDir: {} }], ephemeralContainers: [{ name: 'e', image: 'i' }] }),
    want: goPod({ ...goContainer({}), volumes: [{ name: 'v', emptyDir: {} }], ephemeralContainers: [{ name: 'e', image: 'i', resources: {} }] }),
  },
  {
    name: 'an unset struct is its zero value, required scalars included (a bare Node, as Python\'s client needs it)',
    schema: NodeSchema,
    body: { metadata: { name: 'n' } },
    want: {
      metadata: { name: 'n', creationTimestamp: null },
      spec: {},
      status: {
        daemonEndpoints: { kubeletEndpoint: { Port: 0 } },
        nodeInfo: NODE_INFO_ZERO,
      },
    },
  },
  {
    name: 'a struct left out of a present one is its zero value too (a kubelet\'s status without nodeInfo)',
    schema: NodeSchema,
    body: { metadata: { name: 'n' }, status: { daemonEndpoints: { kubeletEndpoint: { Port: 10250 } } } },
    want: {
      metadata: { name: 'n', creationTimestamp: null },
      spec: {},
      status: { daemonEndpoints: { kubeletEndpoint: { Port: 10250 } }, nodeInfo: NODE_INFO_ZERO },
    },
  },
  {
    name: 'scalars without omitempty a sent struct leaves out are their zeros, required ones included',
    schema: NodeSchema,
    body: { metadata: { name: 'n' }, status: { nodeInfo: { architecture: 'amd64' }, daemonEndpoints: { kubeletEndpoint: {} } } },
    want: {
      metadata: { name: 'n', creationTimestamp: null },
      spec: {},
      status: { daemonEndpoints: { kubeletEndpoint: { Port: 0 } }, nodeInfo: { ...NODE_INFO_ZERO, architecture: 'amd64' } },
    },
  },
  {
    name: 'a Quantity is a Go struct, never omitted: an unset downward-API divisor is "0"',
    schema: PodSchema,
    body: pod(container({ env: [{ name: 'MEM', valueFrom: { resourceFieldRef: { resource: 'limits.memory' } } }] })),
    want: goPod(goContainer({ env: [{ name: 'MEM', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '0' } } }] })),
  },
  {
    name: 'a required struct is left to validation (RoleBinding roleRef)',
    schema: RoleBindingSchema,
    body: { metadata: { name: 'rb' } },
    want: { metadata: { name: 'rb', creationTimestamp: null } },
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
