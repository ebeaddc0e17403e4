// The official Python client (Debian's python3-kubernetes) against kplane, through the admin
// kubeconfig: a service created through it gets a cluster IP, read back as allocated.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type TestCluster } from './support/cluster.js';
import { hasPython, PYTHON_CLIENT_MISSING, python } from './support/clients.js';

const CREATE_AND_READ = `
from kubernetes import client, config
config.load_kube_config()
v1 = client.CoreV1Api()
svc = client.V1Service(
    metadata=client.V1ObjectMeta(name="from-python"),
    spec=client.V1ServiceSpec(selector={"app": "py"}, ports=[client.V1ServicePort(port=80, target_port=8080)]),
)
created = v1.create_namespaced_service("default", svc)
read = v1.read_namespaced_service("from-python", "default")
print(created.spec.cluster_ip, read.spec.cluster_ip, read.spec.ports[0].target_port, ",".join(read.spec.ip_families))
`;

const PODS_BY_FIELD_SELECTOR = `
from kubernetes import client, config
config.load_kube_config()
v1 = client.CoreV1Api()
for name in ("py-a", "py-b"):
    pod = client.V1Pod(metadata=client.V1ObjectMeta(name=name, labels={"app": "py"}), spec=client.V1PodSpec(containers=[client.V1Container(name="c", image="busybox:1.36")]))
    v1.create_namespaced_pod("default", pod)
v1.create_namespaced_pod_binding("py-b", "default", client.V1Binding(metadata=client.V1ObjectMeta(name="py-b"), target=client.V1ObjectReference(kind="Node", name="n1")), _preload_content=False)
pending = v1.list_namespaced_pod("default", field_selector="spec.nodeName=", label_selector="app=py")
on_node = v1.list_namespaced_pod("default", field_selector="spec.nodeName=n1")
read = v1.read_namespaced_pod("py-a", "default")
print(",".join(p.metadata.name for p in pending.items), ",".join(p.metadata.name for p in on_node.items), read.status.phase, read.status.qos_class, read.spec.containers[0].image_pull_policy)
`;

// watch.Watch().stream sends `watch=True`: a watch for upstream's parameter conversion, not a list.
const WATCH_PODS = `
import threading, time
from kubernetes import client, config, watch
config.load_kube_config()
v1 = client.CoreV1Api()
def mutate():
    time.sleep(0.5)
    pod = client.V1Pod(metadata=client.V1ObjectMeta(name="py-watched", labels={"watched": "yes"}), spec=client.V1PodSpec(containers=[client.V1Container(name="c", image="busybox:1.36")]))
    v1.create_namespaced_pod("default", pod)
    v1.patch_namespaced_pod("py-watched", "default", {"metadata": {"labels": {"step": "2"}}})
    v1.delete_namespaced_pod("py-watched", "default", grace_period_seconds=0)
threading.Thread(target=mutate).start()
w = watch.Watch()
seen = []
for event in w.stream(v1.list_namespaced_pod, "default", label_selector="watched=yes", timeout_seconds=20):
    meta = event["object"].metadata
    seen.append(event["type"] + ":" + (meta.labels or {}).get("step", "1") + (":deleting" if meta.deletion_timestamp else ""))
    if event["type"] == "DELETED":
        w.stop()
print(" ".join(seen))
`;

// The client's models refuse a missing required field: NodeSystemInfo's strings, the kubelet endpoint's Port.
const BARE_NODE = `
from kubernetes import client, config
config.load_kube_config()
v1 = client.CoreV1Api()
v1.create_node(client.V1Node(metadata=client.V1ObjectMeta(name="py-bare")))
listed = [n.metadata.name for n in v1.list_node().items]
read = v1.read_node("py-bare")
print(",".join(listed), repr(read.status.node_info.architecture), read.status.daemon_endpoints.kubelet_endpoint.port)
`;

describe('the Python client', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.stop());

  test('creates a service and reads the allocated cluster IP', async (t) => {
    if (!(await hasPython())) {
      t.skip(PYTHON_CLIENT_MISSING);
      return;
    }
    const result = await python(CREATE_AND_READ, c.server.kubeconfigPath);
    assert.equal(result.code, 0, result.stderr);
    const [created, read, targetPort, families] = result.stdout.trim().split(' ');
    assert.match(created ?? '', /^10\.0\.0\.\d+$/);
    assert.equal(read, created);
    assert.equal(targetPort, '8080');
    assert.equal(families, 'IPv4');
    const viaKubectl = await c.kubectl(['get', 'svc', 'from-python', '-o', 'jsonpath={.spec.clusterIP}']);
    assert.equal(viaKubectl, created);
  });

  test('creates pods, binds one, and lists pods by field selector', async (t) => {
    if (!(await hasPython())) {
      t.skip(PYTHON_CLIENT_MISSING);
      return;
    }
    const result = await python(PODS_BY_FIELD_SELECTOR, c.server.kubeconfigPath);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split(' '), ['py-a', 'py-b', 'Pending', 'BestEffort', 'IfNotPresent']);
  });

  test('reads a node created without a status, which Go writes with its zero values', async (t) => {
    if (!(await hasPython())) {
      t.skip(PYTHON_CLIENT_MISSING);
      return;
    }
    // Created through kubectl, as a test creates a fake node; then read through the Python client.
    await c.kubectl(['create', '-f', '-'], { input: 'apiVersion: v1\nkind: Node\nmetadata:\n  name: from-kubectl\n' });
    const result = await python(BARE_NODE, c.server.kubeconfigPath);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split(' '), ['from-kubectl,py-bare', "''", '0']);
  });

  test('watches pods: ADDED, MODIFIED and DELETED reach watch.Watch().stream', async (t) => {
    if (!(await hasPython())) {
      t.skip(PYTHON_CLIENT_MISSING);
      return;
    }
    const result = await python(WATCH_PODS, c.server.kubeconfigPath);
    assert.equal(result.code, 0, result.stderr);
    // A pod deleted with grace 0 is first updated with its deletionTimestamp, as upstream's
    // updateForGracefulDeletionAndFinalizers does, then deleted.
    assert.deepEqual(result.stdout.trim().split(' '), ['ADDED:1', 'MODIFIED:2', 'MODIFIED:2:deleting', 'DELETED:2:deleting']);
  });
});
