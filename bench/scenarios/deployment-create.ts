// Deployment creates: a realistic ~3 KB Deployment as a chart renders it (src/apis/apps/v1/testdata.ts: the
// fixture pod as its template) against the POST echo (issue 12; reported beside the pod figure).
import { deploymentFixture } from '../../src/apis/apps/v1/testdata.js';
import type { KubeObject } from '../../src/apis/meta/v1/types.js';
import type { Measurement } from '../results.js';
import type { BenchContext } from './context.js';
import { measureFixtureCreate } from './fixture-create.js';
import type { HttpPair } from './http-pair.js';

export function measureDeploymentCreate(ctx: BenchContext, pair: HttpPair): Promise<Measurement> {
  return measureFixtureCreate(ctx, pair, {
    name: 'deployment-create',
    collection: (ns) => `/apis/apps/v1/namespaces/${ns}/deployments`,
    fixture: deploymentFixture() as KubeObject,
    label: 'Deployment create (the fixture pod as template, Helm labels)',
  });
}
