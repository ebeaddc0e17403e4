// apps/v1 through the official clients, unchanged: @kubernetes/client-node's AppsV1Api (typed CRUD of
// deployments, the scale subresource read, replaced and patched, a watch on deployments across all
// namespaces) and the Python client (Debian's python3-kubernetes: the same through AppsV1Api and its
// watch helper).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AppsV1Api, CoreV1Api, KubeConfig, PatchStrategy, Watch, setHeaderOptions, type V1Deployment } from '@kubernetes/client-node';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { hasPython, PYTHON_CLIENT_MISSING, python, statusOf } from './support/clients.js';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const strategicMergePatch = setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch);

/** A deployment of `replicas` nginx pods labelled app=<name>. */
const deployment = (name: string, replicas = 1): V1Deployment => ({
  metadata: { name },
  spec: {
    replicas,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.25' }, { name: 'sidecar', image: 'busybox:1.36' }] } },
  },
});

const PYTHON_DEPLOYMENTS = `
from kubernetes import client, config, watch
config.load_kube_config()
apps = client.AppsV1Api()
core = client.CoreV1Api()
for ns in ("py-a", "py-b"):
    core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=ns)))
start = apps.list_deployment_for_all_namespaces().metadata.resource_version
def dep(name):
    labels = {"app": name}
    return client.V1Deployment(
        metadata=client.V1ObjectMeta(name=name),
        spec=client.V1DeploymentSpec(
            replicas=2,
            selector=client.V1LabelSelector(match_labels=labels),
            template=client.V1PodTemplateSpec(metadata=client.V1ObjectMeta(labels=labels), spec=client.V1PodSpec(containers=[client.V1Container(name="web", image="nginx:1.25")])),
        ),
    )
created = apps.create_namespaced_deployment("py-a", dep("web"))
apps.create_namespaced_deployment("py-b", dep("api"))
scale = apps.read_namespaced_deployment_scale("web", "py-a")
apps.patch_namespaced_deployment_scale("web", "py-a", {"spec": {"replicas": 6}})
read = apps.read_namespaced_deployment("web", "py-a")
apps.delete_namespaced_deployment("api", "py-b")
events = []
w = watch.Watch()
for event in w.stream(apps.list_deployment_for_all_namespaces, resource_version=start, timeout_seconds=30):
    events.append("%s %s/%s %d" % (event["type"], event["object"].metadata.namespace, event["object"].metadata.name, event["object"].spec.replicas))
    if len(events) == 4:
        w.stop()
print(created.spec.strategy.type, created.spec.strategy.rolling_update.max_surge, created.spec.progress_deadline_seconds)
print(scale.spec.replicas, scale.status.selector, read.spec.replicas, read.metadata.generation)
print(";".join(events))
`;

describe('apps/v1 through the official clients', () => {
  let c: TestCluster;
  let kc: KubeConfig;
  let apps: AppsV1Api;
  before(async () => {
    c = await startCluster();
    kc = new KubeConfig();
    kc.loadFromString(c.server.kubeconfig);
    apps = kc.makeApiClient(AppsV1Api);
    const core = kc.makeApiClient(CoreV1Api);
    for (const name of ['cn-a', 'cn-b']) await core.createNamespace({ body: { metadata: { name } } });
  });
  after(() => c.stop());

  test('client-node: deployment create, read, replace, strategic merge patch, delete', async () => {
    const created = await apps.createNamespacedDeployment({ namespace: 'cn-a', body: deployment('web', 2) });
    assert.deepEqual([created.kind, created.metadata?.generation, created.spec?.revisionHistoryLimit, created.spec?.strategy?.rollingUpdate?.maxUnavailable], ['Deployment', 1, 10, '25%']);
    const read = await apps.readNamespacedDeployment({ name: 'web', namespace: 'cn-a' });
    assert.equal(read.metadata?.resourceVersion, created.metadata?.resourceVersion);
    const replaced = await apps.replaceNamespacedDeployment({ name: 'web', namespace: 'cn-a', body: { ...read, spec: { ...read.spec!, minReadySeconds: 5 } } });
    assert.deepEqual([replaced.spec?.minReadySeconds, replaced.metadata?.generation], [5, 2]);
    // Strategic merge: the container list merges by name, the sidecar stays.
    const body = { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } } };
    const patched = await apps.patchNamespacedDeployment({ name: 'web', namespace: 'cn-a', body }, strategicMergePatch);
    assert.deepEqual(patched.spec?.template.spec?.containers.map((x) => `${x.name}=${x.image}`), ['web=nginx:1.27', 'sidecar=busybox:1.36']);
    assert.equal(patched.metadata?.generation, 3);
    const status = await apps.readNamespacedDeploymentStatus({ name: 'web', namespace: 'cn-a' });
    assert.deepEqual({ ...status.status }, {});
    await apps.deleteNamespacedDeployment({ name: 'web', namespace: 'cn-a' });
    assert.equal(await statusOf(apps.readNamespacedDeployment({ name: 'web', namespace: 'cn-a' })), 404);
  });

  test('client-node: the scale subresource read, replaced and patched', async () => {
    await apps.createNamespacedDeployment({ namespace: 'cn-a', body: deployment('scaled', 1) });
    const scale = await apps.readNamespacedDeploymentScale({ name: 'scaled', namespace: 'cn-a' });
    assert.deepEqual([scale.kind, scale.apiVersion, scale.spec?.replicas, scale.status?.selector], ['Scale', 'autoscaling/v1', 1, 'app=scaled']);
    const replaced = await apps.replaceNamespacedDeploymentScale({ name: 'scaled', namespace: 'cn-a', body: { ...scale, spec: { replicas: 3 } } });
    assert.equal(replaced.spec?.replicas, 3);
    const patched = await apps.patchNamespacedDeploymentScale({ name: 'scaled', namespace: 'cn-a', body: { spec: { replicas: 4 } } }, mergePatch);
    assert.equal(patched.spec?.replicas, 4);
    const d = await apps.readNamespacedDeployment({ name: 'scaled', namespace: 'cn-a' });
    assert.deepEqual([d.spec?.replicas, d.metadata?.generation], [4, 3]);
    assert.equal(await statusOf(apps.replaceNamespacedDeploymentScale({ name: 'scaled', namespace: 'cn-a', body: { ...scale, spec: { replicas: -1 } } })), 422);
  });

  test('client-node: a watch on deployments across all namespaces', async () => {
    const start = (await apps.listDeploymentForAllNamespaces()).metadata?.resourceVersion ?? '';
    const seen: string[] = [];
    const watching = await new Watch(kc).watch('/apis/apps/v1/deployments', { resourceVersion: start }, (type, obj: V1Deployment) => seen.push(`${type} ${obj.metadata?.namespace}/${obj.metadata?.name} ${obj.spec?.replicas}`), () => undefined);
    try {
      await apps.createNamespacedDeployment({ namespace: 'cn-a', body: deployment('w1') });
      await apps.createNamespacedDeployment({ namespace: 'cn-b', body: deployment('w2') });
      await apps.patchNamespacedDeploymentScale({ name: 'w2', namespace: 'cn-b', body: { spec: { replicas: 5 } } }, mergePatch);
      await apps.deleteNamespacedDeployment({ name: 'w1', namespace: 'cn-a' });
      await eventually(() => (seen.length >= 4 ? true : undefined), 'four watch events');
    } finally {
      watching.abort();
    }
    assert.deepEqual(seen, ['ADDED cn-a/w1 1', 'ADDED cn-b/w2 1', 'MODIFIED cn-b/w2 5', 'DELETED cn-a/w1 1']);
  });

  test('Python: deployments created, scaled through the subresource, watched across namespaces', async (t) => {
    if (!(await hasPython())) {
      t.skip(PYTHON_CLIENT_MISSING);
      return;
    }
    const result = await python(PYTHON_DEPLOYMENTS, c.server.kubeconfigPath);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n'), ['RollingUpdate 25% 600', '2 app=web 6 2', 'ADDED py-a/web 2;ADDED py-b/api 2;MODIFIED py-a/web 6;DELETED py-b/api 2']);
  });
});
