// The built-in catalogue through kubectl as a new user meets it: `api-resources` lists the resources of
// Kubernetes 1.25's core group and of the groups served so far with upstream's short names, kinds,
// scopes and verbs; `run`, `expose`, `get all`, `explain`; and a multi-document manifest of many kinds
// created and deleted with `-f`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import YAML from 'yaml';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { rawClient } from './support/raw-client.js';
import { decodeProtobufObject } from '../../src/schema/protobuf/index.js';
import { PodSchema } from '../../src/apis/core/v1/schemas.generated.js';

const ALL_VERBS = 'create,delete,deletecollection,get,list,patch,update,watch';

/** `kubectl api-resources -o wide` rows against kube-apiserver 1.25: name, short names, version, namespaced, kind, verbs, categories. */
const EXPECTED: [string, string, string, boolean, string, string, string][] = [
  ['bindings', '', 'v1', true, 'Binding', 'create', ''],
  ['componentstatuses', 'cs', 'v1', false, 'ComponentStatus', 'get,list', ''],
  ['configmaps', 'cm', 'v1', true, 'ConfigMap', ALL_VERBS, ''],
  ['endpoints', 'ep', 'v1', true, 'Endpoints', ALL_VERBS, ''],
  ['events', 'ev', 'v1', true, 'Event', ALL_VERBS, ''],
  ['limitranges', 'limits', 'v1', true, 'LimitRange', ALL_VERBS, ''],
  ['namespaces', 'ns', 'v1', false, 'Namespace', 'create,delete,get,list,patch,update,watch', ''],
  ['nodes', 'no', 'v1', false, 'Node', ALL_VERBS, ''],
  ['persistentvolumeclaims', 'pvc', 'v1', true, 'PersistentVolumeClaim', ALL_VERBS, ''],
  ['persistentvolumes', 'pv', 'v1', false, 'PersistentVolume', ALL_VERBS, ''],
  ['pods', 'po', 'v1', true, 'Pod', ALL_VERBS, 'all'],
  ['podtemplates', '', 'v1', true, 'PodTemplate', ALL_VERBS, ''],
  ['replicationcontrollers', 'rc', 'v1', true, 'ReplicationController', ALL_VERBS, 'all'],
  ['resourcequotas', 'quota', 'v1', true, 'ResourceQuota', ALL_VERBS, ''],
  ['secrets', '', 'v1', true, 'Secret', ALL_VERBS, ''],
  ['serviceaccounts', 'sa', 'v1', true, 'ServiceAccount', ALL_VERBS, ''],
  ['services', 'svc', 'v1', true, 'Service', ALL_VERBS, 'all'],
  ['mutatingwebhookconfigurations', '', 'admissionregistration.k8s.io/v1', false, 'MutatingWebhookConfiguration', ALL_VERBS, 'api-extensions'],
  ['validatingwebhookconfigurations', '', 'admissionregistration.k8s.io/v1', false, 'ValidatingWebhookConfiguration', ALL_VERBS, 'api-extensions'],
  ['apiservices', '', 'apiregistration.k8s.io/v1', false, 'APIService', ALL_VERBS, 'api-extensions'],
  ['controllerrevisions', '', 'apps/v1', true, 'ControllerRevision', ALL_VERBS, ''],
  ['daemonsets', 'ds', 'apps/v1', true, 'DaemonSet', ALL_VERBS, 'all'],
  ['deployments', 'deploy', 'apps/v1', true, 'Deployment', ALL_VERBS, 'all'],
  ['replicasets', 'rs', 'apps/v1', true, 'ReplicaSet', ALL_VERBS, 'all'],
  ['statefulsets', 'sts', 'apps/v1', true, 'StatefulSet', ALL_VERBS, 'all'],
  ['tokenreviews', '', 'authentication.k8s.io/v1', false, 'TokenReview', 'create', ''],
  ['localsubjectaccessreviews', '', 'authorization.k8s.io/v1', true, 'LocalSubjectAccessReview', 'create', ''],
  ['selfsubjectaccessreviews', '', 'authorization.k8s.io/v1', false, 'SelfSubjectAccessReview', 'create', ''],
  ['selfsubjectrulesreviews', '', 'authorization.k8s.io/v1', false, 'SelfSubjectRulesReview', 'create', ''],
  ['subjectaccessreviews', '', 'authorization.k8s.io/v1', false, 'SubjectAccessReview', 'create', ''],
  ['horizontalpodautoscalers', 'hpa', 'autoscaling/v2', true, 'HorizontalPodAutoscaler', ALL_VERBS, 'all'],
  ['cronjobs', 'cj', 'batch/v1', true, 'CronJob', ALL_VERBS, 'all'],
  ['jobs', '', 'batch/v1', true, 'Job', ALL_VERBS, 'all'],
  ['certificatesigningrequests', 'csr', 'certificates.k8s.io/v1', false, 'CertificateSigningRequest', ALL_VERBS, ''],
  ['leases', '', 'coordination.k8s.io/v1', true, 'Lease', ALL_VERBS, ''],
  ['endpointslices', '', 'discovery.k8s.io/v1', true, 'EndpointSlice', ALL_VERBS, ''],
  ['events', 'ev', 'events.k8s.io/v1', true, 'Event', ALL_VERBS, ''],
  ['flowschemas', '', 'flowcontrol.apiserver.k8s.io/v1beta2', false, 'FlowSchema', ALL_VERBS, ''],
  ['prioritylevelconfigurations', '', 'flowcontrol.apiserver.k8s.io/v1beta2', false, 'PriorityLevelConfiguration', ALL_VERBS, ''],
  ['ingressclasses', '', 'networking.k8s.io/v1', false, 'IngressClass', ALL_VERBS, ''],
  ['ingresses', 'ing', 'networking.k8s.io/v1', true, 'Ingress', ALL_VERBS, ''],
  ['networkpolicies', 'netpol', 'networking.k8s.io/v1', true, 'NetworkPolicy', ALL_VERBS, ''],
  ['runtimeclasses', '', 'node.k8s.io/v1', false, 'RuntimeClass', ALL_VERBS, ''],
  ['poddisruptionbudgets', 'pdb', 'policy/v1', true, 'PodDisruptionBudget', ALL_VERBS, ''],
  ['clusterrolebindings', '', 'rbac.authorization.k8s.io/v1', false, 'ClusterRoleBinding', ALL_VERBS, ''],
  ['clusterroles', '', 'rbac.authorization.k8s.io/v1', false, 'ClusterRole', ALL_VERBS, ''],
  ['rolebindings', '', 'rbac.authorization.k8s.io/v1', true, 'RoleBinding', ALL_VERBS, ''],
  ['roles', '', 'rbac.authorization.k8s.io/v1', true, 'Role', ALL_VERBS, ''],
  ['priorityclasses', 'pc', 'scheduling.k8s.io/v1', false, 'PriorityClass', ALL_VERBS, ''],
  ['csidrivers', '', 'storage.k8s.io/v1', false, 'CSIDriver', ALL_VERBS, ''],
  ['csinodes', '', 'storage.k8s.io/v1', false, 'CSINode', ALL_VERBS, ''],
  ['csistoragecapacities', '', 'storage.k8s.io/v1', true, 'CSIStorageCapacity', ALL_VERBS, ''],
  ['storageclasses', 'sc', 'storage.k8s.io/v1', false, 'StorageClass', ALL_VERBS, ''],
  ['volumeattachments', '', 'storage.k8s.io/v1', false, 'VolumeAttachment', ALL_VERBS, ''],
];

const doc = (apiVersion: string, kind: string, name: string, rest: Record<string, unknown> = {}, namespace?: string): string =>
  YAML.stringify({ apiVersion, kind, metadata: { name, ...(namespace ? { namespace } : {}) }, ...rest });

/** One manifest as a chart renders it: several kinds as YAML documents, separated by `---`. */
const MANIFEST = [
  doc('v1', 'ServiceAccount', 'web', {}, 'shop'),
  doc('v1', 'Pod', 'web', { spec: { serviceAccountName: 'web', containers: [{ name: 'web', image: 'nginx:1.25', ports: [{ containerPort: 80 }] }] } }, 'shop'),
  doc('v1', 'Service', 'web', { spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 8080 }] } }, 'shop'),
  doc('v1', 'PersistentVolumeClaim', 'data', { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'fast' } }, 'shop'),
  doc('v1', 'PersistentVolume', 'pv-data', { spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data' }, storageClassName: 'fast' } }),
  doc('storage.k8s.io/v1', 'StorageClass', 'fast', { provisioner: 'example.com/fast' }),
  doc('scheduling.k8s.io/v1', 'PriorityClass', 'high', { value: 1000 }),
  doc('node.k8s.io/v1', 'RuntimeClass', 'gvisor', { handler: 'runsc' }),
  doc('v1', 'LimitRange', 'limits', { spec: { limits: [{ type: 'Container', default: { cpu: '500m' } }] } }, 'shop'),
  doc('v1', 'ResourceQuota', 'quota', { spec: { hard: { pods: '10' } } }, 'shop'),
].join('---\n');

describe('the built-in catalogue through kubectl', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.stop());

  test('api-resources lists every served resource with upstream short names, kinds, scopes, verbs and categories', async () => {
    const out = await c.kubectl(['api-resources', '-o', 'wide', '--no-headers']);
    const rows = out
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/));
    const parsed = rows.map((cells) => {
      // NAME [SHORTNAMES] APIVERSION NAMESPACED KIND VERBS [CATEGORIES]
      const versionAt = cells.findIndex((cell, i) => i > 0 && /^(v1|[a-z0-9.-]+\/v\w+)$/.test(cell));
      const shortNames = versionAt === 2 ? cells[1]! : '';
      const [version, namespaced, kind, verbs, categories = ''] = cells.slice(versionAt);
      return [cells[0], shortNames, version, namespaced === 'true', kind, verbs, categories];
    });
    assert.deepEqual(parsed, EXPECTED);
  });

  test('run, expose and get all', async () => {
    assert.match(await c.kubectl(['run', 'x', '--image=busybox']), /^pod\/x created$/m);
    assert.match(await c.kubectl(['expose', 'pod', 'x', '--port=80']), /^service\/x exposed$/m);
    // The kubernetes service is made in the background after the start.
    await eventually(async () => ((await c.kubectlResult(['get', 'service', 'kubernetes'])).code === 0 ? true : undefined), 'the kubernetes Service');
    const all = await c.kubectl(['get', 'all']);
    assert.match(all, /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/m);
    assert.match(all, /^pod\/x\s+0\/1\s+Pending\s+0\s+\d+s$/m);
    assert.match(all, /^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE$/m);
    assert.match(all, /^service\/kubernetes\s+ClusterIP\s+10\.0\.0\.1\s+<none>\s+443\/TCP\s+\d+s$/m);
    assert.match(all, /^service\/x\s+ClusterIP\s+10\.0\.0\.\d+\s+<none>\s+80\/TCP\s+\d+s$/m);
    // Priority admission resolved the pod's priority (no default class: 0, PreemptLowerPriority).
    assert.equal(await c.kubectl(['get', 'pod', 'x', '-o', 'jsonpath={.spec.priority} {.spec.preemptionPolicy}']), '0 PreemptLowerPriority');
    assert.match(await c.kubectl(['describe', 'pod', 'x']), /^Priority:\s+0$/m);
  });

  test('a pod read as protobuf carries the k8s\\0 envelope and decodes to the pod', async () => {
    await c.kubectl(['run', 'pb', '--image=busybox']);
    const raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
    const res = await raw.request('GET', '/api/v1/namespaces/default/pods/pb', { accept: 'application/vnd.kubernetes.protobuf' });
    assert.deepEqual([...res.bytes.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00]);
    const pod = decodeProtobufObject(PodSchema, res.bytes).object as { metadata: { name: string }; spec: { containers: { image: string; imagePullPolicy: string }[] }; status: { phase: string; qosClass: string } };
    assert.equal(pod.metadata.name, 'pb');
    assert.deepEqual(pod.spec.containers.map((ct) => [ct.image, ct.imagePullPolicy]), [['busybox', 'Always']]);
    assert.deepEqual([pod.status.phase, pod.status.qosClass], ['Pending', 'BestEffort']);
  });

  test('explain reads the served schema (pod.spec.containers.livenessProbe)', async () => {
    const out = await c.kubectl(['explain', 'pod.spec.containers.livenessProbe']);
    assert.match(out, /^KIND:\s+Pod$/m);
    assert.match(out, /^FIELD:\s+livenessProbe <Probe>$/m);
    for (const field of ['exec', 'failureThreshold', 'grpc', 'httpGet', 'initialDelaySeconds', 'periodSeconds', 'tcpSocket']) assert.match(out, new RegExp(`^  ${field}\\t`, 'm'), field);
  });

  test('create -f of a multi-document manifest of many kinds, then delete -f', async () => {
    // The namespace lives outside the manifest: kplane's namespace controller empties a deleted namespace
    // within milliseconds, before `delete -f` reaches the objects in it.
    await c.kubectl(['create', 'namespace', 'shop']);
    const created = await c.kubectl(['create', '-f', '-'], { input: MANIFEST });
    for (const line of ['serviceaccount/web', 'pod/web', 'service/web', 'persistentvolumeclaim/data', 'persistentvolume/pv-data', 'storageclass.storage.k8s.io/fast', 'priorityclass.scheduling.k8s.io/high', 'runtimeclass.node.k8s.io/gvisor', 'limitrange/limits', 'resourcequota/quota'])
      assert.match(created, new RegExp(`^${line.replace(/\./g, '\\.')} created$`, 'm'), line);
    const got = await c.kubectl(['get', 'sa,po,svc,pvc,limits,quota', '-n', 'shop', '-o', 'name']);
    assert.deepEqual(got.trim().split('\n').sort(), ['limitrange/limits', 'persistentvolumeclaim/data', 'pod/web', 'resourcequota/quota', 'service/web', 'serviceaccount/default', 'serviceaccount/web']); // default: the service account controller's
    const deleted = await c.kubectl(['delete', '-f', '-', '--wait=false'], { input: MANIFEST });
    assert.match(deleted, /^pod "web" deleted$/m);
    assert.match(deleted, /^storageclass\.storage\.k8s\.io "fast" deleted$/m);
    const left = await c.kubectlResult(['get', 'pv,sc,pc/high,runtimeclass', '-o', 'name']);
    assert.doesNotMatch(left.stdout, /pv-data|fast|gvisor|priorityclass.*high/);
  });
});
