// HorizontalPodAutoscaler in the deprecated autoscaling/v2beta2 (deprecated in 1.23, removed in 1.26;
// every request warns): the same fields as v2 in 1.25, so conversion only renames the version and drops
// v1's round-trip annotations both ways, as upstream's v2beta2 conversion does. Defaults (v2beta2's
// equal v2's), strategy, validation and table are v2's.
import type { KubeObject } from '../../meta/v1/types.js';
import type { ResourceDefinition } from '../../../registry/resource-definition.js';
import { horizontalPodAutoscalerV2Definition } from '../v2/horizontalpodautoscaler.js';
import { dropRoundTripAnnotations } from '../v2/round-trip.js';
import type { HorizontalPodAutoscaler as V2Hpa } from '../v2/schemas.generated.js';
import { HorizontalPodAutoscalerListSchema, HorizontalPodAutoscalerSchema, type HorizontalPodAutoscaler } from './schemas.generated.js';

/** The same object under another apiVersion, without v1's annotations (a copy: stored and served forms never share nesting). */
function withVersion<T extends KubeObject>(obj: KubeObject, apiVersion: string): T {
  const copy = { ...structuredClone(obj), apiVersion, kind: 'HorizontalPodAutoscaler' } as T;
  dropRoundTripAnnotations(copy.metadata);
  return copy;
}

/** The autoscaling/v2beta2 HorizontalPodAutoscaler resource over the v2 storage. */
export const horizontalPodAutoscalerV2beta2Definition: ResourceDefinition<HorizontalPodAutoscaler> = {
  ...(horizontalPodAutoscalerV2Definition as unknown as ResourceDefinition<HorizontalPodAutoscaler>),
  version: 'v2beta2',
  schema: HorizontalPodAutoscalerSchema,
  listSchema: HorizontalPodAutoscalerListSchema,
  definitionName: 'io.k8s.api.autoscaling.v2beta2.HorizontalPodAutoscaler',
  deprecation: { deprecated: '1.23', removed: '1.26', replacement: { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' } },
  storage: {
    resourcePath: 'horizontalpodautoscalers',
    conversion: {
      fromStorage: (stored) => withVersion<HorizontalPodAutoscaler>(stored, 'autoscaling/v2beta2'),
      toStorage: (obj) => withVersion<V2Hpa>(obj, 'autoscaling/v2'),
    },
  },
};
