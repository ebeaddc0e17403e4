import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec, MetricSpec } from './schemas.generated.js';
import { validateHorizontalPodAutoscaler, validateHorizontalPodAutoscalerStatus, validateHorizontalPodAutoscalerUpdate } from './validation.js';

const ref = { kind: 'ReplicationController', name: 'web' };
const hpa = (spec: Partial<HorizontalPodAutoscalerSpec>): HorizontalPodAutoscaler => ({
  metadata: { name: 'h', namespace: 'ns' },
  spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 3, ...spec } as HorizontalPodAutoscalerSpec,
});
const messages = (h: HorizontalPodAutoscaler): string[] => validateHorizontalPodAutoscaler(h).map(fieldErrorMessage);
const metric = (m: Partial<MetricSpec>): Partial<HorizontalPodAutoscalerSpec> => ({ metrics: [m as MetricSpec] });
const TYPES = 'supported values: "ContainerResource", "External", "Object", "Pods", "Resource"';

describe('HorizontalPodAutoscaler validation (upstream 1.25 messages)', () => {
  const cases: { name: string; spec: Partial<HorizontalPodAutoscalerSpec>; want: string[] }[] = [
    { name: 'valid', spec: metric({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }), want: [] },
    {
      name: 'replica bounds',
      spec: { minReplicas: 0, maxReplicas: 0 },
      want: ['spec.minReplicas: Invalid value: 0: must be greater than or equal to 1', 'spec.maxReplicas: Invalid value: 0: must be greater than 0', 'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas'],
    },
    { name: 'max below min', spec: { minReplicas: 4 }, want: ['spec.maxReplicas: Invalid value: 3: must be greater than or equal to `minReplicas`'] },
    {
      name: 'scale target reference',
      spec: { scaleTargetRef: { kind: '', name: 'a/b' } },
      want: ['spec.scaleTargetRef.kind: Required value', "spec.scaleTargetRef.name: Invalid value: \"a/b\": may not contain '/'"],
    },
    {
      name: 'metric without type',
      spec: metric({ type: '' }),
      want: [`spec.metrics[0].type: Required value: must specify a metric source type`, `spec.metrics[0].type: Unsupported value: "": ${TYPES}`, `spec.metrics[0].type: Unsupported value: "": ${TYPES}`],
    },
    {
      name: 'resource target',
      spec: metric({ type: 'Resource', resource: { name: '', target: { type: 'Bad', averageUtilization: 0, averageValue: '-1' } } }),
      want: [
        'spec.metrics[0].resource.name: Required value: must specify a resource name',
        'spec.metrics[0].resource.target.type: Invalid value: "Bad": must be either Utilization, Value, or AverageValue',
        'spec.metrics[0].resource.target.averageValue: Invalid value: resource.Quantity{i:resource.int64Amount{value:-1, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"-1", Format:"DecimalSI"}: must be positive',
        'spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0',
        'spec.metrics[0].resource.target.averageValue: Forbidden: may not set both a target raw value and a target utilization',
      ],
    },
    {
      name: 'pods and external targets',
      spec: {
        metrics: [
          { type: 'Pods', pods: { metric: { name: '' }, target: { type: 'Value', value: '1' } } },
          { type: 'External', external: { metric: { name: 'q' }, target: { type: 'Value', value: '1', averageValue: '2' } } },
          { type: 'Object', object: { describedObject: ref, metric: { name: 'm' }, target: { type: 'Value' } } },
        ],
      },
      want: [
        'spec.metrics[0].pods.metric.name: Required value: must specify a metric name',
        'spec.metrics[0].pods.target.averageValue: Required value: must specify a positive target averageValue',
        'spec.metrics[1].external.target.value: Forbidden: may not set both a target value for metric and a per-pod target',
        'spec.metrics[2].object.target.averageValue: Required value: must set either a target value or averageValue',
      ],
    },
    {
      name: 'type and source disagree',
      spec: {
        metrics: [
          { type: 'Pods', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 5 } } },
          { type: 'Resource', pods: { metric: { name: 'q' }, target: { type: 'AverageValue', averageValue: '1' } }, resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 5 } } },
        ],
      },
      want: [
        'spec.metrics[0].pods: Required value: must populate information for the given metric source',
        'spec.metrics[1].pods: Forbidden: must populate the given metric source only',
      ],
    },
    {
      name: 'container resource without its source (HPAContainerMetrics off)',
      spec: metric({ type: 'ContainerResource' }),
      want: ['spec.metrics[0].containerResource: Required value: must populate information for the given metric source (only allowed when HPAContainerMetrics feature is enabled)'],
    },
    {
      name: 'behavior',
      spec: { behavior: { scaleUp: { stabilizationWindowSeconds: 3601, selectPolicy: 'Any', policies: [] }, scaleDown: { policies: [{ type: 'Pod', value: 0, periodSeconds: 1801 }] } } },
      want: [
        'spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600',
        'spec.behavior.scaleUp.selectPolicy: Unsupported value: "Any": supported values: "Disabled", "Max", "Min"',
        'spec.behavior.scaleUp.policies: Required value: must specify at least one Policy',
        'spec.behavior.scaleDown.policies[0].type: Unsupported value: "Pod": supported values: "Percent", "Pods"',
        'spec.behavior.scaleDown.policies[0].value: Invalid value: 0: must be greater than zero',
        'spec.behavior.scaleDown.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800',
      ],
    },
  ];
  for (const c of cases) test(c.name, () => assert.deepEqual(messages(hpa(c.spec)), c.want));

  test('metadata names are DNS subdomains', () => {
    assert.deepEqual(messages({ ...hpa({}), metadata: { name: 'Bad_Name', namespace: 'ns' } }).length, 1);
  });

  test('an update may keep minReplicas 0 once the HPA has it', () => {
    const zero = hpa({ minReplicas: 0, metrics: [{ type: 'External', external: { metric: { name: 'q' }, target: { type: 'Value', value: '1' } } }] });
    assert.deepEqual(validateHorizontalPodAutoscalerUpdate(zero, zero), []);
    assert.equal(validateHorizontalPodAutoscalerUpdate(zero, hpa({})).map(fieldErrorMessage)[0], 'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1');
  });

  test('status replica counts are not negative', () => {
    const h = { ...hpa({}), status: { currentReplicas: -1, desiredReplicas: -2 } };
    assert.deepEqual(validateHorizontalPodAutoscalerStatus(h).map(fieldErrorMessage), [
      'status.currentReplicas: Invalid value: -1: must be greater than or equal to 0',
      'status.desiredReplicas: Invalid value: -2: must be greater than or equal to 0',
    ]);
  });
});
