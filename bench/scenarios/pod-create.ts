// Pod creates: a realistic ~2 KB pod (two containers, probes, volumes, env; src/apis/core/v1/pod/testdata.ts)
// against the POST echo (issue 11: target >= 0.2x), with every default admission plugin on (ServiceAccount
// mounts the kube-api-access volume).
import { podFixture } from '../../src/apis/core/v1/pod/testdata.js';
import type { KubeObject } from '../../src/apis/meta/v1/types.js';
import type { Measurement } from '../results.js';
import type { BenchContext } from './context.js';
import { measureFixtureCreate } from './fixture-create.js';
import type { HttpPair } from './http-pair.js';

export function measurePodCreate(ctx: BenchContext, pair: HttpPair): Promise<Measurement> {
  return measureFixtureCreate(ctx, pair, {
    name: 'pod-create',
    collection: (ns) => `/api/v1/namespaces/${ns}/pods`,
    fixture: podFixture() as KubeObject,
    // The pod runs as ServiceAccount `web`: the ServiceAccount admission plugin refuses pods of a missing one.
    prerequisites: (ns) => [{ path: `/api/v1/namespaces/${ns}/serviceaccounts`, body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'web' } } }],
    label: 'Pod create (two containers, probes, volumes)',
    target: 0.2,
  });
}
