import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Pod, PodSpec } from '../schemas.generated.js';
import { podFixture } from './testdata.js';
import { podSpecWarnings, podWarnings } from './warnings.js';

const withChange = (change: (pod: Pod, spec: PodSpec) => void): Pod => {
  const pod = podFixture();
  change(pod, pod.spec as PodSpec);
  return pod;
};

describe('podWarnings (upstream 1.25 GetWarningsForPod)', () => {
  const table: [string, (pod: Pod, spec: PodSpec) => void, string[]][] = [
    ['none for the fixture', () => {}, []],
    ['deprecated node label in nodeSelector', (_p, s) => { s.nodeSelector = { 'beta.kubernetes.io/os': 'linux' }; },
      ['spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead']],
    ['deprecated node label in node affinity', (_p, s) => {
      s.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'failure-domain.beta.kubernetes.io/zone', operator: 'Exists' }] }] } } };
    }, ['spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key: failure-domain.beta.kubernetes.io/zone is deprecated since v1.17; use "topology.kubernetes.io/zone" instead']],
    ['deprecated topology key', (_p, s) => { s.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'beta.kubernetes.io/instance-type', whenUnsatisfiable: 'DoNotSchedule' }]; },
      ['spec.topologySpreadConstraints[0].topologyKey: beta.kubernetes.io/instance-type is deprecated since v1.17; use "node.kubernetes.io/instance-type" instead']],
    ['deprecated annotations', (p) => { p.metadata.annotations = { 'scheduler.alpha.kubernetes.io/critical-pod': '', 'security.alpha.kubernetes.io/sysctls': '' }; }, [
      'metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead',
      'metadata.annotations[security.alpha.kubernetes.io/sysctls]: non-functional in v1.11+; use the "sysctls" field instead',
    ]],
    ['seccomp annotations without the field', (p, s) => {
      p.metadata.annotations = { 'seccomp.security.alpha.kubernetes.io/pod': 'runtime/default', 'container.seccomp.security.alpha.kubernetes.io/web': 'runtime/default', 'container.seccomp.security.alpha.kubernetes.io/log-shipper': 'runtime/default' };
      const shipper = s.containers[1];
      if (shipper) shipper.securityContext = { seccompProfile: { type: 'RuntimeDefault' } };
    }, [
      'metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]: deprecated since v1.19, non-functional in v1.25+; use the "seccompProfile" field instead',
      'metadata.annotations[container.seccomp.security.alpha.kubernetes.io/web]: deprecated since v1.19, non-functional in v1.25+; use the "seccompProfile" field instead',
    ]],
    ['deprecated volume plugins', (_p, s) => { s.volumes?.push({ name: 'repo', gitRepo: { repository: 'r' } }, { name: 'sos', storageos: {} }); }, [
      'spec.volumes[3].gitRepo: deprecated in v1.11', 'spec.volumes[4].storageOS: deprecated in v1.22, non-functional in v1.25+',
    ]],
    ['duplicate host alias ip and pull secrets', (_p, s) => { s.hostAliases = [{ ip: '1.1.1.1' }, { ip: '1.1.1.1' }]; s.imagePullSecrets = [{ name: 'a' }, { name: 'a' }, {}]; }, [
      'spec.hostAliases[1].ip: duplicate ip "1.1.1.1"', 'spec.imagePullSecrets[1].name: duplicate name "a"', 'spec.imagePullSecrets[2].name: invalid empty name ""',
    ]],
    ['fractional bytes and duplicate env', (_p, s) => {
      const c = s.containers[1];
      if (c) c.resources = { limits: { memory: '100.5' } };
      s.containers[0]?.env?.push({ name: 'LOG_LEVEL', value: 'debug' });
    }, [
      'spec.containers[0].env[5].name: duplicate name "LOG_LEVEL"',
      'spec.containers[1].resources.limits[memory]: fractional byte value "100.5" is invalid, must be an integer',
    ]],
  ];
  for (const [name, change, want] of table) it(name, () => assert.deepEqual(podWarnings(withChange(change)), want));
  it('templates report under their prefix', () => {
    const spec = podFixture().spec as PodSpec;
    spec.nodeSelector = { 'beta.kubernetes.io/arch': 'amd64' };
    assert.deepEqual(podSpecWarnings(spec, undefined, 'spec.template.'), ['spec.template.spec.nodeSelector[beta.kubernetes.io/arch]: deprecated since v1.14; use "kubernetes.io/arch" instead']);
  });
});
