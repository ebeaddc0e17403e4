import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { isStatusError } from '../../errors/status-error.js';
import type { AdmissionAttributes } from '../types.js';
import { alwaysPullImages } from './always-pull-images.js';

const pods = { group: '', resource: 'pods' } as ResourceDefinition;
const podWith = (spec: Record<string, unknown>): KubeObject => ({ metadata: { name: 'p' }, spec });
const attrs = (object: KubeObject, extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes =>
  ({ operation: 'CREATE', def: pods, namespace: 'default', name: 'p', subresource: '', object, dryRun: false, ...extra });
const policies = (pod: KubeObject): unknown[] => ['initContainers', 'containers', 'ephemeralContainers']
  .flatMap((list) => ((pod['spec'] as Record<string, Array<{ imagePullPolicy?: string }> | undefined>)[list] ?? []).map((c) => c.imagePullPolicy));

test('AlwaysPullImages sets Always on every container of a created pod, and of an update bringing a new image', () => {
  const plugin = alwaysPullImages();
  const spec = () => ({
    initContainers: [{ name: 'i', image: 'init', imagePullPolicy: 'IfNotPresent' }],
    containers: [{ name: 'c', image: 'app', imagePullPolicy: 'Never' }, { name: 'd', image: 'side' }],
    ephemeralContainers: [{ name: 'e', image: 'debug', imagePullPolicy: 'IfNotPresent' }],
  });
  const cases: Array<[string, Partial<AdmissionAttributes>, unknown[]]> = [
    ['a create', {}, ['Always', 'Always', 'Always', 'Always']],
    ['an update with a new image', { operation: 'UPDATE', oldObject: podWith({ containers: [{ name: 'c', image: 'app' }] }) }, ['Always', 'Always', 'Always', 'Always']],
    ['an update with the old images only', { operation: 'UPDATE', oldObject: podWith(spec()) }, ['IfNotPresent', 'Never', undefined, 'IfNotPresent']],
    ['a subresource', { subresource: 'status' }, ['IfNotPresent', 'Never', undefined, 'IfNotPresent']],
  ];
  for (const [name, extra, expected] of cases) {
    const pod = podWith(spec());
    const a = attrs(pod, extra);
    if (plugin.handles!(a)) plugin.admit!(a);
    assert.deepEqual(policies(pod), expected, name);
  }
});

test('AlwaysPullImages validation refuses other policies with upstream\'s field errors, as an aggregate (500)', () => {
  const plugin = alwaysPullImages();
  const cases: Array<[string, Record<string, unknown>, Partial<AdmissionAttributes>, string | undefined]> = [
    ['all Always', { containers: [{ image: 'a', imagePullPolicy: 'Always' }] }, {}, undefined],
    ['one container', { containers: [{ image: 'a', imagePullPolicy: 'IfNotPresent' }] }, {},
      'pods "p" is forbidden: spec.containers[0].imagePullPolicy: Unsupported value: "IfNotPresent": supported values: "Always"'],
    ['several', { initContainers: [{ image: 'a' }], containers: [{ image: 'b', imagePullPolicy: 'Always' }], ephemeralContainers: [{ image: 'c', imagePullPolicy: 'Never' }] }, {},
      '[pods "p" is forbidden: spec.initContainers[0].imagePullPolicy: Unsupported value: "": supported values: "Always", '
      + 'pods "p" is forbidden: spec.ephemeralContainers[0].imagePullPolicy: Unsupported value: "Never": supported values: "Always"]'],
    ['an update without new images', { containers: [{ image: 'a', imagePullPolicy: 'Never' }] }, { operation: 'UPDATE', oldObject: podWith({ containers: [{ image: 'a' }] }) }, undefined],
  ];
  for (const [name, spec, extra, expected] of cases) {
    try {
      plugin.validate!(attrs(podWith(spec), extra));
      assert.equal(undefined, expected, name);
    } catch (error) {
      assert.ok(isStatusError(error), name);
      assert.deepEqual([error.code, error.status.reason, error.message], [500, undefined, expected], name);
    }
  }
});
