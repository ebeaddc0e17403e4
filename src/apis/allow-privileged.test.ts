// kube-apiserver's `--allow-privileged` (ValidationContext): off, every kind that validates a pod spec refuses a
// privileged container with upstream's `Forbidden: disallowed by cluster policy` at the container's path, on
// create and on update; on (kplane's default) or unset, nothing changes. StatefulSets are left alone: 1.25
// validates their template's metadata only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtInResources } from './index.js';
import { podFixture } from './core/v1/pod/testdata.js';
import type { KubeObject } from './meta/v1/types.js';
import type { ResourceDefinition, ValidationContext } from '../registry/resource-definition.js';
import type { FieldError } from '../errors/field-errors.js';

const definitions = builtInResources();
const definitionOf = (group: string, resource: string): ResourceDefinition =>
  definitions.find((d) => d.group === group && d.resource === resource && !d.deprecation) ?? assert.fail(`${group}/${resource}`);

/** The fixture pod's spec with its first container privileged. */
function privilegedSpec(restartPolicy = 'Always'): Record<string, unknown> {
  const spec = structuredClone(podFixture().spec) as unknown as { containers: Array<Record<string, unknown>>; restartPolicy?: string };
  spec.containers[0]!['securityContext'] = { privileged: true };
  spec.restartPolicy = restartPolicy;
  return spec;
}

const labels = { app: 'web' };
const template = (restartPolicy?: string) => ({ metadata: { labels }, spec: privilegedSpec(restartPolicy) });
const meta = { name: 'web', namespace: 'default', uid: '00000000-0000-0000-0000-000000000001' };

const cases: Array<{ group: string; resource: string; object: () => Record<string, unknown>; path: string }> = [
  { group: '', resource: 'pods', object: () => ({ ...podFixture(), spec: privilegedSpec() }), path: 'spec.containers[0].securityContext.privileged' },
  { group: '', resource: 'podtemplates', object: () => ({ apiVersion: 'v1', kind: 'PodTemplate', metadata: meta, template: template() }), path: 'template.spec.containers[0].securityContext.privileged' },
  { group: '', resource: 'replicationcontrollers', object: () => ({ apiVersion: 'v1', kind: 'ReplicationController', metadata: meta, spec: { replicas: 1, selector: labels, template: template() } }), path: 'spec.template.spec.containers[0].securityContext.privileged' },
  { group: 'apps', resource: 'deployments', object: () => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta, spec: { selector: { matchLabels: labels }, template: template() } }), path: 'spec.template.spec.containers[0].securityContext.privileged' },
  { group: 'apps', resource: 'replicasets', object: () => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: meta, spec: { selector: { matchLabels: labels }, template: template() } }), path: 'spec.template.spec.containers[0].securityContext.privileged' },
  { group: 'apps', resource: 'daemonsets', object: () => ({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: meta, spec: { selector: { matchLabels: labels }, template: template() } }), path: 'spec.template.spec.containers[0].securityContext.privileged' },
  { group: 'batch', resource: 'jobs', object: () => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: meta, spec: { template: template('Never') } }), path: 'spec.template.spec.containers[0].securityContext.privileged' },
  { group: 'batch', resource: 'cronjobs', object: () => ({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: meta, spec: { schedule: '* * * * *', jobTemplate: { spec: { template: template('Never') } } } }), path: 'spec.jobTemplate.spec.template.spec.containers[0].securityContext.privileged' },
];

const denied: ValidationContext = { allowPrivileged: false };
const allowed: ValidationContext = { allowPrivileged: true };
const show = (errors: readonly FieldError[]): string[] => errors.map((e) => `${e.type} ${e.field}: ${e.detail ?? ''}`);

test('--allow-privileged=false refuses privileged containers in every kind that validates a pod spec, on create and update', () => {
  for (const { group, resource, object, path } of cases) {
    const def = definitionOf(group, resource);
    const obj = object() as unknown as KubeObject;
    def.defaults?.(obj);
    def.strategy.prepareForCreate?.(obj, {});
    const expected = [`FieldValueForbidden ${path}: disallowed by cluster policy`];
    const added = (errors: readonly FieldError[], base: readonly FieldError[]): string[] => show(errors).filter((e) => !show(base).includes(e));
    const onCreate = def.strategy.validate?.(obj, denied) ?? [];
    assert.deepEqual(added(onCreate, def.strategy.validate?.(obj, allowed) ?? []), expected, `${resource} create`);
    assert.deepEqual(show(def.strategy.validate?.(obj) ?? []), show(def.strategy.validate?.(obj, allowed) ?? []), `${resource}: no context is allowed`);
    const old = structuredClone(obj);
    const onUpdate = def.strategy.validateUpdate?.(obj, old, denied) ?? [];
    assert.ok(show(onUpdate).includes(expected[0]!), `${resource} update: ${JSON.stringify(show(onUpdate))}`);
    assert.ok(!show(def.strategy.validateUpdate?.(obj, old, allowed) ?? []).includes(expected[0]!), `${resource} update allowed`);
  }
});

test('StatefulSets are not refused: 1.25 does not validate their pod spec', () => {
  const def = definitionOf('apps', 'statefulsets');
  const obj = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: meta, spec: { selector: { matchLabels: labels }, serviceName: 'web', template: template() } } as unknown as KubeObject;
  def.defaults?.(obj);
  assert.deepEqual(show(def.strategy.validate?.(obj, denied) ?? []), show(def.strategy.validate?.(obj, allowed) ?? []));
});
