// The two dispatchers against a real HTTPS webhook on 127.0.0.1 with a CA of its own: patches in order,
// reinvocation, failure policies, dry runs, denials, answers that are not acceptable, services reached
// through their Endpoints, the CA bundle, and a webhook of another version (matchPolicy Equivalent).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { defaultMutatingWebhook } from '../../apis/admissionregistration/v1/webhookconfiguration.js';
import type { MutatingWebhook } from '../../apis/admissionregistration/v1/schemas.generated.js';
import { horizontalPodAutoscalerV1Definition } from '../../apis/autoscaling/v1/horizontalpodautoscaler.js';
import { horizontalPodAutoscalerV2Definition } from '../../apis/autoscaling/v2/horizontalpodautoscaler.js';
import { configMapDefinition } from '../../apis/core/v1/configmap.js';
import { generateCa, generateServingCertificate } from '../../server/pki/generate.js';
import { servingNamesOf } from '../../server/pki/serving-names.js';
import { admissionChain } from '../chain.js';
import type { AdmissionAttributes } from '../types.js';
import { webhookAccessors, type WebhookAccessor } from './accessor.js';
import type { WebhookDeps } from './call.js';
import type { RejectionErrorType, WebhookMetricsRecorder } from './dispatch-metrics.js';
import { mutatingAdmissionWebhook, validatingAdmissionWebhook } from './index.js';

type Review = { apiVersion: string; request: { uid: string; kind: { version: string; kind: string }; dryRun: boolean; object: KubeObject | null } };
type Handler = (review: Review) => Record<string, unknown> | { raw: string; status: number } | { delayMs: number; response: Record<string, unknown> };

const patch = (ops: unknown[]) => ({ patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64') });
const addLabel = (key: string) => (review: Review) => ({ allowed: true, ...patch([{ op: 'add', path: `/metadata/labels/${key}`, value: String(Object.keys(review.request.object?.metadata.labels ?? {}).length) }]) });

describe('webhook dispatch', () => {
  let server: Server;
  let port: number;
  let caBundle: string;
  const handlers = new Map<string, Handler>();
  const calls: { path: string; query: string; review: Review }[] = [];
  const rejections: { name: string; type: string; errorType: RejectionErrorType; code: number }[] = [];
  const failedOpen: string[] = [];
  const metrics: WebhookMetricsRecorder = {
    observeWebhook: () => undefined,
    observeRejection: (name, type, _op, errorType, code) => void rejections.push({ name, type, errorType, code }),
    observeFailOpen: (name, type) => void failedOpen.push(`${type}/${name}`),
  };
  const cluster: Record<string, KubeObject> = {};

  before(async () => {
    const now = new Date();
    const ca = await generateCa(now, 'dispatch-test-ca');
    const serving = await generateServingCertificate(ca, servingNamesOf(['127.0.0.1', 'webhook.default.svc']), now);
    caBundle = Buffer.from(ca.cert).toString('base64');
    server = createServer(serving, (req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const [path = '', query = ''] = (req.url ?? '').split('?');
        const review = JSON.parse(text) as Review;
        calls.push({ path, query, review });
        const answer = handlers.get(path)?.(review) ?? { allowed: true };
        const send = (response: Record<string, unknown>) => res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: review.request.uid, ...response } }));
        if ('raw' in answer) res.writeHead(answer.status as number).end(answer.raw);
        else if ('delayMs' in answer) setTimeout(() => send(answer.response as Record<string, unknown>), answer.delayMs as number);
        else send(answer);
      });
    });
    port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  function webhook(name: string, fields: Record<string, unknown> = {}): MutatingWebhook {
    const hook = {
      name,
      clientConfig: { url: `https://127.0.0.1:${port}/${name}`, caBundle },
      rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }],
      sideEffects: 'None',
      admissionReviewVersions: ['v1'],
      ...fields,
    } as MutatingWebhook;
    defaultMutatingWebhook(hook);
    return hook;
  }

  function deps(mutating: MutatingWebhook[], validating: MutatingWebhook[] = []): WebhookDeps {
    const accessors = (hooks: MutatingWebhook[]): WebhookAccessor[] => webhookAccessors([{ metadata: { name: 'config' }, webhooks: hooks }]);
    return {
      source: { mutating: accessors(mutating), validating: accessors(validating) },
      metrics,
      getNamespace: async (name) => ({ metadata: { name } }),
      equivalents: (def) => (def.group === 'autoscaling' ? [horizontalPodAutoscalerV2Definition as unknown as ResourceDefinition, horizontalPodAutoscalerV1Definition as unknown as ResourceDefinition] : [def]),
      getService: async (ns, name) => cluster[`services/${ns}/${name}`],
      getEndpoints: async (ns, name) => cluster[`endpoints/${ns}/${name}`],
    };
  }

  const configMap = (): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'ns', labels: { app: 'x' } }, data: { a: '1' } });
  const attributes = (fields: Partial<AdmissionAttributes> = {}): AdmissionAttributes => ({
    operation: 'CREATE', def: configMapDefinition as unknown as ResourceDefinition, namespace: 'ns', name: 'cm', subresource: '', object: configMap(), dryRun: false, warnings: [], ...fields,
  });
  const mutate = (d: WebhookDeps, a: AdmissionAttributes) => admissionChain([mutatingAdmissionWebhook(d)]).mutate(a);
  const validate = (d: WebhookDeps, a: AdmissionAttributes) => admissionChain([validatingAdmissionWebhook(d)]).validate(a);
  const reset = () => {
    handlers.clear();
    calls.length = 0;
    rejections.length = 0;
  };

  test('mutating webhooks run in order, each on the object the one before left; the patch lands in place', async () => {
    reset();
    handlers.set('/first.example.com', addLabel('first'));
    handlers.set('/second.example.com', addLabel('second'));
    const a = attributes();
    const object = a.object!;
    const metadata = object.metadata;
    await mutate(deps([webhook('first.example.com'), webhook('second.example.com')]), a);
    assert.equal(a.object, object);
    assert.equal(object.metadata, metadata);
    assert.deepEqual(metadata.labels, { app: 'x', first: '1', second: '2' });
    assert.deepEqual(calls.map((c) => c.path), ['/first.example.com', '/second.example.com']);
  });

  test('audited requests get the mutation and patch annotations (by level) and the webhooks\' own, under their names', async () => {
    reset();
    handlers.set('/first.example.com', (review) => ({ ...addLabel('first')(review), auditAnnotations: { checked: 'yes' } }));
    handlers.set('/second.example.com', () => ({ allowed: true }));
    const recorded = (level: 'Metadata' | 'Request') => {
      const annotations: Record<string, string> = {};
      const order = ['Metadata', 'Request', 'RequestResponse'];
      const auditAnnotations = { level, add: (key: string, value: string, at = 'Metadata') => { if (order.indexOf(level) >= order.indexOf(at)) annotations[key] = value; } };
      return { annotations, auditAnnotations };
    };
    const request = recorded('Request');
    await mutate(deps([webhook('first.example.com'), webhook('second.example.com')]), attributes({ auditAnnotations: request.auditAnnotations }));
    assert.deepEqual(request.annotations, {
      'first.example.com/checked': 'yes',
      'patch.webhook.admission.k8s.io/round_0_index_0': JSON.stringify({ configuration: 'config', webhook: 'first.example.com', patch: [{ op: 'add', path: '/metadata/labels/first', value: '1' }], patchType: 'JSONPatch' }),
      'mutation.webhook.admission.k8s.io/round_0_index_0': JSON.stringify({ configuration: 'config', webhook: 'first.example.com', mutated: true }),
      'mutation.webhook.admission.k8s.io/round_0_index_1': JSON.stringify({ configuration: 'config', webhook: 'second.example.com', mutated: false }),
    });
    const metadata = recorded('Metadata');
    await mutate(deps([webhook('first.example.com')]), attributes({ auditAnnotations: metadata.auditAnnotations }));
    assert.deepEqual(Object.keys(metadata.annotations), ['first.example.com/checked', 'mutation.webhook.admission.k8s.io/round_0_index_0']);
  });

  test('reinvocation: an IfNeeded webhook is called again after a later webhook changed the object', async () => {
    reset();
    handlers.set('/early.example.com', (review) => (review.request.object?.metadata.labels?.['early'] ? { allowed: true } : addLabel('early')(review)));
    handlers.set('/late.example.com', (review) => (review.request.object?.metadata.labels?.['late'] ? { allowed: true } : addLabel('late')(review)));
    const a = attributes();
    await mutate(deps([webhook('early.example.com', { reinvocationPolicy: 'IfNeeded' }), webhook('late.example.com')]), a);
    assert.deepEqual(calls.map((c) => c.path), ['/early.example.com', '/late.example.com', '/early.example.com']);
    // Under Never, no second call.
    reset();
    handlers.set('/late.example.com', addLabel('late'));
    await mutate(deps([webhook('early.example.com'), webhook('late.example.com')]), attributes());
    assert.deepEqual(calls.map((c) => c.path), ['/early.example.com', '/late.example.com']);
  });

  test('failurePolicy: a webhook that is down is skipped under Ignore and fails the request under Fail', async () => {
    reset();
    const down = { clientConfig: { url: 'https://127.0.0.1:1/x', caBundle } };
    const annotations: Record<string, string> = {};
    const auditAnnotations = { level: 'Metadata' as const, add: (key: string, value: string) => void (annotations[key] = value) };
    await mutate(deps([webhook('ignored.example.com', { ...down, failurePolicy: 'Ignore' })]), attributes({ auditAnnotations }));
    await validate(deps([], [webhook('ok.example.com'), webhook('ignored.example.com', { ...down, failurePolicy: 'Ignore' })]), attributes({ auditAnnotations }));
    assert.deepEqual(rejections, []);
    // Failing open leaves upstream's traces: the fail-open count and an annotation naming the webhook.
    assert.deepEqual(failedOpen.splice(0), ['admit/ignored.example.com', 'validating/ignored.example.com']);
    assert.equal(annotations['failed-open.mutation.webhook.admission.k8s.io/round_0_index_0'], 'ignored.example.com');
    assert.equal(annotations['failed-open.validating.webhook.admission.k8s.io/round_0_index_1'], 'ignored.example.com');
    await assert.rejects(mutate(deps([webhook('failing.example.com', down)]), attributes()), {
      code: 500,
      message: 'Internal error occurred: failed calling webhook "failing.example.com": failed to call webhook: Post "https://127.0.0.1:1/x?timeout=10s": dial tcp 127.0.0.1:1: connect: connection refused',
    });
    assert.deepEqual(rejections, [{ name: 'failing.example.com', type: 'admit', errorType: 'calling_webhook_error', code: 400 }]);
    await assert.rejects(validate(deps([], [webhook('failing.example.com', down)]), attributes()), { code: 500 });
    assert.deepEqual(rejections.at(-1), { name: 'failing.example.com', type: 'validating', errorType: 'calling_webhook_error', code: 503 });
  });

  test('the request\'s deadline bounds the calls: ?timeout= sends what is left, a call is cut at it, and past it the request times out', async () => {
    reset();
    // 3.2 s left, less than the webhook's 10 s: sent rounded up to whole seconds, as upstream's client does.
    await validate(deps([], [webhook('left.example.com')]), attributes({ deadline: Date.now() + 3200 }));
    assert.equal(calls.at(-1)?.query, 'timeout=4s');
    const timedOut = { code: 504, reason: 'Timeout', message: 'Timeout: request did not complete within requested timeout' };
    // Out of time before the validating phase: no webhook is called.
    reset();
    await assert.rejects(validate(deps([], [webhook('late.example.com')]), attributes({ deadline: Date.now() - 1 })), timedOut);
    assert.equal(calls.length, 0);
    // A slow webhook under Ignore is cut at the deadline; the request then times out instead of calling the next one.
    reset();
    handlers.set('/slow.example.com', () => ({ delayMs: 3000, response: { allowed: true } }));
    const started = Date.now();
    await assert.rejects(mutate(deps([webhook('slow.example.com', { failurePolicy: 'Ignore' }), webhook('next.example.com')]), attributes({ deadline: Date.now() + 300 })), timedOut);
    assert.ok(Date.now() - started < 2000, 'the call ended at the request\'s deadline, not the webhook\'s timeout');
    assert.deepEqual(calls.map((c) => c.path), ['/slow.example.com']);
    failedOpen.length = 0;
  });

  test('a dry run fails on a webhook with side effects, and tells the others', async () => {
    reset();
    await assert.rejects(mutate(deps([webhook('effects.example.com', { sideEffects: 'Some' })]), attributes({ dryRun: true })), {
      code: 400,
      message: 'admission webhook "effects.example.com" does not support dry run',
    });
    assert.deepEqual(rejections, [{ name: 'effects.example.com', type: 'admit', errorType: 'apiserver_internal_error', code: 0 }]);
    assert.equal(calls.length, 0);
    await mutate(deps([webhook('careful.example.com', { sideEffects: 'NoneOnDryRun' })]), attributes({ dryRun: true }));
    assert.equal(calls[0]?.review.request.dryRun, true);
  });

  test('a denial is the webhook Status; a patch on a delete and answers that are not acceptable are errors', async () => {
    reset();
    handlers.set('/deny.example.com', () => ({ allowed: false, status: { code: 409, reason: 'Conflict', message: 'not now' } }));
    await assert.rejects(mutate(deps([webhook('deny.example.com')]), attributes()), { code: 409, message: 'admission webhook "deny.example.com" denied the request: not now' });
    assert.deepEqual(rejections, [{ name: 'deny.example.com', type: 'admit', errorType: 'no_error', code: 409 }]);
    handlers.set('/patcher.example.com', addLabel('x'));
    await assert.rejects(mutate(deps([webhook('patcher.example.com')]), attributes({ operation: 'DELETE', object: undefined, oldObject: configMap() })), {
      code: 500,
      message: 'Internal error occurred: admission webhook "patcher.example.com" attempted to modify the object, which is not supported for this operation',
    });
    handlers.set('/liar.example.com', () => ({ uid: 'someone-else', allowed: true }));
    await assert.rejects(validate(deps([], [webhook('liar.example.com')]), attributes()), {
      code: 500,
      message: /^Internal error occurred: failed calling webhook "liar\.example\.com": received invalid webhook response: expected response\.uid="[0-9a-f-]{36}", got "someone-else"$/,
    });
    handlers.set('/broken.example.com', () => ({ raw: 'boom', status: 500 }));
    await assert.rejects(validate(deps([], [webhook('broken.example.com')]), attributes()), {
      message: 'Internal error occurred: failed calling webhook "broken.example.com": failed to call webhook: an error on the server ("boom") has prevented the request from succeeding',
    });
    assert.deepEqual(rejections.at(-1), { name: 'broken.example.com', type: 'validating', errorType: 'calling_webhook_error', code: 500 });
  });

  test('validating webhooks are called at once; the first denial to arrive is the answer', async () => {
    reset();
    handlers.set('/slow.example.com', () => ({ delayMs: 200, response: { allowed: false, status: { message: 'slow' } } }));
    handlers.set('/fast.example.com', () => ({ allowed: false, status: { message: 'fast' } }));
    const started = Date.now();
    await assert.rejects(validate(deps([], [webhook('slow.example.com'), webhook('fast.example.com')]), attributes()), { code: 403, message: 'admission webhook "fast.example.com" denied the request: fast' });
    assert.ok(Date.now() - started >= 150);
    assert.equal(calls.length, 2);
  });

  test('the CA bundle: one that is not PEM, and a webhook it does not trust', async () => {
    reset();
    await assert.rejects(validate(deps([], [webhook('badca.example.com', { clientConfig: { url: `https://127.0.0.1:${port}/x`, caBundle: Buffer.from('nope').toString('base64') } })]), attributes()), {
      message: 'Internal error occurred: failed calling webhook "badca.example.com": could not get REST client: unable to load root certificates: unable to parse bytes as PEM block',
    });
    const other = await generateCa(new Date(), 'other-ca');
    await assert.rejects(validate(deps([], [webhook('untrusted.example.com', { clientConfig: { url: `https://127.0.0.1:${port}/x`, caBundle: Buffer.from(other.cert).toString('base64') } })]), attributes()), {
      message: `Internal error occurred: failed calling webhook "untrusted.example.com": failed to call webhook: Post "https://127.0.0.1:${port}/x?timeout=10s": x509: certificate signed by unknown authority`,
    });
    // As Go's AppendCertsFromPEM: a bundle loads when any of its certificates does, a broken one before it is skipped.
    const broken = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
    const mixed = Buffer.from(broken + Buffer.from(caBundle, 'base64').toString()).toString('base64');
    await validate(deps([], [webhook('mixed.example.com', { clientConfig: { url: `https://127.0.0.1:${port}/x`, caBundle: mixed } })]), attributes());
    await assert.rejects(validate(deps([], [webhook('broken.example.com', { clientConfig: { url: `https://127.0.0.1:${port}/x`, caBundle: Buffer.from(broken).toString('base64') } })]), attributes()), {
      message: /unable to load root certificates: failed to parse certificate: /,
    });
  });

  test('a service: called at an address of its Endpoints, verified as <service>.<namespace>.svc', async () => {
    reset();
    cluster['services/default/webhook'] = { metadata: { name: 'webhook' }, spec: { ports: [{ name: 'https', port: 443 }] } };
    cluster['endpoints/default/webhook'] = { metadata: { name: 'webhook' }, subsets: [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ name: 'https', port }] }] };
    const byService = (name: string, service: Record<string, unknown>) => webhook('service.example.com', { clientConfig: { service: { namespace: 'default', name, path: '/by-service', ...service }, caBundle }, admissionReviewVersions: ['v1beta1'] });
    await validate(deps([], [byService('webhook', {})]), attributes());
    assert.deepEqual(calls.map((c) => [c.path, c.review.apiVersion]), [['/by-service', 'admission.k8s.io/v1beta1']]);
    const failure = (name: string, service: Record<string, unknown> = {}) => validate(deps([], [byService(name, service)]), attributes()).then(() => '', (e: Error) => e.message);
    assert.equal(await failure('missing'), 'Internal error occurred: failed calling webhook "service.example.com": failed to call webhook: Post "https://missing.default.svc:443/by-service?timeout=10s": service "missing" not found');
    assert.equal(await failure('webhook', { port: 8443 }), 'Internal error occurred: failed calling webhook "service.example.com": failed to call webhook: Post "https://webhook.default.svc:8443/by-service?timeout=10s": no service port 8443 found for service "webhook"');
    cluster['services/default/other'] = cluster['services/default/webhook']!;
    cluster['endpoints/default/other'] = cluster['endpoints/default/webhook']!;
    assert.match(await failure('other'), /: x509: certificate is valid for webhook\.default\.svc, 127\.0\.0\.1, not other\.default\.svc$/);
    cluster['endpoints/default/webhook'] = { metadata: { name: 'webhook' }, subsets: [] };
    assert.match(await failure('webhook'), /: no endpoints available for service "webhook"$/);
  });

  test('matchPolicy Equivalent: an autoscaling/v2 request is sent as v1 to a v1 webhook, and its patch comes back as v2', async () => {
    reset();
    handlers.set('/hpa.example.com', () => ({ allowed: true, ...patch([{ op: 'replace', path: '/spec/targetCPUUtilizationPercentage', value: 50 }]) }));
    const v2 = horizontalPodAutoscalerV2Definition as unknown as ResourceDefinition;
    const hpa: KubeObject = {
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h', namespace: 'ns' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, maxReplicas: 3, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }] },
    };
    const rules = [{ operations: ['CREATE'], apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] }];
    const a = attributes({ def: v2, name: 'h', object: hpa });
    await mutate(deps([webhook('hpa.example.com', { rules })]), a);
    const sent = calls[0]!.review.request as unknown as { kind: { version: string }; requestKind: { version: string }; object: { apiVersion: string; spec: Record<string, unknown> } };
    assert.deepEqual([sent.kind.version, sent.requestKind.version, sent.object.apiVersion, sent.object.spec['targetCPUUtilizationPercentage']], ['v1', 'v2', 'autoscaling/v1', 80]);
    assert.equal(a.object?.['apiVersion'], 'autoscaling/v2');
    assert.deepEqual((a.object?.['spec'] as { metrics: unknown }).metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }]);
  });

  test('no webhook configured: the plugins do nothing and allocate nothing per request', () => {
    const empty = deps([]);
    assert.equal(mutatingAdmissionWebhook(empty).admit!(attributes()), undefined);
    assert.equal(validatingAdmissionWebhook(empty).validate!(attributes()), undefined);
  });
});
