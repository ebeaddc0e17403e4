// --endpoint-reconciler-type through kubectl: `none` leaves the `kubernetes` service without Endpoints;
// `master-count` lists this server in them, and its EndpointSlice follows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, startCluster } from './support/cluster.js';
import { startServer } from '../../src/server/start-server.js';

test('--endpoint-reconciler-type=none: the kubernetes service, no Endpoints', async () => {
  const cluster = await startCluster({ endpointReconcilerType: 'none' });
  try {
    await eventually(async () => ((await cluster.kubectlResult(['get', 'service', 'kubernetes'])).code === 0 ? true : undefined), 'the kubernetes service');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const endpoints = await cluster.kubectlResult(['get', 'endpoints', 'kubernetes']);
    assert.match(endpoints.stderr, /endpoints "kubernetes" not found/);
  } finally {
    await cluster.stop();
  }
});

test('--endpoint-reconciler-type=master-count: this server in the Endpoints and the EndpointSlice', async () => {
  const cluster = await startCluster({ endpointReconcilerType: 'master-count', apiserverCount: 1, advertiseAddress: '192.0.2.10' });
  try {
    const ips = await eventually(async () => {
      const out = (await cluster.kubectlResult(['get', 'endpoints', 'kubernetes', '-o', 'jsonpath={.subsets[*].addresses[*].ip}'])).stdout.trim();
      return out === '' ? undefined : out;
    }, 'the kubernetes Endpoints');
    assert.equal(ips, '192.0.2.10');
    const slice = await eventually(async () => {
      const out = (await cluster.kubectlResult(['get', 'endpointslice', 'kubernetes', '-o', 'jsonpath={.endpoints[*].addresses[*]}'])).stdout.trim();
      return out === '' ? undefined : out;
    }, 'the kubernetes EndpointSlice');
    assert.equal(slice, '192.0.2.10');
  } finally {
    await cluster.stop();
  }
});

test('an --apiserver-count that is not positive is refused at start, through the API too', async () => {
  for (const apiserverCount of [0, -1]) {
    await assert.rejects(startServer({ storage: 'memory', securePort: 0, endpointReconcilerType: 'master-count', apiserverCount }),
      { message: `--apiserver-count should be a positive number, but value '${apiserverCount}' provided` });
  }
});
