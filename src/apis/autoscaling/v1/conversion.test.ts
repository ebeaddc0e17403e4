import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { horizontalPodAutoscalerV2beta2Definition } from '../v2beta2/horizontalpodautoscaler.js';
import type { HorizontalPodAutoscaler as V2Hpa } from '../v2/schemas.generated.js';
import { hpaV1ToV2, hpaV2ToV1 } from './conversion.js';
import type { HorizontalPodAutoscaler as V1Hpa } from './schemas.generated.js';

const ref = { apiVersion: 'v1', kind: 'ReplicationController', name: 'web' };
const v2 = (spec: Partial<NonNullable<V2Hpa['spec']>>, status?: V2Hpa['status'], annotations?: Record<string, string>): V2Hpa => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'h', namespace: 'ns', ...(annotations ? { annotations } : {}) },
  spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 5, ...spec },
  status: status ?? { desiredReplicas: 0 },
});
const cpu = (u: number) => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: u } } });

/** Objects whose trip through v1 comes back unchanged (upstream's own round-trip cases). */
const ROUND_TRIPS: { name: string; hpa: V2Hpa }[] = [
  { name: 'CPU only', hpa: v2({ metrics: [cpu(70)] }) },
  {
    name: 'every source kind, CPU last',
    hpa: v2({
      metrics: [
        { type: 'Pods', pods: { metric: { name: 'qps', selector: { matchLabels: { a: 'b' } } }, target: { type: 'AverageValue', averageValue: '10' } } },
        { type: 'Object', object: { describedObject: { kind: 'Service', name: 's', apiVersion: 'v1' }, metric: { name: 'rps' }, target: { type: 'Value', value: '2k' } } },
        { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } } },
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '1Gi' } } },
        { type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization', averageUtilization: 50 } } },
        cpu(60),
      ],
    }),
  },
  {
    name: 'behavior and a full status',
    hpa: v2(
      {
        metrics: [cpu(80)],
        behavior: {
          scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }] },
          scaleDown: { selectPolicy: 'Disabled', policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }] },
        },
      },
      {
        observedGeneration: 3,
        lastScaleTime: '2024-01-01T00:00:00Z',
        currentReplicas: 2,
        desiredReplicas: 3,
        currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageValue: '250m', averageUtilization: 41 } } }],
        conditions: [{ type: 'ScalingActive', status: 'True', lastTransitionTime: '2024-01-01T00:00:00Z', reason: 'ValidMetricFound', message: 'ok' }],
      },
      { owner: 'me' },
    ),
  },
];

describe('autoscaling/v1 conversion through the stored v2 form', () => {
  for (const c of ROUND_TRIPS) test(`v2 -> v1 -> v2 is lossless: ${c.name}`, () => assert.deepEqual(hpaV1ToV2(hpaV2ToV1(c.hpa)), c.hpa));

  test('v1 shows the CPU target and keeps the rest in the four annotations', () => {
    const v1 = hpaV2ToV1(ROUND_TRIPS[2]!.hpa);
    assert.deepEqual(v1.spec, { scaleTargetRef: ref, maxReplicas: 5, minReplicas: 1, targetCPUUtilizationPercentage: 80 });
    assert.deepEqual(v1.status, { currentReplicas: 2, desiredReplicas: 3, observedGeneration: 3, lastScaleTime: '2024-01-01T00:00:00Z', currentCPUUtilizationPercentage: 41 });
    assert.deepEqual(v1.metadata.annotations, {
      owner: 'me',
      'autoscaling.alpha.kubernetes.io/current-metrics': '[{"type":"Resource","resource":{"name":"cpu","currentAverageUtilization":41,"currentAverageValue":"250m"}}]',
      'autoscaling.alpha.kubernetes.io/behavior':
        '{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}]},"ScaleDown":{"StabilizationWindowSeconds":null,"SelectPolicy":"Disabled","Policies":[{"Type":"Percent","Value":10,"PeriodSeconds":60}]}}',
      'autoscaling.alpha.kubernetes.io/conditions': '[{"type":"ScalingActive","status":"True","lastTransitionTime":"2024-01-01T00:00:00Z","reason":"ValidMetricFound","message":"ok"}]',
    });
  });

  test('a v1 object without metrics gets the 80% CPU target; annotations a v1 client wrote become v2 fields', () => {
    const v1: V1Hpa = {
      metadata: {
        name: 'h',
        annotations: {
          'autoscaling.alpha.kubernetes.io/metrics': '[{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"5"}}]',
          'autoscaling.alpha.kubernetes.io/behavior': '{"scaleDown":{"selectPolicy":"Min"}}',
        },
      },
      spec: { scaleTargetRef: ref, maxReplicas: 3 },
    };
    const converted = hpaV1ToV2(v1);
    assert.equal(converted.metadata.annotations, undefined);
    assert.deepEqual(converted.spec?.metrics, [{ type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '5' } } }]);
    assert.deepEqual(converted.spec?.behavior, { scaleDown: { selectPolicy: 'Min' } });
    assert.deepEqual(hpaV1ToV2({ metadata: { name: 'h' }, spec: { scaleTargetRef: ref, maxReplicas: 3 } }).spec?.metrics, [cpu(80)]);
  });

  test('malformed annotations are ignored', () => {
    const v1: V1Hpa = { metadata: { name: 'h', annotations: { 'autoscaling.alpha.kubernetes.io/metrics': '{nope', 'autoscaling.alpha.kubernetes.io/conditions': '3' } }, spec: { scaleTargetRef: ref, maxReplicas: 3, targetCPUUtilizationPercentage: 50 } };
    assert.deepEqual(hpaV1ToV2(v1).spec?.metrics, [cpu(50)]);
  });

  test('v2beta2 renames the version and drops v1 annotations both ways', () => {
    const conversion = horizontalPodAutoscalerV2beta2Definition.storage!.conversion!;
    const stored = ROUND_TRIPS[1]!.hpa;
    const beta = conversion.fromStorage(stored);
    assert.equal(beta.apiVersion, 'autoscaling/v2beta2');
    assert.deepEqual(conversion.toStorage(beta), stored);
    const withAnnotations = { ...beta, metadata: { ...beta.metadata, annotations: { 'autoscaling.alpha.kubernetes.io/behavior': '{}' } } };
    assert.equal(conversion.toStorage(withAnnotations).metadata.annotations, undefined);
  });
});
