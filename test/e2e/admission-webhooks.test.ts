// Dynamic admission webhooks (2-access-control: "Webhook configurations", "Dynamic admission webhooks")
// through kubectl and @kubernetes/client-node, against a webhook server the test runs on 127.0.0.1 with a
// CA of its own: a mutating webhook that labels pods (JSONPatch) and warns, a validating one that denies a
// named ConfigMap with its own code and a protected one's deletion; selectors that skip them, dry runs,
// failurePolicy Fail and Ignore with a webhook that is down or hangs, and the webhook metrics. (A webhook
// named by its Service is reached through the Endpoints' address, which may not be a loopback one: dispatch.test.ts.
// Client credentials from a WebhookAdmissionConfiguration: admission-webhook-credentials.test.ts.)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import YAML from 'yaml';
import { AdmissionregistrationV1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { jsonPatch, startAdmissionWebhook, type AdmissionWebhookServer, type ReceivedReview } from './support/admission-webhook.js';
import { statusOf } from './support/clients.js';

const FORBIDDEN_MESSAGE = 'ConfigMap "forbidden" is not allowed here';

/** What the test's webhook answers, by path. */
function answer(review: ReceivedReview): Record<string, unknown> | 'hang' | undefined {
  const { request } = review;
  const name = request.name ?? request.object?.metadata?.name ?? '';
  switch (review.path) {
    case '/mutate': {
      const labels = request.object?.metadata?.labels;
      const op = labels ? { op: 'add', path: '/metadata/labels/mutated-by', value: 'webhook' } : { op: 'add', path: '/metadata/labels', value: { 'mutated-by': 'webhook' } };
      return { allowed: true, ...jsonPatch([op]), warnings: ['pod labelled by the webhook'] };
    }
    case '/validate':
      if (request.operation === 'CREATE' && name === 'forbidden') return { allowed: false, status: { code: 418, message: FORBIDDEN_MESSAGE } };
      if (request.operation === 'CREATE' && name === 'warn-me') return { allowed: true, warnings: ['this ConfigMap is watched'] };
      if (request.operation === 'DELETE' && name === 'protected') return { allowed: false, status: { message: 'protected ConfigMaps stay' } };
      return undefined;
    case '/hang':
      return 'hang';
    case '/deny-exec':
      return request.operation === 'CONNECT' ? { allowed: false, status: { message: 'no exec here' } } : undefined;
    case '/cap-scale': {
      // Scales are capped at 2 replicas.
      const replicas = (request.object as { spec?: { replicas?: number } } | null)?.spec?.replicas ?? 0;
      return replicas > 2 ? { allowed: true, ...jsonPatch([{ op: 'replace', path: '/spec/replicas', value: 2 }]) } : undefined;
    }
    default:
      return undefined;
  }
}

const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: 'application/json' });
const yamlDocs = (...docs: unknown[]): string => docs.map((d) => YAML.stringify(d)).join('---\n');

describe('dynamic admission webhooks', () => {
  let c: TestCluster;
  let raw: RawClient;
  let hook: AdmissionWebhookServer;
  let core: CoreV1Api;
  let admissionregistration: AdmissionregistrationV1Api;
  /** A port nothing listens on: a webhook that is down. */
  let downPort: number;

  const clientConfig = (path: string) => ({ url: `${hook.url}${path}`, caBundle: hook.caBundle });

  before(async () => {
    [c, hook, downPort] = await Promise.all([startCluster(), startAdmissionWebhook(answer), freePort()]);
    raw = rawClient(c.server.kubeconfig);
    const kc = new KubeConfig();
    kc.loadFromString(c.server.kubeconfig);
    core = kc.makeApiClient(CoreV1Api);
    admissionregistration = kc.makeApiClient(AdmissionregistrationV1Api);
    await c.kubectl(['create', 'namespace', 'hooked']);
    await c.kubectl(['label', 'namespace', 'hooked', 'webhooks=enabled']);
    await c.kubectl(['create', 'namespace', 'plain']);
    await c.kubectl(['apply', '-f', '-'], {
      input: yamlDocs(
        {
          apiVersion: 'admissionregistration.k8s.io/v1',
          kind: 'MutatingWebhookConfiguration',
          metadata: { name: 'label-pods' },
          webhooks: [{
            name: 'label.pods.example.com',
            clientConfig: clientConfig('/mutate'),
            rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
            namespaceSelector: { matchLabels: { webhooks: 'enabled' } },
            objectSelector: { matchExpressions: [{ key: 'skip-webhook', operator: 'DoesNotExist' }] },
            sideEffects: 'None',
            admissionReviewVersions: ['v1'],
          }],
        },
        {
          apiVersion: 'admissionregistration.k8s.io/v1',
          kind: 'ValidatingWebhookConfiguration',
          metadata: { name: 'guard-configmaps' },
          webhooks: [{
            name: 'deny.configmaps.example.com',
            clientConfig: clientConfig('/validate'),
            rules: [{ operations: ['CREATE', 'DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'], scope: 'Namespaced' }],
            namespaceSelector: { matchLabels: { webhooks: 'enabled' } },
            sideEffects: 'None',
            admissionReviewVersions: ['v1'],
          }],
        },
      ),
    });
    // The configurations take effect once the server's informers have them (a few milliseconds).
    await eventually(async () => ((await c.kubectlResult(['create', 'configmap', 'forbidden', '-n', 'hooked', '--dry-run=server'])).code !== 0 ? true : undefined), 'the validating webhook');
    await eventually(async () => ((await c.kubectl(['run', 'probe', '-n', 'hooked', '--image=x', '--dry-run=server', '-o', 'yaml'])).includes('mutated-by: webhook') ? true : undefined), 'the mutating webhook');
  });
  after(async () => {
    await c.stop();
    await hook.close();
  });

  test('the configuration kinds: kubectl get prints NAME WEBHOOKS AGE, defaults are set, validation answers as upstream', async () => {
    const table = await c.kubectl(['get', 'mutatingwebhookconfigurations']);
    assert.match(table, /^NAME\s+WEBHOOKS\s+AGE\n/);
    assert.match(table, /^label-pods\s+1\s+\d+s$/m);
    const stored = JSON.parse(await c.kubectl(['get', 'mutatingwebhookconfiguration', 'label-pods', '-o', 'json'])) as { metadata: { generation: number }; webhooks: Record<string, unknown>[] };
    const webhook = stored.webhooks[0]!;
    assert.equal(stored.metadata.generation, 1);
    assert.deepEqual([webhook['failurePolicy'], webhook['matchPolicy'], webhook['timeoutSeconds'], webhook['reinvocationPolicy']], ['Fail', 'Equivalent', 10, 'Never']);
    assert.deepEqual((webhook['rules'] as { scope: string }[])[0]!.scope, '*');
    const invalid = await c.kubectlResult(['apply', '-f', '-'], {
      input: yamlDocs({
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: 'bad' },
        webhooks: [{ name: 'short', clientConfig: { url: 'http://example.com' }, sideEffects: 'Some', admissionReviewVersions: ['v2'], timeoutSeconds: 40 }],
      }),
    });
    assert.notEqual(invalid.code, 0);
    assert.match(invalid.stderr, /The ValidatingWebhookConfiguration "bad" is invalid: /);
    for (const part of [
      'webhooks[0].name: Invalid value: "short": should be a domain with at least three segments separated by dots',
      'webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
      'webhooks[0].timeoutSeconds: Invalid value: 40: the timeout value must be between 1 and 30 seconds',
      "webhooks[0].clientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; desired format: https://host[/path]",
      'webhooks[0].admissionReviewVersions: Invalid value: []string{"v2"}: must include at least one of v1, v1beta1',
    ]) assert.ok(invalid.stderr.includes(part), `${part}\nin\n${invalid.stderr}`);
    const resources = await c.kubectl(['api-resources', '--api-group=admissionregistration.k8s.io', '--no-headers']);
    assert.match(resources, /^mutatingwebhookconfigurations\s+admissionregistration\.k8s\.io\/v1\s+false\s+MutatingWebhookConfiguration$/m);
    assert.match(resources, /^validatingwebhookconfigurations\s+admissionregistration\.k8s\.io\/v1\s+false\s+ValidatingWebhookConfiguration$/m);
  });

  test('a mutating webhook labels a pod: the mutation is stored, its warning printed, the review complete', async () => {
    const run = await c.kubectlResult(['run', 'web', '-n', 'hooked', '--image=nginx']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^Warning: pod labelled by the webhook$/m);
    const labels = JSON.parse(await c.kubectl(['get', 'pod', 'web', '-n', 'hooked', '-o', 'jsonpath={.metadata.labels}'])) as Record<string, string>;
    assert.deepEqual(labels, { 'mutated-by': 'webhook', run: 'web' });
    const review = hook.on('/mutate').find((r) => r.request.name === 'web' && !r.request.dryRun)!;
    assert.equal(review.apiVersion, 'admission.k8s.io/v1');
    assert.equal(review.kind, 'AdmissionReview');
    const { request } = review;
    assert.match(request.uid, /^[0-9a-f-]{36}$/);
    assert.deepEqual(request.kind, { group: '', version: 'v1', kind: 'Pod' });
    assert.deepEqual(request.resource, { group: '', version: 'v1', resource: 'pods' });
    assert.deepEqual(request.requestKind, request.kind);
    assert.deepEqual(request.requestResource, request.resource);
    assert.equal(request.subResource, undefined);
    assert.deepEqual([request.namespace, request.operation, request.dryRun, request.oldObject], ['hooked', 'CREATE', false, null]);
    assert.equal(request.userInfo.username, 'kubernetes-admin');
    assert.ok(request.userInfo.groups?.includes('system:masters'));
    assert.deepEqual(request.options, { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1', fieldManager: 'kubectl-run' });
    assert.equal((request.object as { kind?: string }).kind, 'Pod');
  });

  test('namespaceSelector and objectSelector skip the webhook', async () => {
    await c.kubectl(['run', 'elsewhere', '-n', 'plain', '--image=nginx']);
    await c.kubectl(['run', 'opted-out', '-n', 'hooked', '--image=nginx', '--labels=skip-webhook=yes']);
    assert.equal(await c.kubectl(['get', 'pod', 'elsewhere', '-n', 'plain', '-o', 'jsonpath={.metadata.labels.mutated-by}']), '');
    assert.equal(await c.kubectl(['get', 'pod', 'opted-out', '-n', 'hooked', '-o', 'jsonpath={.metadata.labels.mutated-by}']), '');
    assert.equal(hook.received.filter((r) => r.request.name === 'elsewhere' || r.request.name === 'opted-out').length, 0);
  });

  test('a server-side dry run calls webhooks whose sideEffects are None, and stores nothing', async () => {
    const out = await c.kubectl(['run', 'rehearsal', '-n', 'hooked', '--image=nginx', '--dry-run=server', '-o', 'yaml']);
    assert.match(out, /mutated-by: webhook/);
    const review = hook.on('/mutate').find((r) => r.request.name === 'rehearsal')!;
    assert.equal(review.request.dryRun, true);
    assert.deepEqual(review.request.options, { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1', dryRun: ['All'], fieldManager: 'kubectl-run' });
    assert.match((await c.kubectlResult(['get', 'pod', 'rehearsal', '-n', 'hooked'])).stderr, /NotFound/);
  });

  test('a validating webhook denies a ConfigMap with its own code and message, through kubectl and client-node', async () => {
    const denied = await c.kubectlResult(['create', 'configmap', 'forbidden', '-n', 'hooked']);
    assert.notEqual(denied.code, 0);
    assert.equal(denied.stderr.trim(), `error: failed to create configmap: admission webhook "deny.configmaps.example.com" denied the request: ${FORBIDDEN_MESSAGE}`);
    const res = await raw.request('POST', '/api/v1/namespaces/hooked/configmaps', json({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'forbidden' } }));
    assert.equal(res.status, 418);
    assert.deepEqual(res.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `admission webhook "deny.configmaps.example.com" denied the request: ${FORBIDDEN_MESSAGE}`, code: 418 });
    assert.equal(await statusOf(core.createNamespacedConfigMap({ namespace: 'hooked', body: { metadata: { name: 'forbidden' } } })), 418);
    // Other ConfigMaps pass; the webhook's warnings reach kubectl.
    const warned = await c.kubectlResult(['create', 'configmap', 'warn-me', '-n', 'hooked']);
    assert.equal(warned.code, 0, warned.stderr);
    assert.match(warned.stderr, /^Warning: this ConfigMap is watched$/m);
    // A namespace without the label is not guarded.
    await c.kubectl(['create', 'configmap', 'forbidden', '-n', 'plain']);
    const metrics = (await raw.request('GET', '/metrics')).body;
    assert.match(metrics, /^apiserver_admission_webhook_rejection_count\{error_type="no_error",name="deny\.configmaps\.example\.com",operation="CREATE",rejection_code="418",type="validating"\} [1-9]\d*$/m);
    assert.match(metrics, /^apiserver_admission_webhook_request_total\{code="418",name="deny\.configmaps\.example\.com",operation="CREATE",rejected="true",type="validating"\} [1-9]\d*$/m);
    assert.match(metrics, /^apiserver_admission_webhook_admission_duration_seconds_count\{name="label\.pods\.example\.com",operation="CREATE",rejected="false",type="admit"\} [1-9]\d*$/m);
  });

  test('deletes are intercepted: the webhook sees the old object and the DeleteOptions', async () => {
    await c.kubectl(['create', 'configmap', 'protected', '-n', 'hooked']);
    const denied = await c.kubectlResult(['delete', 'configmap', 'protected', '-n', 'hooked']);
    assert.notEqual(denied.code, 0);
    assert.match(denied.stderr, /admission webhook "deny\.configmaps\.example\.com" denied the request: protected ConfigMaps stay/);
    const review = hook.on('/validate').find((r) => r.request.operation === 'DELETE' && r.request.name === 'protected')!;
    assert.equal(review.request.object, null);
    assert.equal(review.request.oldObject?.metadata?.name, 'protected');
    assert.deepEqual(review.request.options, { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1', propagationPolicy: 'Background' });
    assert.match(await c.kubectl(['get', 'configmap', 'protected', '-n', 'hooked']), /protected/);
  });

  test('a collection delete is admitted per object with no name, as upstream deletecollection does', async () => {
    for (const name of ['batch-a', 'batch-b']) await c.kubectl(['create', 'configmap', name, '-n', 'hooked']);
    await c.kubectl(['label', 'configmap', 'batch-a', 'batch-b', 'batch=1', '-n', 'hooked']);
    const res = await raw.request('DELETE', '/api/v1/namespaces/hooked/configmaps?labelSelector=batch%3D1');
    assert.equal(res.status, 200);
    // upstream answers the list as it was read before the deletes (Store.DeleteCollection's listObj).
    const list = res.json() as { kind: string; items: { metadata: { name: string } }[] };
    assert.equal(list.kind, 'ConfigMapList');
    assert.deepEqual(list.items.map((i) => i.metadata.name).sort(), ['batch-a', 'batch-b']);
    const reviews = hook.on('/validate').filter((r) => r.request.operation === 'DELETE' && r.request.oldObject?.metadata?.name?.startsWith('batch-'));
    assert.deepEqual(reviews.map((r) => [r.request.name ?? '', r.request.namespace, r.request.oldObject?.metadata?.name]).sort(), [['', 'hooked', 'batch-a'], ['', 'hooked', 'batch-b']]);
  });

  test('failurePolicy: a webhook that is down fails the request under Fail, and is skipped under Ignore', async () => {
    const config = (failurePolicy: string) => ({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'down' },
      webhooks: [{
        name: 'down.secrets.example.com',
        clientConfig: { url: `https://127.0.0.1:${downPort}/validate`, caBundle: hook.caBundle },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['secrets'] }],
        failurePolicy,
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
      }],
    });
    await c.kubectl(['apply', '-f', '-'], { input: yamlDocs(config('Fail')) });
    const message = `Internal error occurred: failed calling webhook "down.secrets.example.com": failed to call webhook: Post "https://127.0.0.1:${downPort}/validate?timeout=10s": dial tcp 127.0.0.1:${downPort}: connect: connection refused`;
    const failed = await eventually(async () => {
      const r = await c.kubectlResult(['create', 'secret', 'generic', 'closed', '-n', 'plain']);
      return r.code !== 0 ? r : undefined;
    }, 'the failing webhook');
    assert.equal(failed.stderr.trim(), `error: failed to create secret ${message}`);
    const res = await raw.request('POST', '/api/v1/namespaces/plain/secrets', json({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'closed' } }));
    assert.equal(res.status, 500);
    assert.deepEqual(res.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError', details: { causes: [{ message: message.replace('Internal error occurred: ', '') }] }, code: 500 });
    const metrics = (await raw.request('GET', '/metrics')).body;
    assert.match(metrics, /^apiserver_admission_webhook_rejection_count\{error_type="calling_webhook_error",name="down\.secrets\.example\.com",operation="CREATE",rejection_code="503",type="validating"\} [1-9]\d*$/m);
    await c.kubectl(['patch', 'validatingwebhookconfiguration', 'down', '--type=json', '-p', '[{"op":"replace","path":"/webhooks/0/failurePolicy","value":"Ignore"}]']);
    await eventually(async () => ((await c.kubectlResult(['create', 'secret', 'generic', 'open', '-n', 'plain'])).code === 0 ? true : undefined), 'the ignored webhook');
    assert.equal(await statusOf(core.createNamespacedSecret({ namespace: 'plain', body: { metadata: { name: 'open-too' } } })), 200);
    await statusOf(admissionregistration.deleteValidatingWebhookConfiguration({ name: 'down' }));
  });

  test('a webhook that does not answer in timeoutSeconds fails the request', async () => {
    await c.kubectl(['apply', '-f', '-'], {
      input: yamlDocs({
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: 'slow' },
        webhooks: [{
          name: 'slow.leases.example.com',
          clientConfig: clientConfig('/hang'),
          rules: [{ operations: ['CREATE'], apiGroups: ['coordination.k8s.io'], apiVersions: ['v1'], resources: ['leases'] }],
          timeoutSeconds: 1,
          sideEffects: 'None',
          admissionReviewVersions: ['v1'],
        }],
      }),
    });
    const lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'l' } };
    const res = await eventually(async () => {
      const r = await raw.request('POST', '/apis/coordination.k8s.io/v1/namespaces/plain/leases', json(lease));
      return r.status === 500 ? r : undefined;
    }, 'the slow webhook');
    assert.equal((res.json() as { message: string }).message, `Internal error occurred: failed calling webhook "slow.leases.example.com": failed to call webhook: Post "${hook.url}/hang?timeout=1s": context deadline exceeded`);
    await c.kubectl(['delete', 'validatingwebhookconfiguration', 'slow']);
  });

  test('CONNECT: kubectl exec is admitted with its PodExecOptions, and a webhook on pods/exec can refuse it', async () => {
    await c.kubectl(['apply', '-f', '-'], {
      input: yamlDocs({
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: 'guard-exec' },
        webhooks: [{
          name: 'deny.exec.example.com', clientConfig: clientConfig('/deny-exec'),
          rules: [{ operations: ['CONNECT'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/exec'] }],
          namespaceSelector: { matchLabels: { webhooks: 'enabled' } }, sideEffects: 'None', admissionReviewVersions: ['v1'],
        }],
      }),
    });
    await c.kubectl(['run', 'target', '--image=busybox', '-n', 'hooked']);
    const refused = await eventually(async () => {
      const r = await raw.request('POST', '/api/v1/namespaces/hooked/pods/target/exec?command=ls&command=-l&stdout=true&stderr=true');
      return r.status === 403 ? r : undefined;
    }, 'the exec webhook');
    assert.equal((refused.json() as { message: string }).message, 'admission webhook "deny.exec.example.com" denied the request: no exec here');
    const { request } = hook.on('/deny-exec').at(-1)!;
    assert.deepEqual([request.operation, request.kind, request.resource, request.subResource, request.name, request.namespace],
      ['CONNECT', { group: '', version: 'v1', kind: 'PodExecOptions' }, { group: '', version: 'v1', resource: 'pods' }, 'exec', 'target', 'hooked']);
    assert.deepEqual(request.object, { kind: 'PodExecOptions', apiVersion: 'v1', stdout: true, stderr: true, command: ['ls', '-l'] });
    assert.equal(request.oldObject, null);
    assert.equal(request.options, null);
    // kubectl exec meets the refusal too; a dry run is refused before admission, and logs are no connection.
    const exec = await c.kubectlResult(['exec', 'target', '-n', 'hooked', '--', 'ls']);
    assert.match(exec.stderr, /no exec here/);
    assert.equal((await raw.request('POST', '/api/v1/namespaces/hooked/pods/target/exec?command=ls&dryRun=All')).status, 400);
    const calls = hook.on('/deny-exec').length;
    await c.kubectlResult(['logs', 'target', '-n', 'hooked']);
    assert.equal(hook.on('/deny-exec').length, calls);
    await c.kubectl(['delete', 'validatingwebhookconfiguration', 'guard-exec']);
  });

  test('kubectl scale is admitted as a Scale of deployments/scale: a webhook on the subresource mutates it, one on deployments is not called', async () => {
    await c.kubectl(['create', 'namespace', 'scaled']);
    await c.kubectl(['label', 'namespace', 'scaled', 'scale-hooks=enabled']);
    const rule = (resource: string) => ({ operations: ['UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: [resource] });
    const webhook = (name: string, path: string, resource: string) => ({
      name, clientConfig: clientConfig(path), rules: [rule(resource)], namespaceSelector: { matchLabels: { 'scale-hooks': 'enabled' } }, sideEffects: 'None', admissionReviewVersions: ['v1'],
    });
    await c.kubectl(['apply', '-f', '-'], {
      input: yamlDocs(
        { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', metadata: { name: 'cap-scale' }, webhooks: [webhook('cap.scale.example.com', '/cap-scale', 'deployments/scale')] },
        { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name: 'deployment-updates' }, webhooks: [webhook('updates.deployments.example.com', '/deployment-updates', 'deployments')] },
      ),
    });
    await c.kubectl(['create', 'deployment', 'web', '--image=nginx', '-n', 'scaled']);
    const replicas = async () => Number(await c.kubectl(['get', 'deployment', 'web', '-n', 'scaled', '-o', 'jsonpath={.spec.replicas}']));
    await eventually(async () => {
      await c.kubectl(['scale', 'deployment', 'web', '--replicas=5', '-n', 'scaled']);
      return (await replicas()) === 2 ? true : undefined;
    }, 'the scale webhook');
    const review = hook.on('/cap-scale').at(-1)!;
    const { request } = review;
    assert.deepEqual([request.kind, request.resource, request.subResource, request.requestKind, request.requestResource, request.operation],
      [{ group: 'autoscaling', version: 'v1', kind: 'Scale' }, { group: 'apps', version: 'v1', resource: 'deployments' }, 'scale',
        { group: 'autoscaling', version: 'v1', kind: 'Scale' }, { group: 'apps', version: 'v1', resource: 'deployments' }, 'UPDATE']);
    const scale = (o: unknown) => o as { apiVersion: string; kind: string; metadata: { name: string }; spec: { replicas: number } };
    assert.deepEqual([scale(request.object).apiVersion, scale(request.object).kind, scale(request.object).metadata.name, scale(request.object).spec.replicas], ['autoscaling/v1', 'Scale', 'web', 5]);
    assert.equal(scale(request.oldObject).kind, 'Scale');
    // The webhook on deployments sees the controller's updates of the Deployment, never a change of replicas.
    const replicasOf = (o: unknown) => (o as { spec?: { replicas?: number } } | null)?.spec?.replicas;
    assert.deepEqual(hook.on('/deployment-updates').filter((r) => replicasOf(r.request.object) !== replicasOf(r.request.oldObject)), []);
    await c.kubectl(['delete', 'mutatingwebhookconfiguration', 'cap-scale']);
    await c.kubectl(['delete', 'validatingwebhookconfiguration', 'deployment-updates']);
  });
});

/** A loopback port that was free a moment ago, with nothing listening on it. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
