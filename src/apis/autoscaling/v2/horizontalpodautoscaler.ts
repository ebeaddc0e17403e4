// HorizontalPodAutoscaler in autoscaling/v2 (namespaced; `horizontalpodautoscalers`, short name `hpa`,
// category `all`): the storage version in 1.25 (`/registry/horizontalpodautoscalers/`), and the form
// autoscaling/v1 and v2beta2 convert to. Defaults (defaults.ts), validation (validation.ts), table
// (table.ts), the `status` subresource; the strategy is upstream 1.25's: status reset on create and
// kept on update, no generation, container metric sources dropped (HPAContainerMetrics is off in 1.25)
// unless the object already has some, and v1's round-trip annotations never stored.
import { ALL_VERBS, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { keepAllButStatus, statusSubresource } from '../../../registry/subresource.js';
import { defaultHorizontalPodAutoscaler } from './defaults.js';
import { dropRoundTripAnnotations } from './round-trip.js';
import { HorizontalPodAutoscalerSchema, type HorizontalPodAutoscaler } from './schemas.generated.js';
import { horizontalPodAutoscalerColumns } from './table.js';
import { validateHorizontalPodAutoscaler, validateHorizontalPodAutoscalerStatus, validateHorizontalPodAutoscalerUpdate } from './validation.js';

export { HorizontalPodAutoscalerSchema, type HorizontalPodAutoscaler };

const hasContainerMetrics = (hpa: HorizontalPodAutoscaler): boolean => (hpa.spec?.metrics ?? []).some((m) => m.containerResource !== undefined);

/** upstream dropContainerMetricSources: the HPAContainerMetrics gate is off. */
function dropContainerMetrics(hpa: HorizontalPodAutoscaler): void {
  for (const metric of hpa.spec?.metrics ?? []) delete metric.containerResource;
}

/** The strategy hooks of the v2 form, which the other versions run on their converted objects. */
export const hpaStrategy = {
  prepareForCreate(hpa: HorizontalPodAutoscaler): void {
    hpa.status = { desiredReplicas: 0 };
    dropContainerMetrics(hpa);
    dropRoundTripAnnotations(hpa.metadata);
  },
  /** The main resource: status stays (the generic status rule has already copied it). */
  prepareForUpdate(hpa: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler): void {
    if (!hasContainerMetrics(old)) dropContainerMetrics(hpa);
    dropRoundTripAnnotations(hpa.metadata);
  },
  /** Through `status`: the spec stays. */
  prepareForStatusUpdate(hpa: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler): void {
    keepAllButStatus(hpa, old);
    dropRoundTripAnnotations(hpa.metadata);
  },
  validate: validateHorizontalPodAutoscaler,
  validateUpdate: validateHorizontalPodAutoscalerUpdate,
  validateStatusUpdate: validateHorizontalPodAutoscalerStatus,
};

/** What every served version of the kind shares: names, scope, verbs, table. */
export const hpaIdentity: Pick<ResourceDefinition, 'group' | 'kind' | 'listKind' | 'resource' | 'singular' | 'shortNames' | 'categories' | 'namespaced' | 'verbs'> = {
  group: 'autoscaling',
  kind: 'HorizontalPodAutoscaler',
  listKind: 'HorizontalPodAutoscalerList',
  resource: 'horizontalpodautoscalers',
  singular: 'horizontalpodautoscaler',
  shortNames: ['hpa'],
  categories: ['all'],
  namespaced: true,
  verbs: ALL_VERBS,
};

/** The autoscaling/v2 HorizontalPodAutoscaler resource (storage version). */
export const horizontalPodAutoscalerV2Definition: ResourceDefinition<HorizontalPodAutoscaler> = {
  ...hpaIdentity,
  version: 'v2',
  schema: HorizontalPodAutoscalerSchema,
  definitionName: 'io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler',
  subresources: [statusSubresource<HorizontalPodAutoscaler>({ prepareForUpdate: hpaStrategy.prepareForStatusUpdate, validateUpdate: hpaStrategy.validateStatusUpdate })],
  defaults: defaultHorizontalPodAutoscaler,
  strategy: {
    prepareForCreate: hpaStrategy.prepareForCreate,
    prepareForUpdate: hpaStrategy.prepareForUpdate,
    validate: hpaStrategy.validate,
    validateUpdate: hpaStrategy.validateUpdate,
  },
  tableColumns: horizontalPodAutoscalerColumns,
  storage: { resourcePath: 'horizontalpodautoscalers' },
};
