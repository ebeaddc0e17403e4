// The configuration in effect: 1.25's bootstrap objects give upstream's concurrency limits and matching;
// dangling schemas are skipped, mandatory objects imagined, a removed level drains first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  mandatoryFlowSchemas, mandatoryPriorityLevelConfigurations, suggestedFlowSchemas, suggestedPriorityLevelConfigurations,
} from '../apis/flowcontrol/v1beta2/bootstrap.js';
import type { FlowSchema } from '../apis/flowcontrol/v1beta2/schemas.generated.js';
import type { UserInfo } from '../auth/user-info.js';
import { parseRequestInfo } from '../endpoints/request-info.js';
import { FlowControlConfiguration } from './configuration.js';

const bootstrap = (): FlowControlConfiguration => {
  const config = new FlowControlConfiguration(600);
  config.digest([...mandatoryPriorityLevelConfigurations(), ...suggestedPriorityLevelConfigurations()], [...mandatoryFlowSchemas(), ...suggestedFlowSchemas()]);
  return config;
};
const classify = (config: FlowControlConfiguration, user: UserInfo, method: string, path: string): string => {
  const { flowSchema, level } = config.classify(parseRequestInfo(method, path, new URLSearchParams()), user);
  return `${flowSchema.metadata.name}/${level.name}`;
};

test('the 1.25 bootstrap levels share 600 seats as upstream: ceil(600 × shares / 245)', () => {
  const limits = Object.fromEntries([...bootstrap().levels.values()].map((l) => [l.name, l.queues?.config.concurrencyLimit ?? 'exempt']));
  assert.deepEqual(limits, {
    'catch-all': 13, exempt: 'exempt', system: 74, 'node-high': 98, 'leader-election': 25, 'workload-high': 98, 'workload-low': 245, 'global-default': 49,
  });
});

test('requests are classified as upstream: precedence, then name', () => {
  const config = bootstrap();
  const admin: UserInfo = { name: 'kubernetes-admin', groups: ['system:masters', 'system:authenticated'] };
  const node: UserInfo = { name: 'system:node:n1', groups: ['system:nodes', 'system:authenticated'] };
  const kcm: UserInfo = { name: 'system:serviceaccount:kube-system:namespace-controller', groups: ['system:serviceaccounts', 'system:authenticated'] };
  const app: UserInfo = { name: 'system:serviceaccount:shop:web', groups: ['system:serviceaccounts', 'system:authenticated'] };
  const alice: UserInfo = { name: 'alice', groups: ['system:authenticated'] };
  const anonymous: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };
  assert.equal(classify(config, admin, 'GET', '/api/v1/pods'), 'exempt/exempt');
  assert.equal(classify(config, anonymous, 'GET', '/readyz'), 'probes/exempt');
  assert.equal(classify(config, node, 'PUT', '/api/v1/nodes/n1/status'), 'system-node-high/node-high');
  assert.equal(classify(config, node, 'GET', '/api/v1/namespaces/a/pods'), 'system-nodes/system');
  assert.equal(classify(config, kcm, 'PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/x'), 'system-leader-election/leader-election');
  assert.equal(classify(config, kcm, 'GET', '/api/v1/namespaces'), 'kube-system-service-accounts/workload-high');
  assert.equal(classify(config, app, 'GET', '/api/v1/namespaces/shop/pods'), 'service-accounts/workload-low');
  assert.equal(classify(config, alice, 'GET', '/api/v1/namespaces/a/pods'), 'global-default/global-default');
  assert.equal(classify(config, anonymous, 'GET', '/version'), 'global-default/global-default');
  assert.equal(classify(config, { name: 'x', groups: [] }, 'GET', '/version'), 'catch-all/catch-all');
});

test('a FlowSchema whose level is missing is skipped; missing mandatory objects are imagined', () => {
  const config = new FlowControlConfiguration(600);
  const dangling: FlowSchema = {
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kind: 'FlowSchema', metadata: { name: 'mine', uid: 'u1' },
    spec: { priorityLevelConfiguration: { name: 'nowhere' }, matchingPrecedence: 5, rules: [{ subjects: [{ kind: 'User', user: { name: '*' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] }] },
  };
  config.digest([], [dangling]);
  assert.deepEqual(config.flowSchemas.map((fs) => fs.metadata.name), ['exempt', 'catch-all']);
  assert.deepEqual([...config.levels.keys()].sort(), ['catch-all', 'exempt']);
  // catch-all alone shares the whole limit.
  assert.equal(config.levels.get('catch-all')?.queues?.config.concurrencyLimit, 600);
});

test('a level removed while busy drains before it goes; the requests in flight see it quiescing', () => {
  const config = bootstrap();
  const level = config.levels.get('global-default')!;
  const admission = level.queues!.start(0n, 1, 1000);
  assert.ok(!(admission instanceof Promise) && admission.executing);
  config.digest(mandatoryPriorityLevelConfigurations(), mandatoryFlowSchemas());
  assert.equal(config.levels.get('global-default'), level, 'the same state object');
  assert.equal(level.quiescing, true);
  // While it drains its shares still count: catch-all (5 shares) shares 600 seats with global-default (20).
  assert.equal(config.levels.get('catch-all')?.queues?.config.concurrencyLimit, 120);
  admission.finish();
  config.redigest();
  assert.equal(config.levels.has('global-default'), false);
  assert.equal(config.levels.get('catch-all')?.queues?.config.concurrencyLimit, 600);
});
