// A realistic Deployment (about 3 KB as JSON), as a chart renders one: labels and annotations of a Helm
// release, a rolling-update strategy, and the fixture pod's spec as its template. Used by tests and the
// bench; `deploymentFixture()` builds a fresh object each call.
import { podFixture } from '../../core/v1/pod/testdata.js';
import type { Deployment } from './schemas.generated.js';

/** A fresh copy of the fixture deployment, as a client would send it (not defaulted). */
export function deploymentFixture(): Deployment {
  const pod = podFixture();
  const selector = { app: 'web', 'app.kubernetes.io/instance': 'shop' };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      namespace: 'shop',
      labels: { ...selector, 'app.kubernetes.io/name': 'web', 'app.kubernetes.io/version': '1.24.3', 'app.kubernetes.io/managed-by': 'Helm', 'helm.sh/chart': 'web-0.3.1' },
      annotations: { 'meta.helm.sh/release-name': 'shop', 'meta.helm.sh/release-namespace': 'shop' },
    },
    spec: {
      replicas: 3,
      revisionHistoryLimit: 5,
      selector: { matchLabels: selector },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 0 } },
      template: {
        metadata: { labels: { ...selector, tier: 'frontend' }, annotations: { ...pod.metadata.annotations, 'checksum/config': '5f1c0e8a7b2d9c3e' } },
        spec: { ...pod.spec, containers: pod.spec?.containers ?? [] },
      },
    },
  };
}
