// The server's own writes name the writer a 1.25 cluster shows (issue 14): what kube-apiserver writes at start
// (system namespaces, system PriorityClasses, the bootstrap RBAC policy, extension-apiserver-authentication)
// and keeps (the `kubernetes` Service, Endpoints and EndpointSlice) goes through its loopback client upstream,
// whose user agent makes the field manager `kube-apiserver` (operation Update); `cluster-info` is kubeadm's.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import YAML from 'yaml';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

interface ManagedFieldsEntry {
  manager: string;
  operation: string;
  apiVersion: string;
  fieldsType: string;
  fieldsV1: unknown;
  time?: string;
  subresource?: string;
}

describe('managedFields of the server\'s own writes', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster({ controllers: ['*', 'bootstrapsigner'] });
  });
  after(() => c.stop());

  const managedFields = async (args: string[]): Promise<ManagedFieldsEntry[]> => {
    const object = YAML.parse(await c.kubectl(['get', ...args, '-o', 'yaml', '--show-managed-fields'])) as { metadata: { managedFields?: ManagedFieldsEntry[] } };
    return object.metadata.managedFields ?? [];
  };
  const managers = (entries: ManagedFieldsEntry[]): string[] => entries.map((e) => `${e.manager}/${e.operation}${e.subresource ? `/${e.subresource}` : ''}`);

  test('kube-system is kube-apiserver\'s, owning the name label, as on a 1.25 cluster', async () => {
    const entries = await managedFields(['ns', 'kube-system']);
    assert.equal(entries.length, 1, JSON.stringify(entries));
    const { time, ...entry } = entries[0]!;
    assert.ok(time);
    assert.deepEqual(entry, {
      apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:kubernetes.io/metadata.name': {} } } }, manager: 'kube-apiserver', operation: 'Update',
    });
    for (const ns of ['default', 'kube-public', 'kube-node-lease']) assert.deepEqual(managers(await managedFields(['ns', ns])), ['kube-apiserver/Update'], ns);
  });

  test('the start-up objects name kube-apiserver', async () => {
    const objects = [
      ['priorityclass', 'system-node-critical'], ['priorityclass', 'system-cluster-critical'],
      ['clusterrole', 'cluster-admin'], ['clusterrolebinding', 'system:basic-user'], ['role', 'extension-apiserver-authentication-reader', '-n', 'kube-system'],
      ['configmap', 'extension-apiserver-authentication', '-n', 'kube-system'],
      ['service', 'kubernetes'], ['endpoints', 'kubernetes'], ['endpointslice', 'kubernetes'],
    ];
    // The kubernetes Service, Endpoints and EndpointSlice are made in the background after the start, the slice last.
    await eventually(async () => ((await c.kubectlResult(['get', 'endpointslice', 'kubernetes'])).code === 0 ? true : undefined), 'the kubernetes EndpointSlice');
    for (const args of objects) assert.deepEqual(managers(await managedFields(args)), ['kube-apiserver/Update'], args.join(' '));
  });

  test('cluster-info is kubeadm\'s, as kubeadm writes it upstream', async () => {
    assert.deepEqual(managers(await managedFields(['configmap', 'cluster-info', '-n', 'kube-public'])), ['kubeadm/Update']);
  });
});
