// kubectl against kplane for the API registration and flow-control configuration kinds: the Local
// APIServices of the served group-versions, the 1.25 bootstrap FlowSchemas and PriorityLevelConfigurations
// (both served versions), writes of custom objects, upstream's validation causes, and the configuration
// controller restoring what it owns.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

const FC = 'flowcontrol.apiserver.k8s.io';
/** Local APIServices the tests look for (of ~20 the controller writes). */
const localAPIServices = ['v1.', 'v1.coordination.k8s.io', 'v1.events.k8s.io', `v1beta1.${FC}`, `v1beta2.${FC}`];

const flowSchema = (name: string, spec: Record<string, unknown>, apiVersion = `${FC}/v1beta2`) =>
  JSON.stringify({ apiVersion, kind: 'FlowSchema', metadata: { name }, spec });

const customSpec = (matchingPrecedence?: number) => ({
  priorityLevelConfiguration: { name: 'workload-low' },
  ...(matchingPrecedence ? { matchingPrecedence } : {}),
  distinguisherMethod: { type: 'ByNamespace' },
  rules: [{ subjects: [{ kind: 'User', user: { name: 'alice' } }], resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], namespaces: ['*'] }] }],
});

describe('kubectl: apiservices, flowschemas, prioritylevelconfigurations', () => {
  let c: TestCluster;
  const json = async <T>(args: string[]): Promise<T> => JSON.parse(await c.kubectl([...args, '-o', 'json'])) as T;
  const exists = async (resource: string, name: string): Promise<boolean> => (await c.kubectlResult(['get', resource, name])).code === 0;

  before(async () => {
    c = await startCluster();
    // The controllers write the bootstrap objects right after start, one by one: wait for the last the tests read.
    const allWritten = async (): Promise<boolean> => {
      for (const name of localAPIServices) if (!(await exists('apiservices', name))) return false;
      return exists('flowschemas', 'global-default');
    };
    await eventually(async () => ((await allWritten()) ? true : undefined), 'the bootstrap objects');
  });
  after(() => c.stop());

  test('get apiservices lists a Local, available APIService per served group-version', async () => {
    const out = await c.kubectl(['get', 'apiservices']);
    assert.match(out, /^NAME\s+SERVICE\s+AVAILABLE\s+AGE\n/);
    for (const name of localAPIServices) {
      assert.match(out, new RegExp(`^${name.replaceAll('.', '\\.')}\\s+Local\\s+True\\s+\\d+s$`, 'm'));
    }
    const core = await json<{ metadata: { labels: Record<string, string> }; spec: Record<string, unknown> }>(['get', 'apiservice', 'v1.']);
    // APIServiceSpec.group is `omitempty`: the core group's empty name is not written, as a 1.25 cluster shows it.
    assert.deepEqual(core.spec, { version: 'v1', groupPriorityMinimum: 18000, versionPriority: 1 });
    assert.equal(core.metadata.labels['kube-aggregator.kubernetes.io/automanaged'], 'onstart');
    // Written by kube-apiserver's loopback client, whose user agent names the field manager.
    const managed = await json<{ metadata: { managedFields: { manager: string }[] } }>(['get', 'apiservice', 'v1.', '--show-managed-fields']);
    assert.deepEqual([...new Set(managed.metadata.managedFields.map((m) => m.manager))], ['kube-apiserver']);
  });

  test('get flowschemas,prioritylevelconfigurations shows the bootstrap objects with their columns', async () => {
    const out = await c.kubectl(['get', 'flowschemas,prioritylevelconfigurations']);
    assert.match(out, /^NAME\s+PRIORITYLEVEL\s+MATCHINGPRECEDENCE\s+DISTINGUISHERMETHOD\s+AGE\s+MISSINGPL$/m);
    assert.match(out, /^flowschema\.flowcontrol\.apiserver\.k8s\.io\/exempt\s+exempt\s+1\s+<none>\s+\d+s\s+False$/m);
    assert.match(out, /^flowschema\.flowcontrol\.apiserver\.k8s\.io\/kube-controller-manager\s+workload-high\s+800\s+ByNamespace\s+\d+s\s+False$/m);
    assert.match(out, /^NAME\s+TYPE\s+ASSUREDCONCURRENCYSHARES\s+QUEUES\s+HANDSIZE\s+QUEUELENGTHLIMIT\s+AGE$/m);
    assert.match(out, /^prioritylevelconfiguration\.flowcontrol\.apiserver\.k8s\.io\/exempt\s+Exempt\s+<none>\s+<none>\s+<none>\s+<none>\s+\d+s$/m);
    assert.match(out, /^prioritylevelconfiguration\.flowcontrol\.apiserver\.k8s\.io\/catch-all\s+Limited\s+5\s+<none>\s+<none>\s+<none>\s+\d+s$/m);
    assert.match(out, /^prioritylevelconfiguration\.flowcontrol\.apiserver\.k8s\.io\/workload-low\s+Limited\s+100\s+128\s+6\s+50\s+\d+s$/m);
    const names = (await c.kubectl(['get', 'flowschemas', '-o', 'name'])).trim().split('\n').map((n) => n.replace(/^.*\//, ''));
    // Upstream's configuration producer writes the objects, its consumer the Dangling condition.
    const managers = await eventually(async () => {
      const exempt = await json<{ metadata: { managedFields: { manager: string; subresource?: string }[] } }>(['get', 'flowschema', 'exempt', '--show-managed-fields']);
      return exempt.metadata.managedFields.length === 2 ? exempt.metadata.managedFields.map((m) => [m.manager, m.subresource ?? '']).sort() : undefined;
    }, 'the Dangling condition of exempt');
    assert.deepEqual(managers, [
      ['api-priority-and-fairness-config-consumer-v1', 'status'],
      ['api-priority-and-fairness-config-producer-v1', ''],
    ]);
    for (const name of ['catch-all', 'endpoint-controller', 'exempt', 'global-default', 'kube-controller-manager', 'kube-scheduler', 'kube-system-service-accounts', 'probes', 'service-accounts', 'system-leader-election', 'system-node-high', 'system-nodes', 'workload-leader-election']) {
      assert.ok(names.includes(name), name);
    }
  });

  test('v1beta1 reads the same objects in its own version, with the deprecation warning', async () => {
    const result = await c.kubectlResult(['get', `flowschemas.v1beta1.${FC}`]);
    assert.match(result.stdout, /^probes\s+exempt\s+2\s+<none>\s+\d+s\s+False$/m);
    assert.match(result.stderr, /Warning: flowcontrol\.apiserver\.k8s\.io\/v1beta1 FlowSchema is deprecated in v1\.23\+, unavailable in v1\.26\+; use flowcontrol\.apiserver\.k8s\.io\/v1beta2 FlowSchema/);
    const levels = await c.kubectlResult(['get', `prioritylevelconfigurations.v1beta1.${FC}`, 'exempt']);
    assert.match(levels.stderr, /Warning: flowcontrol\.apiserver\.k8s\.io\/v1beta1 PriorityLevelConfiguration is deprecated in v1\.23\+, unavailable in v1\.26\+; use flowcontrol\.apiserver\.k8s\.io\/v1beta2 PriorityLevelConfiguration/);
    const probes = await json<{ apiVersion: string; spec: unknown }>(['get', `flowschemas.v1beta1.${FC}`, 'probes']);
    const v2 = await json<{ apiVersion: string; spec: unknown }>(['get', `flowschemas.v1beta2.${FC}`, 'probes']);
    assert.equal(probes.apiVersion, `${FC}/v1beta1`);
    assert.equal(v2.apiVersion, `${FC}/v1beta2`);
    assert.deepEqual(probes.spec, v2.spec);
  });

  test('a custom FlowSchema is defaulted, updated, and readable through both versions', async () => {
    await c.kubectl(['create', '-f', '-'], { input: flowSchema('custom', customSpec()) });
    assert.match(await c.kubectl(['get', 'flowschema', 'custom']), /^custom\s+workload-low\s+1000\s+ByNamespace\s+\d+s\s+False$/m);
    await c.kubectl(['apply', '-f', '-'], { input: flowSchema('custom', customSpec(700)) });
    const updated = await json<{ metadata: { generation: number }; spec: { matchingPrecedence: number } }>(['get', 'flowschema', 'custom']);
    assert.equal(updated.spec.matchingPrecedence, 700);
    assert.equal(updated.metadata.generation, 2);
    await c.kubectl(['apply', '-f', '-'], { input: flowSchema('via-v1beta1', customSpec(650), `${FC}/v1beta1`) });
    assert.match(await c.kubectl(['get', 'flowschema', 'via-v1beta1']), /^via-v1beta1\s+workload-low\s+650\s+/m);
    await c.kubectl(['delete', 'flowschema', 'custom', 'via-v1beta1']);
  });

  test('invalid objects answer 422 with upstream causes', async () => {
    const bad = await c.kubectlResult(['create', '-f', '-'], {
      input: flowSchema('bad', { ...customSpec(1), distinguisherMethod: { type: 'ByFoo' } }),
    });
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /The FlowSchema "bad" is invalid: /);
    assert.match(bad.stderr, /spec\.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1/);
    assert.match(bad.stderr, /spec\.distinguisherMethod\.type: Unsupported value: flowcontrol\.FlowDistinguisherMethod\{Type:"ByFoo"\}: supported values: "ByNamespace", "ByUser"/);
    const pl = await c.kubectlResult(['create', '-f', '-'], {
      input: JSON.stringify({ apiVersion: `${FC}/v1beta2`, kind: 'PriorityLevelConfiguration', metadata: { name: 'wide' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: { queues: 128, handSize: 9 } } } } }),
    });
    assert.match(pl.stderr, /spec\.limited\.limitResponse\.queuing\.handSize: Invalid value: 9: required entropy bits of deckSize 128 and handSize 9 should not be greater than 60/);
    const apiService = await c.kubectlResult(['create', '-f', '-'], {
      input: JSON.stringify({ apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.example.com' }, spec: { group: 'example.com', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 10, service: { namespace: 'default', name: 'api' }, caBundle: 'Zm9v', insecureSkipTLSVerify: true } }),
    });
    assert.match(apiService.stderr, /The APIService "v1\.example\.com" is invalid: /);
    assert.match(apiService.stderr, /metadata\.name: Invalid value: "v1\.example\.com": must be `spec\.version\+"\."\+spec\.group`: "v1beta1\.example\.com"/);
    assert.match(apiService.stderr, /spec\.insecureSkipTLSVerify: Invalid value: true: may not be true if caBundle is present/);
    const mandatory = await c.kubectlResult(['patch', 'prioritylevelconfiguration', 'catch-all', '--type=merge', '-p', '{"spec":{"limited":{"assuredConcurrencyShares":50}}}']);
    assert.match(mandatory.stderr, /spec: Invalid value: .*: spec of 'catch-all' must equal the fixed value/);
  });

  test('a remote APIService defaults its port, shows namespace/name and is not available without its service', async () => {
    const spec = { group: 'metrics.k8s.io', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 100, service: { namespace: 'kube-system', name: 'metrics-server' }, insecureSkipTLSVerify: true };
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1beta1.metrics.k8s.io' }, spec }) });
    const created = await json<{ spec: { service: { port: number } } }>(['get', 'apiservice', 'v1beta1.metrics.k8s.io']);
    assert.equal(created.spec.service.port, 443);
    // No such service: the availability check says so, as kube-aggregator's does.
    await eventually(async () => (/^v1beta1\.metrics\.k8s\.io\s+kube-system\/metrics-server\s+False \(ServiceNotFound\)\s+\d+s$/m.test(await c.kubectl(['get', 'apiservices'])) ? true : undefined), 'the ServiceNotFound condition');
    await c.kubectl(['delete', 'apiservice', 'v1beta1.metrics.k8s.io']);
  });

  test('deleted mandatory and suggested objects come back', async () => {
    await c.kubectl(['delete', 'flowschema', 'exempt']);
    await c.kubectl(['delete', 'prioritylevelconfiguration', 'catch-all']);
    await c.kubectl(['delete', 'flowschema', 'service-accounts']);
    await eventually(async () => ((await exists('flowschema', 'exempt')) && (await exists('prioritylevelconfiguration', 'catch-all')) && (await exists('flowschema', 'service-accounts')) ? true : undefined), 'the deleted bootstrap objects to be recreated');
  });

  test('a suggested object is restored while autoupdate is true, kept when it is false', async () => {
    await c.kubectl(['patch', 'flowschema', 'global-default', '--type=merge', '-p', '{"spec":{"matchingPrecedence":9800}}']);
    await eventually(async () => ((await json<{ spec: { matchingPrecedence: number } }>(['get', 'flowschema', 'global-default'])).spec.matchingPrecedence === 9900 ? true : undefined), 'global-default restored');
    await c.kubectl(['annotate', '--overwrite', 'prioritylevelconfiguration', 'workload-low', 'apf.kubernetes.io/autoupdate-spec=false']);
    await c.kubectl(['patch', 'prioritylevelconfiguration', 'workload-low', '--type=merge', '-p', '{"spec":{"limited":{"assuredConcurrencyShares":7}}}']);
    // Another change the controller reacts to, then check the opted-out object kept its spec.
    await c.kubectl(['patch', 'flowschema', 'global-default', '--type=merge', '-p', '{"spec":{"matchingPrecedence":9700}}']);
    await eventually(async () => ((await json<{ spec: { matchingPrecedence: number } }>(['get', 'flowschema', 'global-default'])).spec.matchingPrecedence === 9900 ? true : undefined), 'global-default restored again');
    const kept = await json<{ spec: { limited: { assuredConcurrencyShares: number } } }>(['get', 'prioritylevelconfiguration', 'workload-low']);
    assert.equal(kept.spec.limited.assuredConcurrencyShares, 7);
  });
});
