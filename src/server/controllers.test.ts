import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtInResources } from '../apis/index.js';
import { createMemoryBackend } from '../storage/memory/index.js';
import { buildControllers } from './controllers.js';
import { buildStores } from './stores.js';
import { ClientSet } from '../client/client-set.js';
import type { Transport } from '../client/transport.js';
import { ControllerRuntime } from './controller-runtime.js';

const unusedTransport: Transport = {
  request: () => Promise.reject(new Error('not dialled')),
  stream: () => Promise.reject(new Error('not dialled')),
  close: () => undefined,
};


describe('buildControllers', () => {
  const served = buildStores(createMemoryBackend(), '/registry', builtInResources());
  // Building a controller opens nothing: a runtime over a loopback that is never dialled is enough.
  const runtime = new ControllerRuntime({ serve: () => undefined, clients: () => new ClientSet(unusedTransport), close: async () => undefined });
  const contextFor = runtime.contextFor;
  const names = (selection?: string[]) => buildControllers(served, { contextFor, ...(selection ? { selection } : {}) }).map((c) => c.name).sort();

  test('runs the on-by-default controllers under their kube-controller-manager names', () => {
    assert.deepEqual(names(), ['apf-configuration', 'clusterrole-aggregation', 'csrcleaner', 'garbagecollector', 'local-apiservices', 'namespace', 'pv-protection', 'pvc-protection', 'resourcequota']);
    assert.deepEqual(names(['*']), names());
  });
  test('--controllers enables the bootstrap controllers by name and disables others with -name', () => {
    assert.deepEqual(names(['*', 'bootstrapsigner', 'tokencleaner', '-namespace']), ['apf-configuration', 'bootstrapsigner', 'clusterrole-aggregation', 'csrcleaner', 'garbagecollector', 'local-apiservices', 'pv-protection', 'pvc-protection', 'resourcequota', 'tokencleaner']);
    assert.deepEqual(names(['namespace']), ['namespace']);
  });
  test('the service account controllers run with the CA and signer they need, selectable by name', () => {
    const serviceAccounts = { rootCA: 'ca', legacyGenerator: { issuer: 'kubernetes/serviceaccount', generate: async () => '' } };
    const withAccounts = (selection?: string[]) => buildControllers(served, { contextFor, serviceAccounts, ...(selection ? { selection } : {}) }).map((c) => c.name).sort();
    assert.deepEqual(withAccounts(), ['apf-configuration', 'clusterrole-aggregation', 'csrcleaner', 'garbagecollector', 'local-apiservices', 'namespace', 'pv-protection', 'pvc-protection', 'resourcequota', 'root-ca-cert-publisher', 'serviceaccount', 'serviceaccount-token']);
    assert.deepEqual(withAccounts(['*', '-serviceaccount-token', '-root-ca-cert-publisher']), ['apf-configuration', 'clusterrole-aggregation', 'csrcleaner', 'garbagecollector', 'local-apiservices', 'namespace', 'pv-protection', 'pvc-protection', 'resourcequota', 'serviceaccount']);
  });
});
