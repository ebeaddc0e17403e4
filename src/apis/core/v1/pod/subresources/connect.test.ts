import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../../../errors/status-error.js';
import type { KubeObject } from '../../../../meta/v1/types.js';
import type { ResourceDefinition } from '../../../../../registry/resource-definition.js';
import type { ConnectSubresource } from '../../../../../registry/subresource.js';
import type { Pod } from '../../schemas.generated.js';
import { podDefinition } from '../pod.js';
import { nodeDefinition } from '../../node/node.js';
import { podConnectSubresources, validateContainer } from './connect.js';
import { validatePodLogOptions } from './log-options.js';
import { memoryStores } from './test-stores.js';
import { fieldErrorMessage } from '../../../../../errors/field-errors.js';

const pod = (spec: Partial<NonNullable<Pod['spec']>>): Pod => ({ metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'busybox' }], ...spec } });
const badRequest = (message: string) => (e: unknown) => isStatusError(e) && e.code === 400 && e.message === message;

test('validateContainer as upstream', () => {
  assert.equal(validateContainer('', pod({})), 'c');
  assert.equal(validateContainer('i', pod({ initContainers: [{ name: 'i' }] })), 'i');
  assert.throws(() => validateContainer('x', pod({})), badRequest('container x is not valid for pod p'));
  assert.throws(() => validateContainer('', pod({ containers: [] })), badRequest('a container name must be specified for pod p'));
  assert.throws(
    () => validateContainer('', pod({ containers: [{ name: 'a' }, { name: 'b' }], initContainers: [{ name: 'i' }] })),
    badRequest('a container name must be specified for pod p, choose one of: [a b] or one of the init containers: [i]'),
  );
});

test('validatePodLogOptions as upstream ValidatePodLogOptions', () => {
  const messages = (query: string) => validatePodLogOptions(new URLSearchParams(query)).map(fieldErrorMessage);
  assert.deepEqual(messages('tailLines=10&limitBytes=5&sinceSeconds=3'), []);
  assert.deepEqual(messages('tailLines=-1'), ['tailLines: Invalid value: -1: must be greater than or equal to 0']);
  assert.deepEqual(messages('limitBytes=0&sinceSeconds=0'), ['limitBytes: Invalid value: 0: must be greater than 0', 'sinceSeconds: Invalid value: 0: must be greater than 0']);
  assert.deepEqual(messages('sinceSeconds=5&sinceTime=2026-01-01T00:00:00Z'), [': Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified']);
  assert.throws(() => validatePodLogOptions(new URLSearchParams('tailLines=x')), badRequest('strconv.ParseInt: parsing "x": invalid syntax'));
});

describe('connect subresources', () => {
  const env = memoryStores([podDefinition as unknown as ResourceDefinition, nodeDefinition as unknown as ResourceDefinition]);
  const write = { dryRun: false };
  const sub = (name: string): ConnectSubresource => podConnectSubresources.find((s) => s.name === name) as ConnectSubresource;
  const call = (name: string, podName: string, query = '') => sub(name).connect(env.access, 'ns', podName, { method: 'GET', path: '', query: new URLSearchParams(query) });
  const status = (code: number, message: string) => (e: unknown) => isStatusError(e) && e.code === code && e.message === message;
  before(async () => {
    await env.start();
    const [pods, nodes] = env.stores;
    await pods?.create('ns', { metadata: { name: 'free' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } as KubeObject, write);
    await pods?.create('ns', { metadata: { name: 'lost' }, spec: { containers: [{ name: 'c', image: 'busybox' }], nodeName: 'gone' } } as KubeObject, write);
    await pods?.create('ns', { metadata: { name: 'bare' }, spec: { containers: [{ name: 'c', image: 'busybox' }], nodeName: 'bare' } } as KubeObject, write);
    await pods?.create('ns', { metadata: { name: 'local' }, spec: { containers: [{ name: 'c', image: 'busybox' }], nodeName: 'local' } } as KubeObject, write);
    await nodes?.create('', { metadata: { name: 'bare' } }, write);
    await nodes?.create('', { metadata: { name: 'local' }, status: { addresses: [{ type: 'InternalIP', address: '127.0.0.1' }], daemonEndpoints: { kubeletEndpoint: { Port: 1 } } } }, write);
  });
  after(() => env.stop());

  test('discovery kinds and verbs', () => {
    assert.deepEqual(
      podConnectSubresources.map((s) => [s.name, s.kind.kind, s.verbs.join(',')]),
      [['attach', 'PodAttachOptions', 'create,get'], ['exec', 'PodExecOptions', 'create,get'], ['log', 'Pod', 'get'], ['portforward', 'PodPortForwardOptions', 'create,get'], ['proxy', 'PodProxyOptions', 'create,delete,get,patch,update']],
    );
  });

  test('a pod without a node: exec, attach and portforward 400, log empty (204)', async () => {
    for (const name of ['exec', 'attach', 'portforward']) await assert.rejects(call(name, 'free'), status(400, 'pod free does not have a host assigned'), name);
    assert.deepEqual(await call('log', 'free'), { code: 204 });
    await assert.rejects(call('log', 'free', 'container=zz'), status(400, 'container zz is not valid for pod free'));
    await assert.rejects(call('log', 'nope'), status(404, 'pods "nope" not found'));
  });

  test('a missing node is 404; a node without addresses 500', async () => {
    await assert.rejects(call('exec', 'lost'), status(404, 'nodes "gone" not found'));
    await assert.rejects(call('log', 'bare'), (e: unknown) => isStatusError(e) && e.code === 500 && e.reason === undefined && e.message === 'no preferred addresses found; known addresses: []');
  });

  test('an unreachable kubelet: the dial error in upstream words', async () => {
    await assert.rejects(call('exec', 'local'), status(500, 'error dialing backend: dial tcp 127.0.0.1:1: connect: connection refused'));
    await assert.rejects(call('log', 'local'), status(500, 'Get "https://127.0.0.1:1/containerLogs/ns/local/c": dial tcp 127.0.0.1:1: connect: connection refused'));
  });

  test('proxy needs a pod IP', async () => {
    await assert.rejects(call('proxy', 'free:8080'), status(400, 'address not allowed'));
    await assert.rejects(call('proxy', 'ftp:free:1'), status(400, 'invalid pod request "ftp:free:1"'));
  });
});
