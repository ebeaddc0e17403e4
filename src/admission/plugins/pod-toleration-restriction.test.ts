import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { outcomeOf } from './test-admission.js';
import { loadPodTolerationRestrictionConfiguration, podTolerationRestriction } from './pod-toleration-restriction.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;
const DEFAULTS = 'scheduler.alpha.kubernetes.io/defaultTolerations';
const WHITELIST = 'scheduler.alpha.kubernetes.io/tolerationsWhitelist';
const GPU = { key: 'gpu', operator: 'Exists', effect: 'NoSchedule' };
const DISK = { key: 'disk', operator: 'Equal', value: 'ssd', effect: 'NoSchedule' };
const MEMORY = { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' };
const ns = (name: string, annotations?: Record<string, string>): KubeObject => ({ metadata: { name, ...(annotations ? { annotations } : {}) } });
const NAMESPACES = new Map([
  ['plain', ns('plain')],
  ['gpu', ns('gpu', { [DEFAULTS]: JSON.stringify([GPU]), [WHITELIST]: JSON.stringify([GPU, { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists' }]) })],
  ['open', ns('open', { [DEFAULTS]: '', [WHITELIST]: '' })],
  ['broken', ns('broken', { [DEFAULTS]: '[{"key":x}]' })],
  ['wrongtype', ns('wrongtype', { [DEFAULTS]: '{"key":"a"}' })],
  ['wrongfield', ns('wrongfield', { [DEFAULTS]: '[{"key":"a","tolerationSeconds":"5","effect":1}]' })],
]);
const burstable = { name: 'c', image: 'i', resources: { requests: { cpu: '100m' } } };

test('PodTolerationRestriction merges default tolerations and checks the whitelist, as upstream', async () => {
  const plugin = podTolerationRestriction({ default: [DISK], whitelist: [DISK, GPU] }, async (name) => NAMESPACES.get(name));
  const cases: Array<[string, string, Partial<AdmissionAttributes>, Record<string, unknown>, string | undefined, unknown[] | undefined]> = [
    ['the cluster default', 'plain', {}, {}, undefined, [DISK]],
    ['the namespace\'s default over the cluster\'s', 'gpu', {}, {}, undefined, [GPU]],
    ['a pod that is not BestEffort tolerates memory pressure', 'gpu', {}, { containers: [burstable] }, undefined, [GPU, MEMORY]],
    ['the pod\'s own first, the default merged after', 'plain', {}, { tolerations: [GPU] }, undefined, [GPU, DISK]],
    ['a default the pod has already', 'plain', {}, { tolerations: [DISK] }, undefined, [DISK]],
    ['outside the cluster whitelist', 'plain', {}, { tolerations: [{ key: 'other', operator: 'Exists' }] },
      '500: pod tolerations (possibly merged with namespace default tolerations) conflict with its cluster whitelist', undefined],
    ['outside the namespace whitelist', 'gpu', {}, { tolerations: [DISK] },
      '500: pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist', undefined],
    ['empty annotations: no defaults, no restriction', 'open', {}, { tolerations: [{ key: 'other', operator: 'Exists' }] }, undefined, [{ key: 'other', operator: 'Exists' }]],
    ['an update gets no defaults, still the whitelist', 'plain', { operation: 'UPDATE' }, { tolerations: [DISK] }, undefined, [DISK]],
    ['an update outside the whitelist', 'plain', { operation: 'UPDATE' }, { tolerations: [{ key: 'x', operator: 'Exists' }] },
      '500: pod tolerations (possibly merged with namespace default tolerations) conflict with its cluster whitelist', undefined],
    ['a missing namespace', 'gone', {}, {}, '404: namespaces "gone" not found', undefined],
    ['an annotation that is not JSON', 'broken', {}, {}, '500: invalid character \'x\' looking for beginning of value', undefined],
    ['an annotation that is not a list', 'wrongtype', {}, {}, '500: json: cannot unmarshal object into Go value of type []v1.Toleration', undefined],
    ['an annotation with a field of another type: the first in the text', 'wrongfield', {}, {}, '500: json: cannot unmarshal string into Go struct field Toleration.tolerationSeconds of type int64', undefined],
  ];
  for (const [name, namespace, extra, spec, expected, tolerations] of cases) {
    const pod: KubeObject = { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }], ...structuredClone(spec) } };
    const a: AdmissionAttributes = { operation: 'CREATE', def: pods, namespace, name: 'p', subresource: '', dryRun: false, object: pod, ...extra };
    assert.equal(await outcomeOf(plugin, a), expected, name);
    if (!expected) assert.deepEqual((pod['spec'] as { tolerations?: unknown }).tolerations, tolerations, name);
  }
});

test('PodTolerationRestriction reads its Configuration kind and refuses invalid tolerations', () => {
  const head = 'apiVersion: podtolerationrestriction.admission.k8s.io/v1alpha1\nkind: Configuration\n';
  const cases: Array<[string, string | undefined, unknown]> = [
    ['none', undefined, {}],
    // A configuration file that is empty has no kind: upstream's decoder refuses it.
    ['an empty document', '', new Error('couldn\'t init admission plugin "PodTolerationRestriction": Object \'Kind\' is missing in \'\'')],
    ['defaults and whitelist', `${head}default:\n- key: a\n  operator: Exists\nwhitelist:\n- key: b\n  operator: Exists\n`,
      { default: [{ key: 'a', operator: 'Exists' }], whitelist: [{ key: 'b', operator: 'Exists' }] }],
    ['another kind', 'apiVersion: podtolerationrestriction.admission.k8s.io/v1alpha1\nkind: Other\n',
      new Error('couldn\'t init admission plugin "PodTolerationRestriction": no kind "Other" is registered for version "podtolerationrestriction.admission.k8s.io/v1alpha1" in scheme "k8s.io/kubernetes/plugin/pkg/admission/podtolerationrestriction/config.go:32"')],
    ['not a list', `${head}default: a\n`,
      new Error('couldn\'t init admission plugin "PodTolerationRestriction": json: cannot unmarshal string into Go struct field Configuration.default of type []v1.Toleration')],
    // encoding/json names the innermost struct and the path from the document's root.
    ['a toleration field of another type', `${head}whitelist:\n- key: a\n  operator: 5\n`,
      new Error('couldn\'t init admission plugin "PodTolerationRestriction": json: cannot unmarshal number into Go struct field Toleration.whitelist.operator of type string')],
    ['tolerationSeconds a fraction', `${head}default:\n- key: a\n  operator: Exists\n  effect: NoExecute\n  tolerationSeconds: 1.5\n`,
      new Error('couldn\'t init admission plugin "PodTolerationRestriction": json: cannot unmarshal number 1.5 into Go struct field Toleration.default.tolerationSeconds of type int64')],
    ['an entry not an object', `${head}default:\n- a\n`,
      new Error('couldn\'t init admission plugin "PodTolerationRestriction": json: cannot unmarshal string into Go struct field Configuration.default of type v1.Toleration')],
    ['an invalid toleration', `${head}whitelist:\n- key: a\n  operator: Exists\n  value: b\n`,
      new Error('couldn\'t init admission plugin "PodTolerationRestriction": invalid config: [podtolerationrestriction.whitelist[0].operator: Invalid value: core.Toleration{Key:"a", Operator:"Exists", Value:"b", Effect:"", TolerationSeconds:(*int64)(nil)}: value must be empty when `operator` is \'Exists\']')],
  ];
  for (const [name, data, expected] of cases) {
    const load = () => loadPodTolerationRestrictionConfiguration(data === undefined ? undefined : { data, origin: 'f' });
    if (expected instanceof Error) assert.throws(load, { message: expected.message }, name);
    else assert.deepEqual(load(), expected, name);
  }
});
