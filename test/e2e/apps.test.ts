// kubectl (1.32) against kplane's apps/v1: deployments created, scaled (also through the raw `scale`
// subresource), their image set by strategic merge; rollout history and undo reading ReplicaSets the
// test writes itself (kplane runs no controllers), StatefulSet and DaemonSet history from
// ControllerRevisions; tables and `-o wide`, `get all`, and invalid objects answered 422.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient } from './support/raw-client.js';
import { decodeProtobufObject } from '../../src/schema/protobuf/index.js';
import { DeploymentSchema } from '../../src/apis/apps/v1/schemas.generated.js';
import { ScaleSchema } from '../../src/apis/autoscaling/v1/schemas.generated.js';

const json = (value: unknown): string => JSON.stringify(value);

interface Meta {
  name: string;
  uid: string;
  generation: number;
  annotations?: Record<string, string>;
}

/** A ReplicaSet a deployment controller would have written for revision `revision` of `image`. */
function replicaSetFor(deployment: { metadata: Meta }, revision: number, image: string, hash: string): string {
  const labels = { app: 'web', 'pod-template-hash': hash };
  return json({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `web-${hash}`,
      labels,
      annotations: { 'deployment.kubernetes.io/revision': String(revision), 'kubernetes.io/change-cause': `image ${image}` },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: deployment.metadata.uid, controller: true, blockOwnerDeletion: true }],
    },
    spec: { replicas: 0, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'nginx', image }] } } },
  });
}

/** A ControllerRevision a StatefulSet or DaemonSet controller would have written. */
function revisionFor(owner: { kind: string; name: string; uid: string }, labels: Record<string, string>, revision: number, cause: string): string {
  return json({
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: `${owner.name}-${revision}`,
      labels,
      annotations: { 'kubernetes.io/change-cause': cause },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: owner.kind, name: owner.name, uid: owner.uid, controller: true }],
    },
    data: { spec: { template: { $patch: 'replace', metadata: { labels }, spec: { containers: [{ name: owner.name, image: `${owner.name}:${revision}` }] } } } },
    revision,
  });
}

const STATEFUL_SET = json({
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'db' },
  spec: {
    serviceName: 'db',
    selector: { matchLabels: { app: 'db' } },
    template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:15' }] } },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  },
});

const DAEMON_SET = json({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent' },
  spec: {
    selector: { matchLabels: { app: 'agent' } },
    template: { metadata: { labels: { app: 'agent' } }, spec: { nodeSelector: { disk: 'ssd' }, containers: [{ name: 'agent', image: 'fluentd:1' }] } },
  },
});

describe('kubectl with apps/v1 against kplane', () => {
  let c: TestCluster;
  const getJson = async <T>(args: string[]): Promise<T> => JSON.parse(await c.kubectl([...args, '-o', 'json'])) as T;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.stop());

  test('create deployment: upstream defaults, status reset, table', async () => {
    assert.match(await c.kubectl(['create', 'deployment', 'web', '--image=nginx', '--replicas=3']), /^deployment\.apps\/web created$/m);
    const d = await getJson<{ metadata: Meta; spec: Record<string, unknown>; status: unknown }>(['get', 'deployment', 'web']);
    assert.equal(d.metadata.generation, 1);
    assert.deepEqual(d.status, {});
    assert.deepEqual(
      [d.spec['replicas'], d.spec['revisionHistoryLimit'], d.spec['progressDeadlineSeconds'], d.spec['strategy']],
      [3, 10, 600, { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } }],
    );
    assert.match(await c.kubectl(['get', 'deploy']), /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\nweb\s+0\/3\s+0\s+0\s+\d+s\n$/);
  });

  test('scale deployment: get deploy and the raw scale subresource agree; generation bumps', async () => {
    assert.match(await c.kubectl(['scale', 'deployment', 'web', '--replicas=5']), /^deployment\.apps\/web scaled$/m);
    assert.match(await c.kubectl(['get', 'deploy', 'web']), /^web\s+0\/5\s+0\s+0\s+\d+s$/m);
    const scale = JSON.parse(await c.kubectl(['get', '--raw', '/apis/apps/v1/namespaces/default/deployments/web/scale'])) as Record<string, unknown>;
    assert.deepEqual([scale['apiVersion'], scale['kind'], scale['spec'], scale['status']], ['autoscaling/v1', 'Scale', { replicas: 5 }, { replicas: 0, selector: 'app=web' }]);
    const scaled = await getJson<{ metadata: Meta & { managedFields: { manager: string; subresource?: string; fieldsV1: unknown }[] } }>(['get', 'deploy', 'web', '--show-managed-fields']);
    assert.equal(scaled.metadata.generation, 2);
    const byScale = scaled.metadata.managedFields.find((m) => m.subresource === 'scale');
    assert.deepEqual([byScale?.manager, byScale?.fieldsV1], ['kubectl', { 'f:spec': { 'f:replicas': {} } }]);
    const negative = json({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: -1 } });
    const refused = await c.kubectlResult(['replace', '--raw', '/apis/apps/v1/namespaces/default/deployments/web/scale', '-f', '-'], { input: negative });
    assert.match(refused.stderr, /The Scale "web" is invalid: spec\.replicas: Invalid value: -1: must be greater than or equal to 0/);
    const missing = await c.kubectlResult(['get', '--raw', '/apis/apps/v1/namespaces/default/deployments/nope/scale']);
    assert.match(missing.stderr, /deployments\/scale\.apps "nope" not found/);
  });

  test('protobuf: a deployment and its scale read in protobuf decode as their kinds', async () => {
    const raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
    const accept = 'application/vnd.kubernetes.protobuf';
    const res = await raw.request('GET', '/apis/apps/v1/namespaces/default/deployments/web', { accept });
    assert.equal(res.headers['content-type'], accept);
    const d = decodeProtobufObject(DeploymentSchema, res.bytes).object as { metadata: Meta; spec: { replicas: number; strategy: { rollingUpdate: { maxSurge: string } } } };
    assert.deepEqual([d.metadata.name, d.spec.replicas, d.spec.strategy.rollingUpdate.maxSurge], ['web', 5, '25%']);
    const scale = await raw.request('GET', '/apis/apps/v1/namespaces/default/deployments/web/scale', { accept });
    const decoded = decodeProtobufObject(ScaleSchema, scale.bytes).object as { spec: unknown; status: unknown };
    assert.deepEqual([decoded.spec, decoded.status], [{ replicas: 5 }, { replicas: 0, selector: 'app=web' }]);
  });

  test('set image merges the container by name; -o wide shows containers, images and selector', async () => {
    assert.match(await c.kubectl(['set', 'image', 'deployment/web', 'nginx=nginx:2']), /^deployment\.apps\/web image updated$/m);
    const d = await getJson<{ metadata: Meta; spec: { template: { spec: { containers: { name: string; image: string; imagePullPolicy: string }[] } } } }>(['get', 'deploy', 'web']);
    assert.deepEqual(
      d.spec.template.spec.containers.map((x) => [x.name, x.image, x.imagePullPolicy]),
      // The pull policy defaulted on create (Always, for an untagged image) stays: the patch only names the image.
      [['nginx', 'nginx:2', 'Always']],
    );
    assert.equal(d.metadata.generation, 3);
    const wide = await c.kubectl(['get', 'deploy', '-o', 'wide']);
    assert.match(wide, /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR\n/);
    assert.match(wide, /^web\s+0\/5\s+0\s+0\s+\d+s\s+nginx\s+nginx:2\s+app=web$/m);
  });

  test('rollout history and undo read the ReplicaSets the deployment controls', async () => {
    const d = await getJson<{ metadata: Meta }>(['get', 'deploy', 'web']);
    await c.kubectl(['create', '-f', '-'], { input: replicaSetFor(d, 1, 'nginx', 'aaa111') });
    await c.kubectl(['create', '-f', '-'], { input: replicaSetFor(d, 2, 'nginx:2', 'bbb222') });
    const history = await c.kubectl(['rollout', 'history', 'deployment/web']);
    assert.match(history, /^deployment\.apps\/web \nREVISION\s+CHANGE-CAUSE\n1\s+image nginx\n2\s+image nginx:2\n/);
    assert.match(await c.kubectl(['rollout', 'history', 'deployment/web', '--revision=1']), /Image:\s+nginx\n/);
    assert.match(await c.kubectl(['rollout', 'undo', 'deployment/web', '--to-revision=1']), /^deployment\.apps\/web rolled back$/m);
    const after = await getJson<{ metadata: Meta; spec: { template: { metadata: { labels: Record<string, string> }; spec: { containers: { image: string }[] } } } }>(['get', 'deploy', 'web']);
    assert.equal(after.spec.template.spec.containers[0]?.image, 'nginx');
    assert.deepEqual(after.spec.template.metadata.labels, { app: 'web' });
    assert.equal(after.metadata.generation, 4);
    const rs = await c.kubectl(['get', 'rs']);
    assert.match(rs, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE\nweb-aaa111\s+0\s+0\s+0\s+\d+s\nweb-bbb222\s+0\s+0\s+0\s+\d+s\n$/);
    assert.match(await c.kubectl(['get', 'rs', '-o', 'wide']), /^web-aaa111\s+0\s+0\s+0\s+\d+s\s+nginx\s+nginx\s+app=web,pod-template-hash=aaa111$/m);
    assert.match(await c.kubectl(['get', 'rs', '--field-selector', 'status.replicas=0', '-o', 'name']), /^replicaset\.apps\/web-aaa111\nreplicaset\.apps\/web-bbb222\n$/);
  });

  test('statefulsets and daemonsets: defaults, tables, scale, rollout history from ControllerRevisions', async () => {
    await c.kubectl(['create', '-f', '-'], { input: STATEFUL_SET });
    await c.kubectl(['create', '-f', '-'], { input: DAEMON_SET });
    const sts = await getJson<{ metadata: Meta; spec: Record<string, unknown>; status: unknown }>(['get', 'sts', 'db']);
    assert.deepEqual([sts.spec['podManagementPolicy'], sts.spec['updateStrategy'], sts.spec['replicas'], sts.status], ['OrderedReady', { type: 'RollingUpdate', rollingUpdate: { partition: 0 } }, 1, { replicas: 0, availableReplicas: 0 }]);
    const claim = (sts.spec['volumeClaimTemplates'] as Record<string, unknown>[])[0];
    assert.deepEqual([claim?.['apiVersion'], claim?.['kind'], claim?.['status']], ['v1', 'PersistentVolumeClaim', { phase: 'Pending' }]);
    const ds = await getJson<{ metadata: Meta; spec: Record<string, unknown> }>(['get', 'ds', 'agent']);
    assert.deepEqual(ds.spec['updateStrategy'], { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    assert.equal(ds.metadata.annotations?.['deprecated.daemonset.template.generation'], '1');
    assert.match(await c.kubectl(['scale', 'statefulset', 'db', '--replicas=3']), /^statefulset\.apps\/db scaled$/m);
    assert.match(await c.kubectl(['get', 'sts', '-o', 'wide']), /^NAME\s+READY\s+AGE\s+CONTAINERS\s+IMAGES\ndb\s+0\/3\s+\d+s\s+db\s+postgres:15\n$/);
    const dsWide = await c.kubectl(['get', 'ds', '-o', 'wide']);
    assert.match(dsWide, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR\n/);
    assert.match(dsWide, /^agent\s+0\s+0\s+0\s+0\s+0\s+disk=ssd\s+\d+s\s+agent\s+fluentd:1\s+app=agent$/m);
    for (const [owner, labels] of [
      [{ kind: 'StatefulSet', name: 'db', uid: sts.metadata.uid }, { app: 'db' }],
      [{ kind: 'DaemonSet', name: 'agent', uid: ds.metadata.uid }, { app: 'agent' }],
    ] as const) {
      for (const revision of [1, 2]) await c.kubectl(['create', '-f', '-'], { input: revisionFor(owner, labels, revision, `rev ${revision}`) });
    }
    assert.match(await c.kubectl(['rollout', 'history', 'statefulset/db']), /^statefulset\.apps\/db \nREVISION\s+CHANGE-CAUSE\n1\s+rev 1\n2\s+rev 2\n/);
    assert.match(await c.kubectl(['rollout', 'history', 'daemonset/agent']), /^daemonset\.apps\/agent \nREVISION\s+CHANGE-CAUSE\n1\s+rev 1\n2\s+rev 2\n/);
    assert.match(await c.kubectl(['rollout', 'history', 'statefulset/db', '--revision=2']), /^statefulset\.apps\/db with revision #2\nPod Template:\n[^]*Image:\s+db:2\n/);
    // Undo applies the revision's data as a strategic merge patch ($patch: replace on the template).
    assert.match(await c.kubectl(['rollout', 'undo', 'statefulset/db', '--to-revision=1']), /^statefulset\.apps\/db rolled back$/m);
    const undone = await getJson<{ metadata: Meta; spec: { template: { spec: { containers: { image: string }[] } } } }>(['get', 'sts', 'db']);
    assert.deepEqual([undone.spec.template.spec.containers.map((x) => x.image), undone.metadata.generation], [['db:1'], 3]);
    const revisions = await c.kubectl(['get', 'controllerrevisions']);
    assert.match(revisions, /^NAME\s+CONTROLLER\s+REVISION\s+AGE\n/);
    assert.match(revisions, /^agent-1\s+daemonset\.apps\/agent\s+1\s+\d+s$/m);
    assert.match(revisions, /^db-2\s+statefulset\.apps\/db\s+2\s+\d+s$/m);
  });

  test('a template change bumps the DaemonSet template generation; the client cannot set it', async () => {
    await c.kubectl(['set', 'image', 'daemonset/agent', 'agent=fluentd:2']);
    const ds = await getJson<{ metadata: Meta }>(['get', 'ds', 'agent']);
    assert.deepEqual([ds.metadata.generation, ds.metadata.annotations?.['deprecated.daemonset.template.generation']], [2, '2']);
    await c.kubectl(['annotate', '--overwrite', 'daemonset/agent', 'deprecated.daemonset.template.generation=7']);
    const again = await getJson<{ metadata: Meta }>(['get', 'ds', 'agent']);
    assert.deepEqual([again.metadata.generation, again.metadata.annotations?.['deprecated.daemonset.template.generation']], [2, '2']);
  });

  test('pod template warnings reach kubectl on create, and on updates that change the generation', async () => {
    const body = json({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'warned' },
      spec: { selector: { matchLabels: { app: 'warned' } }, template: { metadata: { labels: { app: 'warned' } }, spec: { nodeSelector: { 'beta.kubernetes.io/arch': 'amd64' }, containers: [{ name: 'c', image: 'i' }] } } },
    });
    const warning = /Warning: spec\.template\.spec\.nodeSelector\[beta\.kubernetes\.io\/arch\]: deprecated since v1\.14; use "kubernetes\.io\/arch" instead/;
    const created = await c.kubectlResult(['create', '-f', '-'], { input: body });
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stderr, warning);
    // A label change leaves the generation: no warning.
    assert.doesNotMatch((await c.kubectlResult(['label', 'deploy', 'warned', 'x=y'])).stderr, warning);
    assert.match((await c.kubectlResult(['scale', 'deploy', 'warned', '--replicas=2'])).stdout, /scaled/);
    assert.match((await c.kubectlResult(['set', 'image', 'deploy/warned', 'c=i:2'])).stderr, warning);
    await c.kubectl(['delete', 'deploy', 'warned']);
  });

  test('get deploy,rs,sts,ds,controllerrevisions and get all list the apps kinds', async () => {
    const out = await c.kubectl(['get', 'deploy,rs,sts,ds,controllerrevisions']);
    for (const name of ['deployment.apps/web', 'replicaset.apps/web-aaa111', 'statefulset.apps/db', 'daemonset.apps/agent', 'controllerrevision.apps/db-1']) assert.match(out, new RegExp(`^${name.replace(/\./g, '\\.')}\\s`, 'm'));
    const all = await c.kubectl(['get', 'all']);
    for (const name of ['deployment.apps/web', 'replicaset.apps/web-aaa111', 'statefulset.apps/db', 'daemonset.apps/agent']) assert.match(all, new RegExp(`^${name.replace(/\./g, '\\.')}\\s`, 'm'));
    assert.doesNotMatch(all, /controllerrevision/);
  });

  test('invalid objects are answered 422 with upstream causes', async () => {
    const cases: [string, unknown, RegExp][] = [
      [
        'deployment without selector',
        { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'bad' }, spec: { template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } },
        /The Deployment "bad" is invalid: \n\* spec\.selector: Required value\n\* spec\.template\.metadata\.labels: Invalid value: map\[string\]string\{"app":"x"\}: `selector` does not match template `labels`/,
      ],
      [
        'deployment with a bad maxUnavailable',
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'bad' },
          spec: { selector: { matchLabels: { app: 'x' } }, strategy: { rollingUpdate: { maxUnavailable: 'abc' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
        },
        /spec\.strategy\.rollingUpdate\.maxUnavailable: Invalid value: intstr\.IntOrString\{Type:1, IntVal:0, StrVal:"abc"\}: a valid percent string must be a numeric string followed by an ending '%' \(e\.g\. '1%',  or '93%', regex used for validation is '\[0-9\]\+%'\)/,
      ],
      [
        'statefulset with an empty selector',
        { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'bad' }, spec: { serviceName: 's', selector: {}, template: { spec: { containers: [{ name: 'c', image: 'i' }] } } } },
        /The StatefulSet "bad" is invalid: spec\.selector: Invalid value: v1\.LabelSelector\{MatchLabels:map\[string\]string\(nil\), MatchExpressions:\[\]v1\.LabelSelectorRequirement\(nil\)\}: empty selector is invalid for statefulset/,
      ],
      [
        'daemonset restarting Never',
        { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'bad' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'i' }] } } } },
        /The DaemonSet "bad" is invalid: spec\.template\.spec\.restartPolicy: Unsupported value: "Never": supported values: "Always"/,
      ],
      ['controller revision without data', { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'bad' }, revision: 1 }, /The ControllerRevision "bad" is invalid: data: Required value: data is mandatory/],
    ];
    for (const [name, body, message] of cases) {
      const result = await c.kubectlResult(['create', '-f', '-'], { input: json(body) });
      assert.notEqual(result.code, 0, name);
      assert.match(result.stderr, message, name);
    }
    const raw = await c.kubectlResult(['create', '--raw', '/apis/apps/v1/namespaces/default/replicasets', '-f', '-'], {
      input: json({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'bad' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } }),
    });
    assert.equal(raw.code, 0, raw.stderr);
    const changed = await c.kubectlResult(['patch', 'rs', 'bad', '--type=merge', '-p', json({ spec: { selector: { matchLabels: { a: 'b', c: 'd' } }, template: { metadata: { labels: { a: 'b', c: 'd' } } } } })]);
    assert.match(changed.stderr, /spec\.selector: Invalid value: v1\.LabelSelector\{MatchLabels:map\[string\]string\{"a":"b", "c":"d"\}, MatchExpressions:\[\]v1\.LabelSelectorRequirement\(nil\)\}: field is immutable/);
  });
});
