import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultHorizontalPodAutoscaler } from './defaults.js';
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec } from './schemas.generated.js';
import { formatHPAMetrics } from './table.js';

const ref = { kind: 'ReplicationController', name: 'web' };
const defaulted = (spec: Partial<HorizontalPodAutoscalerSpec>): HorizontalPodAutoscalerSpec => {
  const hpa: HorizontalPodAutoscaler = { metadata: { name: 'h' }, spec: { scaleTargetRef: ref, maxReplicas: 3, ...spec } };
  defaultHorizontalPodAutoscaler(hpa);
  return hpa.spec!;
};
const SCALE_UP = { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] };
const SCALE_DOWN = { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };

describe('autoscaling/v2 defaults (upstream 1.25 SetDefaults_HorizontalPodAutoscaler)', () => {
  const cases: { name: string; spec: Partial<HorizontalPodAutoscalerSpec>; want: Partial<HorizontalPodAutoscalerSpec> }[] = [
    {
      name: 'minReplicas 1 and the 80% CPU metric',
      spec: {},
      want: { minReplicas: 1, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }] },
    },
    { name: 'no behavior: none added', spec: { minReplicas: 2, metrics: [{ type: 'Pods' }] }, want: { minReplicas: 2, metrics: [{ type: 'Pods' }] } },
    { name: 'an empty behavior gets both rule sets', spec: { behavior: {} }, want: { behavior: { scaleUp: SCALE_UP, scaleDown: SCALE_DOWN } } },
    {
      name: 'given fields win, field by field; a given empty policy list stays',
      spec: { behavior: { scaleUp: { selectPolicy: 'Min' }, scaleDown: { stabilizationWindowSeconds: 60, policies: [] } } },
      want: { behavior: { scaleUp: { ...SCALE_UP, selectPolicy: 'Min' }, scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [] } } },
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const spec = defaulted(c.spec);
      for (const [key, value] of Object.entries(c.want)) assert.deepEqual(spec[key as keyof HorizontalPodAutoscalerSpec], value, key);
    });
  }
});

describe('TARGETS (upstream formatHPAMetrics)', () => {
  const cpu = (u?: number) => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', ...(u === undefined ? {} : { averageUtilization: u }) } } });
  const cases: { name: string; specs: HorizontalPodAutoscalerSpec['metrics']; statuses?: NonNullable<HorizontalPodAutoscaler['status']>['currentMetrics']; want: string }[] = [
    { name: 'no metrics', specs: [], want: '<none>' },
    { name: 'utilization without status', specs: [cpu(80)], want: '<unknown>/80%' },
    { name: 'utilization target unset', specs: [cpu()], want: '<unknown>/<auto>' },
    { name: 'utilization with status', specs: [cpu(80)], statuses: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 12 } } }], want: '12%/80%' },
    {
      name: 'values, averages, and more than two',
      specs: [
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '1024Mi' } } },
        { type: 'External', external: { metric: { name: 'q' }, target: { type: 'AverageValue', averageValue: '30' } } },
        { type: 'Object', object: { describedObject: { kind: 'Service', name: 's' }, metric: { name: 'm' }, target: { type: 'Value', value: '2k' } } },
      ],
      statuses: [{ type: 'Resource', resource: { name: 'memory', current: { averageValue: '512Mi' } } }],
      want: '512Mi/1Gi, <unknown>/30 (avg) + 1 more...',
    },
  ];
  for (const c of cases) test(c.name, () => assert.equal(formatHPAMetrics(c.specs, c.statuses), c.want));
});
