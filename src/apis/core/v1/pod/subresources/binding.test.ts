import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../../../errors/status-error.js';
import { fieldErrorMessage } from '../../../../../errors/field-errors.js';
import type { KubeObject } from '../../../../meta/v1/types.js';
import type { ResourceDefinition } from '../../../../../registry/resource-definition.js';
import { bindingDefinition } from '../../binding.js';
import type { Binding, Pod } from '../../schemas.generated.js';
import { podDefinition } from '../pod.js';
import { bindingSubresource, validatePodBinding } from './binding.js';
import { memoryStores } from './test-stores.js';

const binding = (name: string, target: Binding['target'], meta: Partial<Binding['metadata']> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Binding', metadata: { name, ...meta }, target });

test('validatePodBinding as upstream ValidatePodBinding', () => {
  assert.deepEqual(validatePodBinding(binding('p', { kind: 'Node', name: 'n' }) as Binding), []);
  assert.deepEqual(validatePodBinding(binding('p', { name: 'n' }) as Binding), []);
  assert.deepEqual(validatePodBinding(binding('p', { kind: 'Pod' }) as Binding).map(fieldErrorMessage), [
    'target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>"',
    'target.name: Required value',
  ]);
});

describe('binding', () => {
  const env = memoryStores([podDefinition as unknown as ResourceDefinition, bindingDefinition]);
  const write = { dryRun: false };
  const pods = () => env.access.parent;
  const bind = async (name: string, obj: KubeObject, options = write) => bindingSubresource.create?.(env.access, 'ns', name, obj, options);
  const status = (code: number, message: string) => (e: unknown) => isStatusError(e) && e.code === code && e.message === message;
  before(async () => {
    await env.start();
    for (const name of ['a', 'b', 'c', 'dry']) await pods().create('ns', { metadata: { name }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } as KubeObject, write);
  });
  after(() => env.stop());

  test('binds once: nodeName, annotations, PodScheduled; a second binding conflicts', async () => {
    const answer = await bind('a', binding('a', { kind: 'Node', name: 'n1' }, { annotations: { note: 'x' } }));
    assert.deepEqual(answer, { code: 201, object: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } });
    const pod = (await pods().get('ns', 'a')).object as Pod;
    assert.equal(pod.spec?.nodeName, 'n1');
    assert.equal(pod.metadata.annotations?.['note'], 'x');
    assert.deepEqual(pod.status?.conditions?.map((c) => [c.type, c.status]), [['PodScheduled', 'True']]);
    assert.equal(pod.status?.phase, 'Pending');
    await assert.rejects(bind('a', binding('a', { name: 'n2' })), status(409, 'Operation cannot be fulfilled on pods/binding "a": pod a is already assigned to node "n1"'));
  });

  test('refusals: name mismatch 400, bad target 500 (upstream aggregate), missing pod 404, uid precondition 409', async () => {
    await assert.rejects(bind('b', binding('other', { name: 'n1' })), status(400, 'name in URL does not match name in Binding object'));
    await assert.rejects(bind('b', binding('b', { kind: 'Pod', name: 'n1' })), status(500, 'target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>"'));
    await assert.rejects(bind('zz', binding('zz', { name: 'n1' })), status(404, 'pods "zz" not found'));
    await assert.rejects(bind('b', binding('b', { name: 'n1' }, { uid: 'not-it' })), (e: unknown) => isStatusError(e) && e.code === 409);
  });

  test('dry run changes nothing', async () => {
    await bind('dry', binding('dry', { name: 'n1' }), { dryRun: true });
    assert.equal(((await pods().get('ns', 'dry')).object as Pod).spec?.nodeName, undefined);
  });

  test('the bindings resource binds the pod its metadata.name names', async () => {
    const answer = await bindingDefinition.createAction?.(env.access, 'ns', binding('c', { name: 'n3' }), write);
    assert.equal(answer?.code, 201);
    assert.equal(((await pods().get('ns', 'c')).object as Pod).spec?.nodeName, 'n3');
  });
});
