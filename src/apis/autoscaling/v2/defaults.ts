// HorizontalPodAutoscaler defaults of autoscaling/v2 and v2beta2 (upstream 1.25 pkg/apis/autoscaling/v2
// and v2beta2 defaults.go, which agree): minReplicas 1, one CPU metric at 80% utilization when none is
// given, and a given `behavior` completed rule by rule (scale up: no stabilization, the larger of 4 pods
// or 100% every 15s; scale down: 100% every 15s, the window left to the controller's flag).
import type { HPAScalingRules, HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec, MetricSpec } from './schemas.generated.js';

/** upstream DefaultCPUUtilization: the implicit target of an HPA without metrics. */
export const DEFAULT_CPU_UTILIZATION = 80;

/** The metric an HPA without metrics gets. */
export const defaultCpuMetric = (): MetricSpec => ({
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } },
});

const scaleUpDefaults = (): HPAScalingRules => ({
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
});

// No stabilizationWindowSeconds: the controller's --horizontal-pod-autoscaler-downscale-stabilization applies.
const scaleDownDefaults = (): HPAScalingRules => ({ selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });

/** upstream copyHPAScalingRules: what the rules set wins over the defaults, field by field (a given empty list stays). */
function completeRules(rules: HPAScalingRules | undefined, defaults: HPAScalingRules): HPAScalingRules {
  if (!rules) return defaults;
  return {
    ...(rules.stabilizationWindowSeconds !== undefined || defaults.stabilizationWindowSeconds !== undefined
      ? { stabilizationWindowSeconds: rules.stabilizationWindowSeconds ?? defaults.stabilizationWindowSeconds }
      : {}),
    selectPolicy: rules.selectPolicy ?? defaults.selectPolicy,
    policies: rules.policies ?? defaults.policies,
  } as HPAScalingRules;
}

/** upstream SetDefaults_HorizontalPodAutoscaler (v2 and v2beta2). */
export function defaultHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler): void {
  // A missing spec is Go's zero spec, defaulted like any other (validation then asks for its fields).
  const spec = (hpa.spec ??= {} as HorizontalPodAutoscalerSpec);
  spec.minReplicas ??= 1;
  if (!spec.metrics || spec.metrics.length === 0) spec.metrics = [defaultCpuMetric()];
  if (spec.behavior) {
    spec.behavior.scaleUp = completeRules(spec.behavior.scaleUp, scaleUpDefaults());
    spec.behavior.scaleDown = completeRules(spec.behavior.scaleDown, scaleDownDefaults());
  }
}
