// RBAC authorization through kubectl (spec 2-access-control, Authorization): a user bound to a Role may do
// what it grants in its namespace only, and 403 elsewhere with upstream's message; writing roles and
// bindings is limited to what the writer holds, unless they have `escalate` / `bind`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import YAML from 'yaml';
import { KUBECTL, startCluster, type TestCluster } from './support/cluster.js';
import { writeUserKubeconfig } from './support/user-kubeconfig.js';

describe('RBAC authorization', () => {
  let cluster: TestCluster;
  let dir: string;
  let jane: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kplane-rbac-'));
    const tokens = join(dir, 'tokens.csv');
    await writeFile(tokens, 'jane-token,jane,u-jane,"devs"\n');
    cluster = await startCluster({ tokenAuthFile: tokens, enableAdmissionPlugins: ['OwnerReferencesPermissionEnforcement'] });
    jane = await writeUserKubeconfig(dir, 'jane', cluster.server.kubeconfig, { token: 'jane-token' });
    await cluster.kubectl(['create', 'namespace', 'dev']);
    await cluster.kubectl(['create', 'role', 'pod-reader', '-n', 'dev', '--verb=get,list,watch', '--resource=pods']);
    await cluster.kubectl(['create', 'rolebinding', 'jane-reads', '-n', 'dev', '--role=pod-reader', '--user=jane']);
    await cluster.kubectl(['create', 'clusterrole', 'secret-reader', '--verb=get,list', '--resource=secrets']);
  });
  after(async () => {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const asJane = (args: readonly string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(KUBECTL, ['--kubeconfig', jane, '--cache-dir', join(dir, 'cache'), ...args], { timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
      child.stdin?.end();
    });

  test('a Role allows in its namespace; elsewhere 403 with upstream message', async () => {
    const allowed = await eventuallyAllowed(() => asJane(['get', 'pods', '-n', 'dev']));
    assert.equal(allowed.code, 0, allowed.stderr);
    const denied = await asJane(['get', 'pods', '-n', 'default']);
    assert.notEqual(denied.code, 0);
    assert.match(denied.stderr, /pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"/);
    const write = await asJane(['create', 'configmap', 'x', '-n', 'dev']);
    assert.match(write.stderr, /configmaps is forbidden: User "jane" cannot create resource "configmaps" in API group "" in the namespace "dev"/);
  });

  test('a user cannot grant more than they hold; escalate and bind lift that', async () => {
    await cluster.kubectl(['create', 'role', 'role-writer', '-n', 'dev', '--verb=create,update,get', '--resource=roles.rbac.authorization.k8s.io,rolebindings.rbac.authorization.k8s.io']);
    await cluster.kubectl(['create', 'rolebinding', 'jane-writes-roles', '-n', 'dev', '--role=role-writer', '--user=jane']);
    await eventuallyAllowed(() => asJane(['get', 'roles', '-n', 'dev']));
    // Within what she holds: allowed.
    const same = await asJane(['create', 'role', 'readers-too', '-n', 'dev', '--verb=get', '--resource=pods']);
    assert.equal(same.code, 0, same.stderr);
    // More than she holds: 403 naming the missing rules.
    const more = await asJane(['create', 'role', 'deleter', '-n', 'dev', '--verb=get,delete', '--resource=pods,secrets']);
    assert.notEqual(more.code, 0);
    assert.match(more.stderr, /roles.rbac.authorization.k8s.io "deleter" is forbidden: user "jane" \(groups=\["devs" "system:authenticated"\]\) is attempting to grant RBAC permissions not currently held:/);
    assert.match(more.stderr, /\{APIGroups:\[""\], Resources:\["pods"\], Verbs:\["delete"\]\}/);
    assert.match(more.stderr, /\{APIGroups:\[""\], Resources:\["secrets"\], Verbs:\["get" "delete"\]\}/);
    // Binding a role she does not hold: 403; with `bind` on it: allowed.
    const bind = await asJane(['create', 'rolebinding', 'secrets', '-n', 'dev', '--clusterrole=secret-reader', '--user=bob']);
    assert.match(bind.stderr, /rolebindings.rbac.authorization.k8s.io "secrets" is forbidden: user "jane"/);
    await cluster.kubectl(['create', 'role', 'binder', '-n', 'dev', '--verb=bind', '--resource=clusterroles.rbac.authorization.k8s.io', '--resource-name=secret-reader']);
    await cluster.kubectl(['create', 'rolebinding', 'jane-binds', '-n', 'dev', '--role=binder', '--user=jane']);
    const bound = await eventuallyAllowed(() => asJane(['create', 'rolebinding', 'secrets', '-n', 'dev', '--clusterrole=secret-reader', '--user=bob']));
    assert.equal(bound.code, 0, bound.stderr);
    // With `escalate` on roles, the role of more rules is allowed too.
    await cluster.kubectl(['create', 'role', 'escalator', '-n', 'dev', '--verb=escalate', '--resource=roles.rbac.authorization.k8s.io']);
    await cluster.kubectl(['create', 'rolebinding', 'jane-escalates', '-n', 'dev', '--role=escalator', '--user=jane']);
    const escalated = await eventuallyAllowed(() => asJane(['create', 'role', 'deleter', '-n', 'dev', '--verb=get,delete', '--resource=pods,secrets']));
    assert.equal(escalated.code, 0, escalated.stderr);
  });

  test('OwnerReferencesPermissionEnforcement: owner references need delete, blocking ones the owner finalizers', async () => {
    await cluster.kubectl(['create', 'role', 'cm-writer', '-n', 'dev', '--verb=create,get', '--resource=configmaps']);
    await cluster.kubectl(['create', 'rolebinding', 'jane-cm', '-n', 'dev', '--role=cm-writer', '--user=jane']);
    await cluster.kubectl(['create', 'configmap', 'owner', '-n', 'dev']);
    const uid = await cluster.kubectl(['get', 'configmap', 'owner', '-n', 'dev', '-o', 'jsonpath={.metadata.uid}']);
    const owned = (name: string, block: boolean) => JSON.stringify({
      apiVersion: 'v1', kind: 'ConfigMap',
      metadata: { name, namespace: 'dev', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid, blockOwnerDeletion: block }] },
    });
    const create = (name: string, block: boolean) => {
      const path = join(dir, `${name}.json`);
      return writeFile(path, owned(name, block)).then(() => asJane(['create', '-f', path]));
    };
    const plain = await eventuallyAllowed(() => asJane(['create', 'configmap', 'plain', '-n', 'dev']));
    assert.equal(plain.code, 0, plain.stderr);
    const refused = await create('child', false);
    assert.match(refused.stderr, /configmaps "child" is forbidden: cannot set an ownerRef on a resource you can't delete: , <nil>/);
    await cluster.kubectl(['create', 'role', 'cm-deleter', '-n', 'dev', '--verb=delete', '--resource=configmaps']);
    await cluster.kubectl(['create', 'rolebinding', 'jane-cm-delete', '-n', 'dev', '--role=cm-deleter', '--user=jane']);
    const allowed = await eventuallyAllowed(() => create('child', false));
    assert.equal(allowed.code, 0, allowed.stderr);
    const blocking = await create('blocker', true);
    assert.match(blocking.stderr, /configmaps "blocker" is forbidden: cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on/);
  });

  test('client-node with a service account token bound only to view can list but not create', async () => {
    await cluster.kubectl(['create', 'serviceaccount', 'viewer', '-n', 'dev']);
    await cluster.kubectl(['create', 'rolebinding', 'viewer', '-n', 'dev', '--clusterrole=view', '--serviceaccount=dev:viewer']);
    const token = (await cluster.kubectl(['create', 'token', 'viewer', '-n', 'dev'])).trim();
    const admin = YAML.parse(cluster.server.kubeconfig) as { clusters: { cluster: { server: string; 'certificate-authority-data': string } }[] };
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'kplane', server: admin.clusters[0]!.cluster.server, caData: admin.clusters[0]!.cluster['certificate-authority-data'] }],
      users: [{ name: 'viewer', token }],
      contexts: [{ name: 'viewer', cluster: 'kplane', user: 'viewer' }],
      currentContext: 'viewer',
    });
    const core = kc.makeApiClient(CoreV1Api);
    const listed = await eventuallyResolves(() => core.listNamespacedConfigMap({ namespace: 'dev' }));
    assert.ok(listed.items.some((cm) => cm.metadata?.name === 'owner'));
    await assert.rejects(core.createNamespacedConfigMap({ namespace: 'dev', body: { metadata: { name: 'from-viewer' } } }), (error: unknown) => {
      const e = error as { code?: number; body?: string };
      assert.equal(e.code, 403);
      assert.match(String(e.body), /User \\"system:serviceaccount:dev:viewer\\" cannot create resource \\"configmaps\\" in API group \\"\\" in the namespace \\"dev\\"/);
      return true;
    });
  });
});

/** Retries a call refused with 403 while a new binding reaches the authorizer. */
async function eventuallyResolves<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if ((error as { code?: number }).code !== 403 || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Bindings reach the authorizer through its informers: retry a request until it is no longer forbidden. */
async function eventuallyAllowed(run: () => Promise<{ code: number; stdout: string; stderr: string }>): Promise<{ code: number; stdout: string; stderr: string }> {
  for (let attempt = 0; ; attempt++) {
    const result = await run();
    if (result.code === 0 || !/forbidden/.test(result.stderr) || attempt >= 40) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
