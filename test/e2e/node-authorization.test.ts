// The Node authorization mode and the NodeRestriction admission plugin through kubectl (spec
// 2-access-control, Authorization): a kubelet's client certificate (CN `system:node:n1`, O `system:nodes`,
// signed by the cluster CA) reads the secrets of pods bound to n1 and nothing else, and writes only its own
// Node, its own pods and tokens bound to them. RBAC grants the nodes only what the default policy gives every authenticated user.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it, before } from 'node:test';
import YAML from 'yaml';
import { generateClientCertificate } from '../../src/server/pki/generate.js';
import { eventually, useCluster } from './support/cluster.js';

const c = useCluster({ authorization: { modes: ['Node', 'RBAC'] }, enableAdmissionPlugins: ['NodeRestriction'] });

const pod = (name: string, node: string, secret: string) => `
apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  nodeName: ${node}
  containers: [{name: c, image: busybox}]
  volumes: [{name: s, secret: {secretName: ${secret}}}]
`;

let n1Config: string;

/** kubectl as node n1: exit code, stdout and stderr. */
const asNode = (args: readonly string[]) => c.cluster.kubectlResult(['--kubeconfig', n1Config, ...args]);
const forbiddenLine = (what: string) => `Error from server (Forbidden): ${what}\n`;

describe('a node\'s credentials', () => {
before(async () => {
  const server = c.cluster.server;
  const ca = { cert: await readFile(join(server.certDir, 'ca.crt'), 'utf8'), key: await readFile(join(server.certDir, 'ca.key'), 'utf8') };
  const n1 = await generateClientCertificate(ca, { commonName: 'system:node:n1', organizations: ['system:nodes'] }, new Date());
  const config = YAML.parse(server.kubeconfig) as { users: { user: Record<string, string> }[] };
  config.users[0]!.user = { 'client-certificate-data': Buffer.from(n1.cert).toString('base64'), 'client-key-data': Buffer.from(n1.key).toString('base64') };
  n1Config = join(server.dataDir, 'n1.kubeconfig');
  await writeFile(n1Config, YAML.stringify(config));
  await c.cluster.kubectl(['create', 'secret', 'generic', 's1', '--from-literal=k=one']);
  await c.cluster.kubectl(['create', 'secret', 'generic', 's2', '--from-literal=k=two']);
  await c.cluster.kubectl(['create', 'secret', 'generic', 's3', '--from-literal=k=three']);
  await eventually(async () => ((await c.cluster.kubectlResult(['get', 'serviceaccount', 'default'])).code === 0 ? true : undefined), 'the default service account');
  await c.cluster.kubectl(['create', '-f', '-'], { input: [pod('p1', 'n1', 's1'), pod('p2', 'n2', 's2'), pod('p3', 'n1', 's3')].join('---') });
});

describe('the Node authorizer', () => {
  it('lets n1 read the secret of a pod bound to n1', async () => {
    const out = await eventually(async () => {
      const result = await asNode(['get', 'secret', 's1', '-o', 'jsonpath={.data.k}']);
      return result.code === 0 ? result.stdout : undefined;
    }, 'the graph to link s1 to n1');
    assert.equal(Buffer.from(out, 'base64').toString(), 'one');
  });

  it('refuses the secret of a pod bound to n2 with upstream\'s reason', async () => {
    const result = await asNode(['get', 'secret', 's2']);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, forbiddenLine('secrets "s2" is forbidden: User "system:node:n1" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node \'n1\' and this object'));
  });

  it('refuses listing secrets: the graph answers for named objects only', async () => {
    const result = await asNode(['get', 'secrets']);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, forbiddenLine('secrets is forbidden: User "system:node:n1" cannot list resource "secrets" in API group "" in the namespace "default": No Object name found'));
  });

  it('forgets the secret once the pod is gone', async () => {
    await c.cluster.kubectl(['delete', 'pod', 'p1', '--grace-period=0', '--force']);
    await eventually(async () => ((await asNode(['get', 'secret', 's1'])).code === 1 ? true : undefined), 'the graph to drop p1');
    const result = await asNode(['get', 'secret', 's1']);
    assert.match(result.stderr, /no relationship found between node 'n1' and this object/);
  });

  it('lets n1 list pods (the static node rules), not deployments', async () => {
    assert.equal((await asNode(['get', 'pods', '-o', 'name'])).code, 0);
    const result = await asNode(['get', 'deployments']);
    assert.equal(result.stderr, forbiddenLine('deployments.apps is forbidden: User "system:node:n1" cannot list resource "deployments" in API group "apps" in the namespace "default"'));
  });
});

describe('NodeRestriction', () => {
  it('lets n1 delete only pods bound to itself', async () => {
    const result = await asNode(['delete', 'pod', 'p2']);
    assert.equal(result.stderr, forbiddenLine('pods "p2" is forbidden: node "n1" can only delete pods with spec.nodeName set to itself'));
  });

  it('lets n1 register itself, without restricted labels', async () => {
    const node = (labels: string) => `{"apiVersion":"v1","kind":"Node","metadata":{"name":"n1","labels":{${labels}}}}`;
    const refused = await c.cluster.kubectlResult(['--kubeconfig', n1Config, 'create', '-f', '-'], { input: node('"node-restriction.kubernetes.io/pool":"a"') });
    assert.equal(refused.stderr, forbiddenLine('error when creating "STDIN": nodes "n1" is forbidden: node "n1" is not allowed to set the following labels: node-restriction.kubernetes.io/pool'));
    await c.cluster.kubectl(['--kubeconfig', n1Config, 'create', '-f', '-'], { input: node('"kubernetes.io/hostname":"n1"') });
    const relabel = await asNode(['label', 'node', 'n1', 'node-restriction.kubernetes.io/pool=a']);
    assert.equal(relabel.stderr, forbiddenLine('nodes "n1" is forbidden: is not allowed to modify labels: node-restriction.kubernetes.io/pool'));
    assert.equal((await asNode(['label', 'node', 'n1', 'example.com/rack=r1'])).code, 0);
  });

  it('refuses n1 changes to another node', async () => {
    await c.cluster.kubectl(['create', '-f', '-'], { input: '{"apiVersion":"v1","kind":"Node","metadata":{"name":"n2"}}' });
    const result = await asNode(['label', 'node', 'n2', 'example.com/rack=r1']);
    assert.equal(result.stderr, forbiddenLine('nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"'));
  });

  it('gives n1 tokens bound to its own pods only', async () => {
    const uid = (name: string) => c.cluster.kubectl(['get', 'pod', name, '-o', 'jsonpath={.metadata.uid}']);
    const token = (name: string, podUid: string) => asNode(['create', 'token', 'default', '--bound-object-kind', 'Pod', '--bound-object-name', name, '--bound-object-uid', podUid]);
    const mine = await token('p3', await uid('p3'));
    assert.equal(mine.code, 0, mine.stderr);
    assert.match(mine.stdout, /^ey/);
    const theirs = await token('p2', await uid('p2'));
    assert.equal(theirs.stderr, 'error: failed to create token: serviceaccounts "default" is forbidden: node requested token bound to a pod scheduled on a different node\n');
  });
});
});
