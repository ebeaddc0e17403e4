// ReplicationController (core v1, namespaced; `replicationcontrollers`, short name `rc`, category `all`):
// upstream replicationcontroller strategy (status reset on create, generation bumped on spec changes),
// defaults (defaults.ts), validation (validation.ts), table (table.ts), and the `status` and `scale`
// subresources. The field selector `status.replicas` is upstream's.
import { ALL_VERBS, type ResourceDefinition } from '../../../../registry/resource-definition.js';
import { statusSubresource } from '../../../../registry/subresource.js';
import { CORE_V1 } from '../object-reference.js';
import { ReplicationControllerSchema, type ReplicationController } from '../schemas.generated.js';
import { templateWarnings } from '../podtemplate.js';
import { defaultReplicationController } from './defaults.js';
import { replicationControllerScale } from './scale.js';
import { replicationControllerColumns } from './table.js';
import { validateReplicationController, validateReplicationControllerStatusUpdate, validateReplicationControllerUpdate } from './validation.js';
import { dropDisabledTemplateFields } from '../pod/disabled-fields.js';

export { ReplicationControllerSchema, type ReplicationController };

/** Create: the status starts empty whatever the client sent. */
export function prepareReplicationControllerForCreate(rc: ReplicationController): void {
  rc.status = { replicas: 0 };
}

/** Update through `status`: the spec stays. */
function prepareForStatusUpdate(rc: ReplicationController, old: ReplicationController): void {
  if (old.spec === undefined) delete rc.spec;
  else rc.spec = structuredClone(old.spec);
}

/** The ReplicationController resource. */
export const replicationControllerDefinition: ResourceDefinition<ReplicationController> = {
  group: '',
  version: 'v1',
  kind: 'ReplicationController',
  listKind: 'ReplicationControllerList',
  resource: 'replicationcontrollers',
  singular: 'replicationcontroller',
  shortNames: ['rc'],
  categories: ['all'],
  namespaced: true,
  schema: ReplicationControllerSchema,
  definitionName: `${CORE_V1}.ReplicationController`,
  verbs: ALL_VERBS,
  subresources: [statusSubresource<ReplicationController>({ prepareForUpdate: prepareForStatusUpdate, validateUpdate: validateReplicationControllerStatusUpdate }), replicationControllerScale],
  defaults: defaultReplicationController,
  strategy: {
    // upstream rcStrategy: core/v1 orphans by default, for compatibility with clients older than the collector.
    garbageCollectionPolicy: 'OrphanDependents',
    warnings: (rc, old) => templateWarnings(rc.spec?.template, 'spec.template.', rc, old),
    prepareForCreate: (rc) => {
      prepareReplicationControllerForCreate(rc);
      dropDisabledTemplateFields(rc.spec?.template, undefined);
    },
    prepareForUpdate: (rc, old) => dropDisabledTemplateFields(rc.spec?.template, old.spec?.template),
    validate: validateReplicationController,
    validateUpdate: validateReplicationControllerUpdate,
    tracksGeneration: true,
  },
  tableColumns: replicationControllerColumns,
  fieldSelectors: {
    'status.replicas': (rc) => String(rc.status?.replicas ?? 0),
  },
};
