import { test } from 'node:test';
import assert from 'node:assert/strict';
import { managerFromUserAgent, managerOrUserAgent } from './user-agent.js';

test('the default field manager is the user agent before its first slash', () => {
  const cases: [string | undefined, string][] = [
    ['kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07', 'kubectl'],
    ['kube-controller-manager/v1.25.0 (linux/amd64) kubernetes/a866cbe/system:serviceaccount:kube-system:namespace-controller', 'kube-controller-manager'],
    ['node-fetch', 'node-fetch'],
    ['tab\there/1', 'tabhere'],
    [undefined, ''],
    ['x'.repeat(200), 'x'.repeat(128)],
  ];
  for (const [agent, manager] of cases) assert.equal(managerFromUserAgent(agent), manager, String(agent));
  assert.equal(managerOrUserAgent('explicit', 'kubectl/v1'), 'explicit');
  assert.equal(managerOrUserAgent(undefined, 'kubectl/v1'), 'kubectl');
});
