import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { defaultTolerationSeconds } from './default-toleration-seconds.js';
import { taintNodesByCondition } from './taint-nodes-by-condition.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;
const nodes = { group: '', resource: 'nodes' } as ResourceDefinition;
const attrs = (def: ResourceDefinition, object: KubeObject, extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes => ({
  operation: 'CREATE', def, namespace: def === pods ? 'default' : '', name: 'x', subresource: '', object, dryRun: false, ...extra,
});
const NOT_READY = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const UNREACHABLE = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };

test('DefaultTolerationSeconds adds the not-ready and unreachable NoExecute tolerations a pod lacks', async () => {
  const plugin = defaultTolerationSeconds({ notReadySeconds: 300, unreachableSeconds: 60 });
  const cases: Array<[string, unknown[] | undefined, Partial<AdmissionAttributes>, unknown[] | undefined]> = [
    ['none', undefined, {}, [NOT_READY, UNREACHABLE]],
    ['one of them', [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 }], {},
      [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 }, UNREACHABLE]],
    ['every key, every effect', [{ operator: 'Exists' }], {}, [{ operator: 'Exists' }]],
    ['every key, NoSchedule only', [{ operator: 'Exists', effect: 'NoSchedule' }], {}, [{ operator: 'Exists', effect: 'NoSchedule' }, NOT_READY, UNREACHABLE]],
    ['the unreachable key, every effect', [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }], {}, [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }, NOT_READY]],
    ['an update', undefined, { operation: 'UPDATE' }, [NOT_READY, UNREACHABLE]],
    ['a subresource', undefined, { subresource: 'status' }, undefined],
    ['a delete', undefined, { operation: 'DELETE' }, undefined],
  ];
  for (const [name, tolerations, extra, expected] of cases) {
    const pod: KubeObject = { metadata: { name: 'x' }, spec: tolerations ? { tolerations: structuredClone(tolerations) } : {} };
    await plugin.admit!(attrs(pods, pod, extra));
    assert.deepEqual((pod['spec'] as { tolerations?: unknown[] }).tolerations, expected, name);
  }
});

test('TaintNodesByCondition creates nodes with the not-ready NoSchedule taint, once', async () => {
  const plugin = taintNodesByCondition();
  const taint = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' };
  const cases: Array<[string, unknown[] | undefined, Partial<AdmissionAttributes>, unknown[] | undefined]> = [
    ['none', undefined, {}, [taint]],
    ['another taint', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }], {}, [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }, taint]],
    ['already there, with a value', [{ ...taint, value: 'x' }], {}, [{ ...taint, value: 'x' }]],
    ['the key with another effect', [{ ...taint, effect: 'NoExecute' }], {}, [{ ...taint, effect: 'NoExecute' }, taint]],
    ['an update', undefined, { operation: 'UPDATE' }, undefined],
  ];
  for (const [name, taints, extra, expected] of cases) {
    const node: KubeObject = { metadata: { name: 'n' }, spec: taints ? { taints: structuredClone(taints) } : {} };
    await plugin.admit!(attrs(nodes, node, extra));
    assert.deepEqual((node['spec'] as { taints?: unknown[] }).taints, expected, name);
  }
});
