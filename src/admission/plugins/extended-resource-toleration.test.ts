import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { extendedResourceToleration } from './extended-resource-toleration.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;
const requesting = (...names: string[]) => ({ name: 'c', resources: { requests: Object.fromEntries(names.map((n) => [n, '1'])) } });
const GPU = { key: 'example.com/gpu', operator: 'Exists', effect: 'NoSchedule' };
const FPGA = { key: 'example.com/fpga', operator: 'Exists', effect: 'NoSchedule' };

test('ExtendedResourceToleration adds a NoSchedule toleration per requested extended resource, merged as upstream', () => {
  const cases: Array<[string, Record<string, unknown>, unknown[] | undefined]> = [
    ['native resources only', { containers: [requesting('cpu', 'memory', 'hugepages-2Mi', 'kubernetes.io/foo')] }, undefined],
    ['one extended resource', { containers: [requesting('cpu', 'example.com/gpu')] }, [GPU]],
    ['init and regular containers, sorted', { initContainers: [requesting('example.com/gpu')], containers: [requesting('example.com/fpga', 'example.com/gpu')] }, [FPGA, GPU]],
    ['the toleration already there', { containers: [requesting('example.com/gpu')], tolerations: [GPU] }, [GPU]],
    ['a matching toleration with seconds is replaced', { containers: [requesting('example.com/gpu')], tolerations: [{ key: 'a', operator: 'Exists' }, { ...GPU, tolerationSeconds: 5 }] },
      [{ key: 'a', operator: 'Exists' }, GPU]],
    ['another toleration of the key is kept', { containers: [requesting('example.com/gpu')], tolerations: [{ key: 'example.com/gpu', operator: 'Equal', value: 'x', effect: 'NoSchedule' }] },
      [{ key: 'example.com/gpu', operator: 'Equal', value: 'x', effect: 'NoSchedule' }, GPU]],
    // Every matching toleration is replaced, even beside an equal one (upstream's equality check never holds).
    ['a matching toleration with seconds beside an equal one', { containers: [requesting('example.com/gpu')], tolerations: [{ ...GPU, tolerationSeconds: 5 }, GPU] }, [GPU, GPU]],
    ['a limit only', { containers: [{ name: 'c', resources: { limits: { 'example.com/gpu': '1' } } }] }, undefined],
  ];
  const plugin = extendedResourceToleration();
  for (const [name, spec, expected] of cases) {
    const pod: KubeObject = { metadata: { name: 'p' }, spec: structuredClone(spec) };
    const a: AdmissionAttributes = { operation: 'CREATE', def: pods, namespace: 'default', name: 'p', subresource: '', dryRun: false, object: pod };
    assert.equal(plugin.handles!(a), true, name);
    plugin.admit!(a);
    assert.deepEqual((pod['spec'] as { tolerations?: unknown[] }).tolerations, expected, name);
  }
});
