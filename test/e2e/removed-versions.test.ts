// Versions removed by 1.25 or earlier (1-conventions, Versioning: the removed-versions table) are not
// served: their discovery documents and resource paths answer 404 with upstream's Status, and a
// manifest using one fails in kubectl with the message kubectl gives against kube-apiserver 1.25.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

/** group/version and one resource each, from the spec's table (removed in 1.16, 1.22 and 1.25). */
const REMOVED: [string, string][] = [
  ['batch/v1beta1', 'cronjobs'],
  ['discovery.k8s.io/v1beta1', 'endpointslices'],
  ['events.k8s.io/v1beta1', 'events'],
  ['autoscaling/v2beta1', 'horizontalpodautoscalers'],
  ['policy/v1beta1', 'poddisruptionbudgets'],
  ['policy/v1beta1', 'podsecuritypolicies'],
  ['node.k8s.io/v1beta1', 'runtimeclasses'],
  ['admissionregistration.k8s.io/v1beta1', 'validatingwebhookconfigurations'],
  ['apiextensions.k8s.io/v1beta1', 'customresourcedefinitions'],
  ['apiregistration.k8s.io/v1beta1', 'apiservices'],
  ['authentication.k8s.io/v1beta1', 'tokenreviews'],
  ['authorization.k8s.io/v1beta1', 'subjectaccessreviews'],
  ['certificates.k8s.io/v1beta1', 'certificatesigningrequests'],
  ['coordination.k8s.io/v1beta1', 'leases'],
  ['extensions/v1beta1', 'ingresses'],
  ['networking.k8s.io/v1beta1', 'ingresses'],
  ['networking.k8s.io/v1beta1', 'ingressclasses'],
  ['rbac.authorization.k8s.io/v1beta1', 'roles'],
  ['scheduling.k8s.io/v1beta1', 'priorityclasses'],
  ['storage.k8s.io/v1beta1', 'storageclasses'],
  ['storage.k8s.io/v1beta1', 'csidrivers'],
  ['extensions/v1beta1', 'networkpolicies'],
  ['apps/v1beta2', 'daemonsets'],
  ['apps/v1beta1', 'deployments'],
  ['apps/v1beta2', 'statefulsets'],
  ['extensions/v1beta1', 'replicasets'],
];

/** Group versions whose other resources 1.25 still serves: storage.k8s.io/v1beta1 keeps CSIStorageCapacity (removed in 1.27). */
const PARTLY_SERVED = new Set(['storage.k8s.io/v1beta1']);

describe('removed API versions', () => {
  let c: TestCluster;
  let raw: RawClient;
  before(async () => {
    c = await startCluster();
    raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
  });
  after(() => c.stop());

  test('discovery documents and resource paths of removed versions answer 404 NotFound', async () => {
    // kube-apiserver 1.25 answers a Status inside a served group (its go-restful container) and Go's
    // plain-text 404 elsewhere (the end of its delegation chain): the removed extensions group, for one.
    const groups = (await raw.request('GET', '/apis')).json() as { groups: { name: string }[] };
    const servedGroups = new Set(groups.groups.map((g) => g.name));
    assert.equal(servedGroups.has('extensions'), false);
    for (const [groupVersion, resource] of REMOVED) {
      const discovery = PARTLY_SERVED.has(groupVersion) ? [] : [`/apis/${groupVersion}`];
      const paths = [...discovery, `/apis/${groupVersion}/namespaces/default/${resource}`, `/apis/${groupVersion}/${resource}`, `/apis/${groupVersion}/namespaces/default/${resource}/x`];
      for (const path of paths) {
        const res = await raw.request('GET', path);
        assert.equal(res.status, 404, path);
        if (!servedGroups.has(groupVersion.split('/')[0] ?? '')) {
          assert.deepEqual([res.headers['content-type'], res.body], ['text/plain; charset=utf-8', '404 page not found\n'], path);
          continue;
        }
        const status = res.json() as { kind: string; reason: string; code: number; message: string; details: unknown };
        assert.deepEqual([status.kind, status.reason, status.code, status.message, status.details], ['Status', 'NotFound', 404, 'the server could not find the requested resource', {}], path);
      }
    }
  });

  test('no removed version is listed in discovery', async () => {
    const groups = (await raw.request('GET', '/apis')).json() as { groups: { versions: { groupVersion: string }[] }[] };
    const served = new Set(groups.groups.flatMap((g) => g.versions.map((v) => v.groupVersion)));
    for (const [groupVersion] of REMOVED) if (!PARTLY_SERVED.has(groupVersion)) assert.equal(served.has(groupVersion), false, groupVersion);
  });

  test('kubectl refuses a manifest of a removed version as it does against kube-apiserver', async () => {
    const kinds: [string, string][] = [
      ['batch/v1beta1', 'CronJob'],
      ['extensions/v1beta1', 'Ingress'],
      ['apps/v1beta1', 'Deployment'],
      ['apps/v1beta2', 'StatefulSet'],
      ['autoscaling/v2beta1', 'HorizontalPodAutoscaler'],
      ['policy/v1beta1', 'PodDisruptionBudget'],
      ['networking.k8s.io/v1beta1', 'Ingress'],
      ['discovery.k8s.io/v1beta1', 'EndpointSlice'],
    ];
    for (const [apiVersion, kind] of kinds) {
      const manifest = JSON.stringify({ apiVersion, kind, metadata: { name: 'old' }, spec: {} });
      const result = await c.kubectlResult(['apply', '-f', '-'], { input: manifest });
      assert.notEqual(result.code, 0);
      const expected = `error: resource mapping not found for name: "old" namespace: "" from "STDIN": no matches for kind "${kind}" in version "${apiVersion}"\nensure CRDs are installed first\n`;
      assert.equal(result.stderr, expected, apiVersion);
    }
  });
});
