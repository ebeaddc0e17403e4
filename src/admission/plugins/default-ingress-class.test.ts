import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { isStatusError } from '../../errors/status-error.js';
import type { AdmissionAttributes } from '../types.js';
import { defaultIngressClassAdmission } from './default-ingress-class.js';

const ingresses = { group: 'networking.k8s.io', resource: 'ingresses' } as ResourceDefinition;
const klass = (name: string, isDefault?: string): KubeObject => ({
  metadata: { name, ...(isDefault !== undefined ? { annotations: { 'ingressclass.kubernetes.io/is-default-class': isDefault } } : {}) },
  spec: { controller: 'example.com/c' },
});
const attrs = (object: KubeObject, extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes => ({
  operation: 'CREATE',
  def: ingresses,
  namespace: 'default',
  name: 'web',
  subresource: '',
  object,
  dryRun: false,
  ...extra,
});

async function admittedClass(classes: KubeObject[], ingress: KubeObject, extra: Partial<AdmissionAttributes> = {}): Promise<unknown> {
  await defaultIngressClassAdmission(async () => classes).admit!(attrs(ingress, extra));
  return (ingress['spec'] as { ingressClassName?: string }).ingressClassName;
}

test('DefaultIngressClass sets the one default class on ingresses created without a class', async () => {
  const bare = (): KubeObject => ({ metadata: { name: 'web' }, spec: {} });
  const cases: [string, KubeObject[], KubeObject, Partial<AdmissionAttributes>, unknown][] = [
    ['no default class', [klass('a'), klass('b', 'false')], bare(), {}, undefined],
    ['one default class', [klass('a'), klass('nginx', 'true')], bare(), {}, 'nginx'],
    ['a class already named', [klass('nginx', 'true')], { metadata: { name: 'web' }, spec: { ingressClassName: 'other' } }, {}, 'other'],
    ['the class annotation', [klass('nginx', 'true')], { metadata: { name: 'web', annotations: { 'kubernetes.io/ingress.class': 'x' } }, spec: {} }, {}, undefined],
    ['an update', [klass('nginx', 'true')], bare(), { operation: 'UPDATE' }, undefined],
    ['the status subresource', [klass('nginx', 'true')], bare(), { subresource: 'status' }, undefined],
  ];
  for (const [name, classes, ingress, extra, expected] of cases) assert.equal(await admittedClass(classes, ingress, extra), expected, name);
});

test('DefaultIngressClass refuses a create when several classes are default, with 403', async () => {
  try {
    await admittedClass([klass('a', 'true'), klass('b', 'true')], { metadata: { name: 'web' }, spec: {} });
    assert.fail('admitted');
  } catch (error) {
    assert.ok(isStatusError(error));
    assert.equal(error.code, 403);
    assert.equal(error.message, 'ingresses.networking.k8s.io "web" is forbidden: Internal error occurred: 2 default IngressClasses were found, only 1 allowed');
  }
});
