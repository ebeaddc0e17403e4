// A request to a deprecated version (1-conventions, Versioning rule 5) is answered with upstream's
// Warning header and counted in apiserver_requested_deprecated_apis; a current version is not.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

describe('deprecated API versions', () => {
  let c: TestCluster;
  let raw: RawClient;
  before(async () => {
    c = await startCluster();
    raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
  });
  after(() => c.stop());

  test('a deprecated version answers with the Warning header and sets the metric', async () => {
    const old = await raw.request('GET', '/apis/flowcontrol.apiserver.k8s.io/v1beta1/flowschemas');
    assert.equal(old.status, 200);
    assert.equal(
      old.headers['warning'],
      '299 - "flowcontrol.apiserver.k8s.io/v1beta1 FlowSchema is deprecated in v1.23+, unavailable in v1.26+; use flowcontrol.apiserver.k8s.io/v1beta2 FlowSchema"',
    );
    const current = await raw.request('GET', '/apis/flowcontrol.apiserver.k8s.io/v1beta2/flowschemas');
    assert.equal(current.headers['warning'], undefined);
    const metrics = (await raw.request('GET', '/metrics', { accept: 'text/plain' })).body;
    assert.match(metrics, /^apiserver_requested_deprecated_apis\{group="flowcontrol\.apiserver\.k8s\.io",removed_release="1\.26",resource="flowschemas",subresource="",version="v1beta1"\} 1$/m);
    assert.doesNotMatch(metrics, /apiserver_requested_deprecated_apis\{[^}]*version="v1beta2"/);
  });

  test('kubectl shows the warning of a deprecated version', async () => {
    const result = await c.kubectlResult(['get', 'csistoragecapacities.v1beta1.storage.k8s.io', '-A']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Warning: storage\.k8s\.io\/v1beta1 CSIStorageCapacity is deprecated in v1\.24\+, unavailable in v1\.27\+; use storage\.k8s\.io\/v1 CSIStorageCapacity/);
  });
});

describe('--runtime-config', () => {
  let c: TestCluster;
  let raw: RawClient;
  before(async () => {
    c = await startCluster({ runtimeConfig: ['flowcontrol.apiserver.k8s.io/v1beta1=false', 'storage.k8s.io/v1/csidrivers=false'] });
    raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
  });
  after(() => c.stop());

  test('a disabled version and a disabled resource are not served, and discovery does not list them', async () => {
    assert.equal((await raw.request('GET', '/apis/flowcontrol.apiserver.k8s.io/v1beta1/flowschemas')).status, 404);
    assert.equal((await raw.request('GET', '/apis/flowcontrol.apiserver.k8s.io/v1beta2/flowschemas')).status, 200);
    assert.equal((await raw.request('GET', '/apis/storage.k8s.io/v1/csidrivers')).status, 404);
    assert.equal((await raw.request('GET', '/apis/storage.k8s.io/v1/storageclasses')).status, 200);
    const group = (await raw.request('GET', '/apis/flowcontrol.apiserver.k8s.io')).json() as { versions: { version: string }[] };
    assert.deepEqual(group.versions.map((v) => v.version), ['v1beta2']);
    const resources = await c.kubectl(['api-resources', '--api-group=storage.k8s.io', '-o', 'name']);
    assert.doesNotMatch(resources, /csidrivers/);
    assert.match(resources, /storageclasses/);
  });
});
