// ImagePolicyWebhook against a real HTTPS backend on 127.0.0.1 (upstream admission_test.go's cases: TLS, the
// container combinations, annotation filtering, the cache, defaultAllow), with a clock of the test's own.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { generateCa } from '../../server/pki/generate.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { imagePolicyWebhook } from './image-policy-webhook.js';
import { loadImagePolicyWebhookConfiguration } from './image-policy-webhook-config.js';
import { outcomeOf } from './test-admission.js';
import { startImagePolicyBackend, type ImagePolicyAnswer, type ImagePolicyBackend } from './test-image-policy-backend.js';

const pods = { group: '', version: 'v1', kind: 'Pod', resource: 'pods' } as ResourceDefinition;
const allow: ImagePolicyAnswer = { status: { allowed: true } };
/** Denies any image named `bad` (upstream's mockService), else allows. */
const denyBad = (review: { spec: { containers?: { image?: string }[] } }): ImagePolicyAnswer =>
  review.spec.containers?.some((c) => c.image === 'bad') ? { status: { allowed: false, reason: 'image bad is not signed' } } : allow;

let dir: string;
let backend: ImagePolicyBackend | undefined;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-image-policy-'));
  backend = await startImagePolicyBackend(dir, () => allow);
});
after(async () => {
  await backend?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  backend!.received.length = 0;
  backend!.answer = () => allow;
});

interface PluginOptions {
  allowTTL?: number;
  denyTTL?: number;
  defaultAllow?: boolean;
  retryBackoff?: number;
  kubeconfig?: string;
}
/** The plugin over the backend (retries 1 ms apart), with `now` as its cache's clock. */
async function plugin(options: PluginOptions = {}, now?: () => number): Promise<AdmissionPlugin> {
  const imagePolicy = { kubeConfigFile: options.kubeconfig ?? backend!.kubeconfigPath, retryBackoff: 1, ...options, kubeconfig: undefined };
  return imagePolicyWebhook(await loadImagePolicyWebhookConfiguration({ data: JSON.stringify({ imagePolicy }), origin: 'test' }), now);
}

const pod = (spec: Record<string, unknown>, annotations?: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', ...(annotations ? { annotations } : {}) }, spec });
const withImages = (...images: string[]) => pod({ containers: images.map((image, i) => ({ name: `c${i}`, image })) });

/** An audited request's annotations. */
function auditLog(): { values: Record<string, string>; annotator: NonNullable<AdmissionAttributes['auditAnnotations']> } {
  const values: Record<string, string> = {};
  return { values, annotator: { level: 'Metadata', add: (key, value) => void (values[key] = value) } };
}
const attrs = (object: KubeObject, extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes =>
  ({ operation: 'CREATE', def: pods, namespace: 'ns', name: 'p', subresource: '', object, dryRun: false, ...extra });

describe('ImagePolicyWebhook', () => {
  it('posts an ImageReview of the images, image-policy annotations and namespace over mutual TLS; admits what is allowed', async () => {
    const annotations = { 'b.image-policy.k8s.io/ticket': '42', 'a.image-policy.k8s.io/break-glass': 'true', 'owner': 'me' };
    const object = pod({ initContainers: [{ name: 'i', image: 'init' }], containers: [{ name: 'c', image: 'app' }, { name: 's', image: 'side' }] }, annotations);
    assert.equal(await outcomeOf(await plugin(), attrs(object)), undefined);
    assert.equal(backend!.received.length, 1);
    const [review] = backend!.received;
    // Go's encoding: kind and apiVersion first, the map's keys sorted, containers before init containers.
    assert.equal(JSON.stringify(review!.body), JSON.stringify({
      kind: 'ImageReview', apiVersion: 'imagepolicy.k8s.io/v1alpha1', metadata: { creationTimestamp: null },
      spec: {
        containers: [{ image: 'app' }, { image: 'side' }, { image: 'init' }],
        annotations: { 'a.image-policy.k8s.io/break-glass': 'true', 'b.image-policy.k8s.io/ticket': '42' },
        namespace: 'ns',
      },
      status: { allowed: false },
    }));
    assert.equal(review!.clientCommonName, 'kube-apiserver-image-policy');
  });

  it('sends only annotations matching *.image-policy.k8s.io/* (upstream TestAnnotationFiltering)', async () => {
    const cases: [string, Record<string, string>, Record<string, string> | undefined][] = [
      ['none match', { test: 'test', another: 'annotation', 'image-policy.k8s.io/no-prefix': 'x' }, undefined],
      ['two match', { 'my.image-policy.k8s.io/test': 'test', 'other.image-policy.k8s.io/test2': 'annotation', test: 'test' },
        { 'my.image-policy.k8s.io/test': 'test', 'other.image-policy.k8s.io/test2': 'annotation' }],
      ['the match is case-sensitive', { 'my.Image-Policy.k8s.io/test': 'x', 'alpha.image-policy.k8s.io/failed-open': 'true' }, { 'alpha.image-policy.k8s.io/failed-open': 'true' }],
    ];
    const webhook = await plugin();
    for (const [name, annotations, expected] of cases) {
      backend!.received.length = 0;
      await outcomeOf(webhook, attrs(pod({ containers: [{ name: 'c', image: name } ] }, annotations)));
      assert.deepEqual(backend!.received[0]?.spec.annotations, expected, name);
    }
  });

  it('reviews creates and updates of pods, and the ephemeral containers alone through ephemeralcontainers', async () => {
    // allowTTL -1: nothing cached, each request reviewed.
    const webhook = await plugin({ allowTTL: -1 });
    const object = pod({ containers: [{ name: 'c', image: 'app' }], ephemeralContainers: [{ name: 'e', image: 'debugger' }, { name: 'f' }] });
    const cases: [string, Partial<AdmissionAttributes>, { image?: string }[] | 'skipped'][] = [
      ['a create', {}, [{ image: 'app' }]],
      ['an update', { operation: 'UPDATE', oldObject: object }, [{ image: 'app' }]],
      ['ephemeralcontainers', { operation: 'UPDATE', subresource: 'ephemeralcontainers', oldObject: object }, [{ image: 'debugger' }, {}]],
      ['the status', { operation: 'UPDATE', subresource: 'status', oldObject: object }, 'skipped'],
      ['a binding', { subresource: 'binding' }, 'skipped'],
      ['a delete', { operation: 'DELETE', object: undefined, oldObject: object }, 'skipped'],
      ['another resource', { def: { ...pods, resource: 'podtemplates', kind: 'PodTemplate' } }, 'skipped'],
      ['pods of another group', { def: { ...pods, group: 'example.com' } }, 'skipped'],
    ];
    for (const [name, extra, expected] of cases) {
      backend!.received.length = 0;
      const outcome = await outcomeOf(webhook, attrs(structuredClone(object), extra));
      assert.deepEqual(outcome === 'skipped' ? outcome : backend!.received[0]?.spec.containers, expected, name);
    }
  });

  it('refuses what the backend denies with 403 and its reason (upstream TestContainerCombinations)', async () => {
    backend!.answer = denyBad;
    const webhook = await plugin();
    const denied = '403: pods "p" is forbidden: image policy webhook backend denied one or more images: image bad is not signed';
    const cases: [string, KubeObject, string | undefined][] = [
      ['one good container', withImages('good'), undefined],
      ['one bad container', withImages('bad'), denied],
      ['a good and a bad one', withImages('good', 'bad'), denied],
      ['a good container, a bad init container', pod({ containers: [{ name: 'c', image: 'good' }], initContainers: [{ name: 'i', image: 'bad' }] }), denied],
    ];
    for (const [name, object, expected] of cases) assert.equal(await outcomeOf(webhook, attrs(object)), expected, name);
    backend!.answer = () => ({ status: { allowed: false } });
    assert.equal(await outcomeOf(webhook, attrs(withImages('other'), { name: '' })), '403: pods "p" is forbidden: one or more images rejected by webhook backend');
  });

  it('caches answers by the review for allowTTL and denyTTL; a different review is sent', async () => {
    let clock = 1_000_000;
    backend!.answer = denyBad;
    const webhook = await plugin({ allowTTL: 10, denyTTL: 2 }, () => clock);
    const sent = async (object: KubeObject, extra: Partial<AdmissionAttributes> = {}): Promise<number> => {
      const before = backend!.received.length;
      await outcomeOf(webhook, attrs(object, extra));
      return backend!.received.length - before;
    };
    assert.equal(await sent(withImages('good')), 1);
    backend!.answer = () => ({ status: { allowed: false, reason: 'changed its mind' } });
    clock += 9_999;
    assert.equal(await outcomeOf(webhook, attrs(withImages('good'))), undefined, 'still allowed from the cache');
    assert.equal(await sent(withImages('good'), { namespace: 'other' }), 1, 'another namespace is another review');
    clock += 1;
    assert.equal(await sent(withImages('good')), 1, 'sent again once allowTTL passed');
    assert.equal(await sent(withImages('bad')), 1);
    clock += 1_999;
    assert.equal(await sent(withImages('bad')), 0);
    clock += 1;
    assert.equal(await sent(withImages('bad')), 1, 'sent again once denyTTL passed');
  });

  it('adds the backend\'s audit annotations under its prefix, from the cache too, refused or not', async () => {
    backend!.answer = (review) => ({ status: { allowed: review.spec.containers?.[0]?.image === 'good', auditAnnotations: { policy: 'p7', 'scan-id': 'abc' } } });
    const webhook = await plugin();
    for (const image of ['good', 'good', 'bad']) {
      const audit = auditLog();
      await outcomeOf(webhook, attrs(withImages(image), { auditAnnotations: audit.annotator }));
      assert.deepEqual(audit.values, { 'imagepolicywebhook.image-policy.k8s.io/policy': 'p7', 'imagepolicywebhook.image-policy.k8s.io/scan-id': 'abc' }, image);
    }
    assert.equal(backend!.received.length, 2);
  });

  it('refuses when the backend fails and defaultAllow is false, after retrying 500s; failures are not cached', async () => {
    backend!.answer = () => ({ httpStatus: 500 });
    const webhook = await plugin({ defaultAllow: false });
    const object = withImages('good');
    assert.equal(await outcomeOf(webhook, attrs(object)), '403: pods "p" is forbidden: the server responded with the status code 500 but did not return an ImageReview');
    assert.equal(backend!.received.length, 5, 'upstream\'s five steps');
    assert.equal(object.metadata.annotations, undefined);
    backend!.answer = () => ({ httpStatus: 403 });
    backend!.received.length = 0;
    assert.match(await outcomeOf(webhook, attrs(object)) ?? '', /status code 403/);
    assert.equal(backend!.received.length, 1, 'a 403 is not retried');
    backend!.answer = () => allow;
    assert.equal(await outcomeOf(webhook, attrs(object)), undefined);
  });

  it('gives up at the request\'s deadline, as upstream\'s client posting with the request\'s context: a failure defaultAllow decides', async () => {
    backend!.answer = () => ({ httpStatus: 500 }); // retried five times, backing off, otherwise
    const webhook = await plugin({ defaultAllow: false, retryBackoff: 200 });
    const started = Date.now();
    assert.equal(await outcomeOf(webhook, attrs(withImages('good'), { deadline: Date.now() + 100 })), '403: pods "p" is forbidden: context deadline exceeded');
    assert.ok(Date.now() - started < 1_000, 'ended at the deadline');
    backend!.answer = () => allow;
  });

  it('admits when the backend fails and defaultAllow is true, marking the pod and the audit event failed-open', async () => {
    backend!.answer = () => ({ httpStatus: 500 });
    const webhook = await plugin({ defaultAllow: true });
    const object = pod({ containers: [{ name: 'c', image: 'bad' }] }, { owner: 'me' });
    const audit = auditLog();
    assert.equal(await outcomeOf(webhook, attrs(object, { auditAnnotations: audit.annotator })), undefined);
    assert.deepEqual(object.metadata.annotations, { owner: 'me', 'alpha.image-policy.k8s.io/failed-open': 'true' });
    assert.deepEqual(audit.values, { 'imagepolicywebhook.image-policy.k8s.io/failed-open': 'true' });
  });

  it('fails on a backend it cannot trust and on an answer that does not decode', async () => {
    const other = await generateCa(new Date(), 'another-ca');
    const untrusted = await plugin({ kubeconfig: await backend!.writeKubeconfig('untrusted.kubeconfig', other.cert) });
    assert.match(await outcomeOf(untrusted, attrs(withImages('good'))) ?? '', /^403: pods "p" is forbidden: .*certificate/);
    assert.equal(backend!.received.length, 0);
    backend!.answer = () => ({ status: { allowed: 'yes' } });
    assert.equal(await outcomeOf(await plugin(), attrs(withImages('good'))), '403: pods "p" is forbidden: the webhook answered an ImageReview whose status.allowed is not a bool');
  });
});
