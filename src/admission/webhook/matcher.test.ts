import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { defaultWebhook } from '../../apis/admissionregistration/v1/webhookconfiguration.js';
import type { ValidatingWebhook } from '../../apis/admissionregistration/v1/schemas.generated.js';
import type { AdmissionAttributes } from '../types.js';
import { WebhookAccessor, webhookAccessors } from './accessor.js';
import { matchingInvocation, ruleMatches, shouldCallHook, type MatchDeps } from './matcher.js';
import { webhookRequest } from './request.js';

const def = (group: string, version: string, resource: string, kind: string, namespaced = true, extra: Partial<ResourceDefinition> = {}): ResourceDefinition =>
  ({ group, version, resource, kind, namespaced, ...extra }) as unknown as ResourceDefinition;
const PODS = def('', 'v1', 'pods', 'Pod', true, { subresources: [{ type: 'view', name: 'eviction', verbs: ['create'], kind: { group: 'policy', version: 'v1', kind: 'Eviction' } } as never, { type: 'object', name: 'status', verbs: ['get'], resetFields: [] }] });
const NAMESPACES = def('', 'v1', 'namespaces', 'Namespace', false);
const NODES = def('', 'v1', 'nodes', 'Node', false);
const HPA_V2 = def('autoscaling', 'v2', 'horizontalpodautoscalers', 'HorizontalPodAutoscaler');
const HPA_V1 = def('autoscaling', 'v1', 'horizontalpodautoscalers', 'HorizontalPodAutoscaler');

const attributes = (fields: Partial<AdmissionAttributes>): AdmissionAttributes => ({ operation: 'CREATE', def: PODS, namespace: 'ns', name: 'p', subresource: '', dryRun: false, ...fields });
const request = (fields: Partial<AdmissionAttributes> = {}) => webhookRequest(attributes(fields));
const rule = (fields: Record<string, unknown> = {}) => ({ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], scope: '*', ...fields });

function accessor(fields: Record<string, unknown>): WebhookAccessor {
  const hook = { name: 'hook.example.com', clientConfig: { url: 'https://x' }, sideEffects: 'None', admissionReviewVersions: ['v1'], rules: [rule()], ...fields } as ValidatingWebhook;
  defaultWebhook(hook);
  return new WebhookAccessor('c/hook.example.com/0', 'c', hook);
}

describe('ruleMatches (upstream rules.Matcher)', () => {
  const cases: [string, Record<string, unknown>, Partial<AdmissionAttributes>, boolean][] = [
    ['everything', {}, {}, true],
    ['operation listed', { operations: ['UPDATE', 'CREATE'] }, {}, true],
    ['operation not listed', { operations: ['UPDATE'] }, {}, false],
    ['core group', { apiGroups: [''] }, {}, true],
    ['other group', { apiGroups: ['apps'] }, {}, false],
    ['version', { apiVersions: ['v2'] }, {}, false],
    ['resource by name', { resources: ['pods'] }, {}, true],
    ['* leaves subresources out', { resources: ['*'] }, { subresource: 'status' }, false],
    ['*/* takes subresources', { resources: ['*/*'] }, { subresource: 'status' }, true],
    ['pods/* takes pods itself too (a `*` subresource matches none)', { resources: ['pods/*'] }, {}, true],
    ['pods/* takes pods/status', { resources: ['pods/*'] }, { subresource: 'status' }, true],
    ['*/status', { resources: ['*/status'] }, { subresource: 'status' }, true],
    ['*/status not eviction', { resources: ['*/status'] }, { subresource: 'eviction' }, false],
    ['pods/eviction', { resources: ['pods/eviction'] }, { subresource: 'eviction' }, true],
    ['Namespaced scope, namespaced request', { scope: 'Namespaced' }, {}, true],
    ['Cluster scope, namespaced request', { scope: 'Cluster' }, {}, false],
    ['Cluster scope, cluster request', { scope: 'Cluster' }, { def: NODES, namespace: '' }, true],
    ['Namespaced scope, cluster request', { scope: 'Namespaced' }, { def: NODES, namespace: '' }, false],
    // A Namespace is cluster-scoped, though its requests name it as their namespace.
    ['Cluster scope, namespace update', { scope: 'Cluster' }, { def: NAMESPACES, namespace: '', name: 'ns', operation: 'UPDATE' }, true],
    ['Namespaced scope, namespace update', { scope: 'Namespaced' }, { def: NAMESPACES, namespace: '', name: 'ns', operation: 'UPDATE' }, false],
  ];
  for (const [name, r, a, want] of cases) {
    test(name, () => {
      const req = request(a);
      assert.equal(ruleMatches(rule(r), req, req.resource), want);
    });
  }
});

describe('matchingInvocation: matchPolicy', () => {
  const equivalents = (d: ResourceDefinition) => (d === HPA_V2 || d === HPA_V1 ? [HPA_V2, HPA_V1] : [d]);
  const hpaRule = rule({ apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] });
  test('Equivalent: a request through autoscaling/v2 calls a webhook registered for v1, with v1', () => {
    const invocation = matchingInvocation(accessor({ rules: [hpaRule] }), request({ def: HPA_V2 }), equivalents);
    assert.deepEqual([invocation?.def, invocation?.resource, invocation?.kind], [HPA_V1, { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' }, { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' }]);
  });
  test('Exact: no call for the other version', () => {
    assert.equal(matchingInvocation(accessor({ rules: [hpaRule], matchPolicy: 'Exact' }), request({ def: HPA_V2 }), equivalents), undefined);
  });
  test('the request resource itself wins over an equivalent', () => {
    const invocation = matchingInvocation(accessor({ rules: [rule({ apiGroups: ['autoscaling'] })] }), request({ def: HPA_V2 }), equivalents);
    assert.equal(invocation?.def, HPA_V2);
  });
  test('a subresource of another kind is called with that kind', () => {
    const invocation = matchingInvocation(accessor({ rules: [rule({ resources: ['pods/eviction'] })] }), request({ subresource: 'eviction' }), equivalents);
    assert.deepEqual(invocation?.kind, { group: 'policy', version: 'v1', kind: 'Eviction' });
    assert.deepEqual(invocation?.resource, { group: '', version: 'v1', resource: 'pods' });
  });
});

describe('shouldCallHook: selectors', () => {
  const namespaces: Record<string, KubeObject> = { ns: { metadata: { name: 'ns', labels: { env: 'prod' } } } };
  const deps: MatchDeps = { getNamespace: async (name) => namespaces[name], equivalents: (d) => [d] };
  const prodOnly = { namespaceSelector: { matchLabels: { env: 'prod' } } };
  const call = async (fields: Record<string, unknown>, a: Partial<AdmissionAttributes>) => (await shouldCallHook(accessor(fields), request(a), deps)) !== undefined;

  test('namespaceSelector on the namespace of the request', async () => {
    assert.equal(await call(prodOnly, {}), true);
    assert.equal(await call({ namespaceSelector: { matchLabels: { env: 'dev' } } }, {}), false);
  });
  test('a missing namespace is a 404', async () => {
    await assert.rejects(call(prodOnly, { namespace: 'gone' }), { code: 404, message: 'namespaces "gone" not found' });
  });
  test('other cluster-scoped resources ignore the namespaceSelector', async () => {
    assert.equal(await call({ namespaceSelector: { matchLabels: { env: 'dev' } } }, { def: NODES, namespace: '' }), true);
  });
  test('a Namespace being written is matched on its own labels; being deleted, on the stored ones', async () => {
    const ns = (labels: Record<string, string>): KubeObject => ({ metadata: { name: 'new', labels } });
    assert.equal(await call(prodOnly, { def: NAMESPACES, namespace: '', name: 'new', object: ns({ env: 'prod' }) }), true);
    assert.equal(await call(prodOnly, { def: NAMESPACES, namespace: '', name: 'new', object: ns({}) }), false);
    assert.equal(await call(prodOnly, { def: NAMESPACES, namespace: '', name: 'ns', operation: 'DELETE', oldObject: ns({}) }), true);
  });
  test('objectSelector on the object or the old object', async () => {
    const selector = { objectSelector: { matchLabels: { app: 'web' } } };
    const obj = (labels?: Record<string, string>): KubeObject => ({ metadata: { name: 'p', ...(labels ? { labels } : {}) } });
    assert.equal(await call(selector, { object: obj({ app: 'web' }) }), true);
    assert.equal(await call(selector, { object: obj({ app: 'db' }) }), false);
    assert.equal(await call(selector, { operation: 'UPDATE', object: obj(), oldObject: obj({ app: 'web' }) }), true);
    assert.equal(await call(selector, { operation: 'DELETE', oldObject: obj() }), false);
    assert.equal(await call({ objectSelector: { matchExpressions: [{ key: 'skip', operator: 'DoesNotExist' }] } }, { object: obj() }), true);
  });
  test('rules are checked before the namespace is looked up', async () => {
    assert.equal(await call({ ...prodOnly, rules: [rule({ resources: ['secrets'] })] }, { namespace: 'gone' }), false);
  });
});

test('webhookAccessors: configurations by name, webhooks in order, uids unique', () => {
  const hook = (name: string) => ({ name }) as ValidatingWebhook;
  const accessors = webhookAccessors([
    { metadata: { name: 'b' }, webhooks: [hook('x.a.b')] },
    { metadata: { name: 'a' }, webhooks: [hook('y.a.b'), hook('y.a.b')] },
  ]);
  assert.deepEqual(accessors.map((a) => a.uid), ['a/y.a.b/0', 'a/y.a.b/1', 'b/x.a.b/0']);
});
