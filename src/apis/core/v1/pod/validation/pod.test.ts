import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Pod, PodSpec, PodTemplateSpec } from '../../schemas.generated.js';
import { defaultPodSpec } from '../defaults.js';
import { podFixture } from '../testdata.js';
import { validatePod, validatePodTemplateSpec } from './pod.js';
import { validatePodSpec } from './pod-spec.js';
import { type Case, changed, runCases, shape } from './test-support.js';

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const AA = 'container.apparmor.security.beta.kubernetes.io';

const cases: Case[] = [
  { name: 'pod name is a DNS subdomain', change: (pod) => { pod.metadata.name = 'Web_1'; }, want: [['Invalid', 'metadata.name', SUBDOMAIN]] },
  { name: 'namespace required', change: (pod) => { delete pod.metadata.namespace; }, want: [['Required', 'metadata.namespace', '']] },
  {
    name: 'mirror pod annotation needs a node',
    change: (pod) => { pod.metadata.annotations = { 'kubernetes.io/config.mirror': 'x' }; },
    want: [['Invalid', 'metadata.annotations[kubernetes.io/config.mirror]', 'must set spec.nodeName if mirror pod annotation is set']],
  },
  {
    name: 'deletion cost is an int32',
    change: (pod) => { pod.metadata.annotations = { 'controller.kubernetes.io/pod-deletion-cost': '+5' }; },
    want: [['Invalid', 'metadata.annotations[controller.kubernetes.io/pod-deletion-cost]', 'must be a 32bit integer']],
  },
  { name: 'deletion cost negative is fine', change: (pod) => { pod.metadata.annotations = { 'controller.kubernetes.io/pod-deletion-cost': '-100' }; }, want: [] },
  {
    name: 'tolerations annotation syntax',
    change: (pod) => { pod.metadata.annotations = { 'scheduler.alpha.kubernetes.io/tolerations': '[{' }; },
    want: [['Invalid', 'metadata.annotations', 'unexpected end of JSON input']],
  },
  {
    name: 'tolerations annotation content',
    change: (pod) => { pod.metadata.annotations = { 'scheduler.alpha.kubernetes.io/tolerations': '[{"key":"k","operator":"Bad"}]' }; },
    want: [['NotSupported', 'metadata.annotations.scheduler.alpha.kubernetes.io/tolerations[0].operator', 'supported values: "Equal", "Exists"']],
  },
  {
    name: 'seccomp annotations',
    change: (pod) => { pod.metadata.annotations = { 'seccomp.security.alpha.kubernetes.io/pod': 'bogus', 'container.seccomp.security.alpha.kubernetes.io/web': 'localhost/../x' }; },
    want: [
      ['Invalid', 'metadata.annotations.seccomp.security.alpha.kubernetes.io/pod', 'must be a valid seccomp profile'],
      ['Invalid', 'metadata.annotations.container.seccomp.security.alpha.kubernetes.io/web', "must not contain '..'"],
    ],
  },
  {
    name: 'apparmor annotations',
    change: (pod) => { pod.metadata.annotations = { [`${AA}/db`]: 'localhost/p', [`${AA}/web`]: 'enforce' }; },
    want: [
      ['Invalid', `metadata.annotations[${AA}/db]`, 'container not found'],
      ['Invalid', `metadata.annotations[${AA}/web]`, 'invalid AppArmor profile name: "enforce"'],
    ],
  },
  {
    name: 'seccomp annotation and field disagree',
    change: (pod, spec) => {
      pod.metadata.annotations = { 'seccomp.security.alpha.kubernetes.io/pod': 'runtime/default' };
      spec.securityContext = { seccompProfile: { type: 'Unconfined' } };
    },
    want: [['Forbidden', 'spec.securityContext.seccompProfile.type', 'seccomp type in annotation and field must match']],
  },
  {
    name: 'token projection needs a service account',
    change: (_p, spec) => {
      delete spec.serviceAccountName;
      spec.volumes?.push({ name: 'token', projected: { defaultMode: 420, sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3600 } }] } });
    },
    want: [['Forbidden', 'spec.volumes[3].projected.sources[0].serviceAccountToken', 'must not be specified when serviceAccountName is not set']],
  },
  {
    name: 'pod IPs',
    change: (pod) => { pod.status = { podIPs: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }, { ip: 'x' }] }; },
    want: [
      ['Invalid', 'status.podIPs[2]', 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'],
      ['InternalError', 'status.podIPs', 'failed to check for dual stack with error:failed to parse x as an IP'],
      ['Invalid', 'status.podIPs', 'may specify no more than one IP for each IP family'],
    ],
  },
  {
    name: 'pod IPs one per family, no duplicates',
    change: (pod) => { pod.status = { podIPs: [{ ip: '10.0.0.1' }, { ip: '10.0.0.1' }] }; },
    want: [['Invalid', 'status.podIPs', 'may specify no more than one IP for each IP family'], ['Duplicate', 'status.podIPs[1]', '']],
  },
  { name: 'dual-stack pod IPs are fine', change: (pod) => { pod.status = { podIPs: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }] }; }, want: [] },
];

runCases('validatePod (upstream 1.25 ValidatePodCreate)', cases, (pod) => validatePod(pod));

describe('validatePod: volumes', () => {
  it('volume errors come first and volume names resolve mounts', () => {
    const pod = changed((_p, spec) => { (spec.volumes ?? [])[0] = { name: 'config', configMap: { name: '' } }; });
    const errs = shape(validatePod(pod));
    assert.deepEqual(errs[0]?.[1], 'spec.volumes[0].configMap.name');
    // The invalid volume is left out of the map, so the mount of it is not found.
    assert.ok(errs.some(([t, f]) => t === 'NotFound' && f === 'spec.containers[0].volumeMounts[0].name'));
  });
});

describe('validatePodTemplateSpec and validatePodSpec', () => {
  const template = (): PodTemplateSpec => {
    const { metadata, spec } = podFixture();
    defaultPodSpec(spec as PodSpec);
    return { metadata: { labels: metadata.labels, annotations: metadata.annotations }, spec };
  };
  it('a valid template has no errors', () => assert.deepEqual(shape(validatePodTemplateSpec(template(), 'spec.template')), []));
  it('labels are reported at <path>.labels, ephemeral containers are forbidden', () => {
    const t = template();
    t.metadata = { labels: { 'a b': 'x' } };
    (t.spec as PodSpec).ephemeralContainers = [{ name: 'debug', image: 'busybox', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File' }];
    const errs = shape(validatePodTemplateSpec(t, 'spec.template'));
    assert.equal(errs[0]?.[1], 'spec.template.labels');
    assert.deepEqual(errs.at(-1), ['Forbidden', 'spec.template.spec.ephemeralContainers', 'ephemeral containers not allowed in pod template']);
  });
  it('templates tolerate image whitespace (the pod rule is apart)', () => {
    const t = template();
    ((t.spec as PodSpec).containers[0] ?? { name: '' }).image = ' ';
    assert.deepEqual(shape(validatePodTemplateSpec(t, 'template')), []);
  });
  it('validatePodSpec takes the path prefix', () => {
    const spec = template().spec as PodSpec;
    spec.restartPolicy = 'Bad';
    assert.deepEqual(shape(validatePodSpec(spec, undefined, 'spec.template.spec')), [
      ['NotSupported', 'spec.template.spec.restartPolicy', 'supported values: "Always", "OnFailure", "Never"'],
    ]);
  });
});

describe('fields Go would leave at their zero value', () => {
  // Decoding keeps Go's struct semantics: a required field a client omits is simply absent.
  const sparse = (): Pod => JSON.parse(JSON.stringify({
    spec: {
      containers: [{ ports: [{}], env: [{}], volumeMounts: [{}], volumeDevices: [{}], livenessProbe: { httpGet: {} }, lifecycle: { preStop: { tcpSocket: {} } } }],
      affinity: {
        nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{}], matchFields: [{}] }] }, preferredDuringSchedulingIgnoredDuringExecution: [{}] },
        podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchExpressions: [{}] } }], preferredDuringSchedulingIgnoredDuringExecution: [{}] },
      },
      tolerations: [{}], topologySpreadConstraints: [{ labelSelector: { matchExpressions: [{}] }, matchLabelKeys: ['a'] }], readinessGates: [{}], os: {},
      securityContext: { sysctls: [{}], seccompProfile: {} }, dnsConfig: { options: [{}] }, hostAliases: [{}],
    },
    status: { podIPs: [{}], conditions: [{}] },
  })) as Pod;
  it('validatePod reports them instead of throwing', () => {
    const errs = shape(validatePod(sparse()));
    assert.ok(errs.some(([t, f]) => t === 'Required' && f === 'metadata.name'));
    assert.ok(errs.some(([t, f]) => t === 'Required' && f === 'spec.containers[0].name'));
    assert.ok(errs.some(([t, f]) => t === 'Invalid' && f === 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator'));
  });
  it('defaults and warnings do not throw', async () => {
    const { defaultPod } = await import('../defaults.js');
    const { podWarnings } = await import('../warnings.js');
    const pod = sparse();
    defaultPod(pod);
    assert.equal(pod.spec?.containers[0]?.imagePullPolicy, 'IfNotPresent');
    assert.deepEqual(podWarnings(pod), []);
  });
  it('updates and status updates do not throw either', async () => {
    const { validatePodStatusUpdate, validatePodUpdate, validatePodEphemeralContainersUpdate } = await import('./update.js');
    for (const validate of [validatePodUpdate, validatePodStatusUpdate, validatePodEphemeralContainersUpdate]) {
      assert.ok(validate(sparse(), sparse()).length > 0);
    }
  });
});
