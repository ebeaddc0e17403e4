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
import { decodePodLogOptions, kubeletLogQuery, validatePodLogOptions, type PodLogOptions } from './log-options.js';
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
  const messages = (query: string) => validatePodLogOptions(decodePodLogOptions(new URLSearchParams(query))).map(fieldErrorMessage);
  assert.deepEqual(messages('tailLines=10&limitBytes=5&sinceSeconds=3'), []);
  assert.deepEqual(messages('tailLines=-1'), ['tailLines: Invalid value: -1: must be greater than or equal to 0']);
  assert.deepEqual(messages('tailLines=0&sinceTime=2026-01-01T00:00:00Z'), []);
  assert.deepEqual(messages('limitBytes=0&sinceSeconds=0'), ['limitBytes: Invalid value: 0: must be greater than 0', 'sinceSeconds: Invalid value: 0: must be greater than 0']);
  assert.deepEqual(messages('limitBytes=-3'), ['limitBytes: Invalid value: -3: must be greater than 0']);
  assert.deepEqual(messages('sinceSeconds=5&sinceTime=2026-01-01T00:00:00Z'), [': Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified']);
  // An empty sinceTime is the zero time, still a sinceTime (a non-nil pointer upstream).
  assert.deepEqual(messages('sinceSeconds=0&sinceTime='), [': Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified']);
});

test('decodePodLogOptions as upstream parameter codec: struct order, first error a 400 with Go text', () => {
  const ok: Array<[string, Partial<PodLogOptions>]> = [
    ['', {}],
    ['container=c&follow&previous=1&timestamps=True&insecureSkipTLSVerifyBackend=yes', { container: 'c', follow: true, previous: true, timestamps: true, insecureSkipTLSVerifyBackend: true }],
    ['follow=false&previous=0&timestamps=FALSE', {}],
    ['follow=true&follow=false', { follow: true }],
    ['sinceSeconds=%2B10&tailLines=0&limitBytes=9223372036854775807', { sinceSeconds: 10, tailLines: 0, limitBytes: 9223372036854775807 }],
    ['sinceTime=2026-01-02T03:04:05.678%2B01:00', { sinceTime: '2026-01-02T02:04:05Z' }],
    ['sinceTime=null', { sinceTime: '0001-01-01T00:00:00Z' }],
  ];
  const defaults: PodLogOptions = { container: '', follow: false, previous: false, timestamps: false, insecureSkipTLSVerifyBackend: false };
  for (const [query, expected] of ok) assert.deepEqual(decodePodLogOptions(new URLSearchParams(query)), { ...defaults, ...expected }, query);
  const bad: Array<[string, string]> = [
    ['tailLines=x', 'strconv.ParseInt: parsing "x": invalid syntax'],
    ['limitBytes=1e3', 'strconv.ParseInt: parsing "1e3": invalid syntax'],
    ['sinceSeconds=9223372036854775808', 'strconv.ParseInt: parsing "9223372036854775808": value out of range'],
    ['sinceTime=yesterday', 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"'],
    ['sinceTime=2026-01-01', 'parsing time "2026-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"'],
    ['sinceTime=2026-02-30T00:00:00Z', 'parsing time "2026-02-30T00:00:00Z": day out of range'],
    // sinceSeconds comes before sinceTime in the struct, tailLines after it.
    ['tailLines=x&sinceSeconds=y&sinceTime=z', 'strconv.ParseInt: parsing "y": invalid syntax'],
    ['tailLines=x&sinceTime=z', 'parsing time "z" as "2006-01-02T15:04:05Z07:00": cannot parse "z" as "2006"'],
  ];
  for (const [query, message] of bad) assert.throws(() => decodePodLogOptions(new URLSearchParams(query)), badRequest(message), query);
});

test('kubeletLogQuery as LogLocation: the options set, keys sorted', () => {
  const query = (q: string) => kubeletLogQuery(decodePodLogOptions(new URLSearchParams(q)));
  assert.equal(query(''), '');
  assert.equal(query('container=c&insecureSkipTLSVerifyBackend=true&follow=false'), '');
  assert.equal(
    query('timestamps=1&tailLines=5&sinceTime=2026-01-01T00:00:00Z&previous=true&limitBytes=10&follow=yes'),
    'follow=true&limitBytes=10&previous=true&sinceTime=2026-01-01T00%3A00%3A00Z&tailLines=5&timestamps=true',
  );
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
    await assert.rejects(
      call('log', 'local', 'follow=True&tailLines=3&sinceTime=2026-01-01T00:00:00Z'),
      status(500, 'Get "https://127.0.0.1:1/containerLogs/ns/local/c?follow=true&sinceTime=2026-01-01T00%3A00%3A00Z&tailLines=3": dial tcp 127.0.0.1:1: connect: connection refused'),
    );
    // Options are decoded and validated before the pod is read: 400 and 422 before 404.
    await assert.rejects(call('log', 'nope', 'sinceTime=soon'), status(400, 'parsing time "soon" as "2006-01-02T15:04:05Z07:00": cannot parse "soon" as "2006"'));
    await assert.rejects(call('log', 'nope', 'tailLines=-1'), (e: unknown) => isStatusError(e) && e.code === 422);
  });

  test('proxy needs a pod IP', async () => {
    await assert.rejects(call('proxy', 'free:8080'), status(400, 'address not allowed'));
    await assert.rejects(call('proxy', 'ftp:free:1'), status(400, 'invalid pod request "ftp:free:1"'));
  });
});
