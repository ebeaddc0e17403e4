// kube-apiserver's --allow-privileged: off, kubectl's privileged pods and pod templates are refused with upstream's
// 422 `Forbidden: disallowed by cluster policy`; kplane's default (on, as kubeadm and kind run kube-apiserver) lets
// them in.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from './support/cluster.js';

const privilegedPod = (name: string): string => JSON.stringify({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'app', image: 'busybox', securityContext: { privileged: true } }] },
});

const privilegedDeployment = JSON.stringify({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx', securityContext: { privileged: true } }] } } },
});

describe('--allow-privileged=false', () => {
  const fixture = useCluster({ storage: 'memory', allowPrivileged: false });

  test('privileged containers are refused in pods and pod templates; others are created', async () => {
    const { cluster } = fixture;
    const pod = await cluster.kubectlResult(['create', '-f', '-'], { input: privilegedPod('root') });
    assert.notEqual(pod.code, 0);
    assert.match(pod.stderr, /The Pod "root" is invalid: spec\.containers\[0\]\.securityContext\.privileged: Forbidden: disallowed by cluster policy/);
    const deployment = await cluster.kubectlResult(['create', '-f', '-'], { input: privilegedDeployment });
    assert.match(deployment.stderr, /The Deployment "web" is invalid: spec\.template\.spec\.containers\[0\]\.securityContext\.privileged: Forbidden: disallowed by cluster policy/);
    await cluster.kubectl(['run', 'plain', '--image=busybox', '-n', 'default']);
    assert.equal((await cluster.kubectl(['get', 'pod', 'plain', '-n', 'default', '-o', 'name'])).trim(), 'pod/plain');
  });
});

describe('--allow-privileged (default)', () => {
  const fixture = useCluster({ storage: 'memory' });

  test('a privileged pod is created', async () => {
    await fixture.cluster.kubectl(['create', '-f', '-'], { input: privilegedPod('root') });
    assert.equal((await fixture.cluster.kubectl(['get', 'pod', 'root', '-n', 'default', '-o', 'jsonpath={.spec.containers[0].securityContext.privileged}'])).trim(), 'true');
  });
});
