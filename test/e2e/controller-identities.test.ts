// In-process controllers act as their own identities (issue 14, item 6): kube-controller-manager's
// controllers reach the API through the loopback as `system:serviceaccount:kube-system:<account>`, so the
// default RBAC policy decides what they may do. Without the bootstrap binding of the namespace controller a
// deleted namespace keeps its content (the controller is refused); with it back, the namespace
// goes. The controller's status writes name kube-controller-manager in managedFields.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

interface Namespace {
  status?: { phase?: string; conditions?: { type: string; status: string; message?: string }[] };
  metadata: { managedFields?: { manager: string; operation: string; subresource?: string }[] };
}

describe('controllers as their own identities', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.stop());

  const namespace = async (name: string): Promise<Namespace | undefined> => {
    const result = await c.kubectlResult(['get', 'ns', name, '-o', 'json', '--show-managed-fields']);
    return result.code === 0 ? (JSON.parse(result.stdout) as Namespace) : undefined;
  };
  /** apiserver_request_total of refused reads of a namespace (the controller reads it live first, as upstream's deleter). */
  const refusedReads = async (): Promise<number> => {
    const metrics = await c.kubectl(['get', '--raw', '/metrics']);
    const line = metrics.split('\n').find((l) => l.startsWith('apiserver_request_total{') && l.includes('code="403"') && l.includes('resource="namespaces"') && l.includes('verb="GET"'));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };

  test('the controllers have their service accounts in kube-system', async () => {
    const accounts = ['namespace-controller', 'generic-garbage-collector', 'service-account-controller', 'root-ca-cert-publisher', 'clusterrole-aggregation-controller'];
    await eventually(async () => {
      const names = (await c.kubectl(['get', 'sa', '-n', 'kube-system', '-o', 'name'])).split('\n');
      return accounts.every((account) => names.includes(`serviceaccount/${account}`)) ? true : undefined;
    }, 'the controllers\' service accounts');
  });

  test('the namespace controller empties a namespace only while RBAC lets it', async () => {
    await c.kubectl(['create', 'ns', 'held']);
    await c.kubectl(['create', 'configmap', 'content', '-n', 'held', '--from-literal=a=b']);
    await c.kubectl(['delete', 'clusterrolebinding', 'system:controller:namespace-controller']);
    await c.kubectl(['delete', 'ns', 'held', '--wait=false']);
    // The controller tried and was refused: the content stays.
    await eventually(async () => ((await refusedReads()) > 0 ? true : undefined), 'the controller to be refused');
    assert.equal((await c.kubectlResult(['get', 'configmap', 'content', '-n', 'held'])).code, 0);
    assert.equal((await namespace('held'))?.status?.phase, 'Terminating');

    await c.kubectl(['create', 'clusterrolebinding', 'system:controller:namespace-controller', '--clusterrole=system:controller:namespace-controller', '--serviceaccount=kube-system:namespace-controller']);
    await eventually(async () => ((await namespace('held')) === undefined ? true : undefined), 'the namespace to go');
  });

  test('its status writes name kube-controller-manager, as upstream', async () => {
    await c.kubectl(['create', 'ns', 'finalized']);
    await c.kubectl(['create', 'configmap', 'kept', '-n', 'finalized']);
    await c.kubectl(['patch', 'configmap', 'kept', '-n', 'finalized', '--type=merge', '-p', '{"metadata":{"finalizers":["example.com/hold"]}}']);
    await c.kubectl(['delete', 'ns', 'finalized', '--wait=false']);
    const ns = await eventually(async () => {
      const found = await namespace('finalized');
      return found?.status?.conditions?.some((cond) => cond.type === 'NamespaceFinalizersRemaining' && cond.status === 'True') ? found : undefined;
    }, 'the remaining-finalizers condition');
    assert.ok(ns.metadata.managedFields?.some((f) => f.manager === 'kube-controller-manager' && f.operation === 'Update' && f.subresource === 'status'), JSON.stringify(ns.metadata.managedFields));
    await c.kubectl(['patch', 'configmap', 'kept', '-n', 'finalized', '--type=merge', '-p', '{"metadata":{"finalizers":null}}']);
    await eventually(async () => ((await namespace('finalized')) === undefined ? true : undefined), 'the namespace to go');
  });
});
