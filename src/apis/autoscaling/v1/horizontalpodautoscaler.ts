// HorizontalPodAutoscaler in autoscaling/v1: a view of the autoscaling/v2 storage through conversion.ts.
// As upstream runs one strategy on the internal type whatever the request's version, every hook here
// converts to v2, runs v2's hook, and converts back: validation reports v2 field paths, status is kept
// or reset whole (conditions and current metrics included, which v1 shows as annotations).
import type { KubeObject } from '../../meta/v1/types.js';
import type { ResourceDefinition, TableColumn } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { defaultHorizontalPodAutoscaler } from '../v2/defaults.js';
import { hpaIdentity, hpaStrategy } from '../v2/horizontalpodautoscaler.js';
import type { HorizontalPodAutoscaler as V2Hpa } from '../v2/schemas.generated.js';
import { horizontalPodAutoscalerColumns } from '../v2/table.js';
import { hpaV1ToV2, hpaV2ToV1 } from './conversion.js';
import { HorizontalPodAutoscalerSchema, type HorizontalPodAutoscaler } from './schemas.generated.js';

/** Replaces the content of `obj` by `next` (hooks change objects in place). */
function replaceWith(obj: KubeObject, next: KubeObject): void {
  for (const key of Object.keys(obj)) if (key !== 'apiVersion' && key !== 'kind') delete obj[key];
  for (const [key, value] of Object.entries(next)) if (key !== 'apiVersion' && key !== 'kind') obj[key] = value;
}

/** Runs a v2 hook on the converted object (and `old`), then writes the result back in v1 form. */
function throughV2(hook: (hpa: V2Hpa, old: V2Hpa) => void): (obj: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler) => void {
  return (obj, old) => {
    const converted = hpaV1ToV2(obj);
    hook(converted, hpaV1ToV2(old));
    replaceWith(obj, hpaV2ToV1(converted));
  };
}

/** The stored form of a row, whichever form the table is handed. */
const asV2 = (hpa: KubeObject): V2Hpa => (hpa.apiVersion === 'autoscaling/v1' ? hpaV1ToV2(hpa as HorizontalPodAutoscaler) : (hpa as V2Hpa));

const v1Columns: TableColumn<HorizontalPodAutoscaler>[] = horizontalPodAutoscalerColumns.map((column) => ({ definition: column.definition, cell: (hpa, now) => column.cell(asV2(hpa), now) }));

/** Stored as v2, with v2's defaults (a behavior from the annotation is completed there, as a v2 read would). */
function toStorage(hpa: HorizontalPodAutoscaler): KubeObject {
  const stored = hpaV1ToV2(hpa);
  defaultHorizontalPodAutoscaler(stored);
  return stored;
}

/** The autoscaling/v1 HorizontalPodAutoscaler resource over the v2 storage. */
export const horizontalPodAutoscalerV1Definition: ResourceDefinition<HorizontalPodAutoscaler> = {
  ...hpaIdentity,
  version: 'v1',
  schema: HorizontalPodAutoscalerSchema,
  definitionName: 'io.k8s.api.autoscaling.v1.HorizontalPodAutoscaler',
  subresources: [
    statusSubresource<HorizontalPodAutoscaler>({
      prepareForUpdate: throughV2(hpaStrategy.prepareForStatusUpdate),
      validateUpdate: (hpa) => hpaStrategy.validateStatusUpdate(hpaV1ToV2(hpa)),
    }),
  ],
  // v1's own default (minReplicas 1), then the object as upstream sees it: through the internal form,
  // which gives an HPA without metrics its 80% CPU target.
  defaults: (hpa) => {
    hpa.spec ??= { scaleTargetRef: { kind: '', name: '' }, maxReplicas: 0 };
    hpa.spec.minReplicas ??= 1;
    replaceWith(hpa, hpaV2ToV1(hpaV1ToV2(hpa)));
  },
  strategy: {
    prepareForCreate: (hpa) => throughV2((converted) => hpaStrategy.prepareForCreate(converted))(hpa, hpa),
    // The generic status rule copied v1's status; the whole status (conditions too) comes from `old`.
    prepareForUpdate: throughV2((converted, old) => {
      if (old.status === undefined) delete converted.status;
      else converted.status = structuredClone(old.status);
      hpaStrategy.prepareForUpdate(converted, old);
    }),
    validate: (hpa) => hpaStrategy.validate(hpaV1ToV2(hpa)),
    validateUpdate: (hpa, old) => hpaStrategy.validateUpdate(hpaV1ToV2(hpa), hpaV1ToV2(old)),
  },
  tableColumns: v1Columns,
  storage: {
    resourcePath: 'horizontalpodautoscalers',
    conversion: { fromStorage: (stored) => hpaV2ToV1(stored as V2Hpa), toStorage },
  },
};
