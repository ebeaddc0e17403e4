// Event (core v1, namespaced): the stored form of every event, also served as events.k8s.io/v1
// (apis/events/v1/event.ts). Schema, Go-style zero-value defaults, the legacy (lenient) validation,
// the upstream field selectors and table, and the 1-hour TTL (kube-apiserver `--event-ttl`).
// Table: `tableColumns` is the full column list, Name included (last, priority 1), as upstream's printers define it.
import { K } from '../../../schema/builder.js';
import { PROTOBUF_FIELD as N, protobufField } from '../../../schema/protobuf/field-number.js';
import { ALL_VERBS, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { MicroTimeSchema, ObjectMetaSchema, TimeSchema, gvkMarker, type KindObject } from '../../meta/v1/object-meta.js';
import { CORE_V1, EventSourceSchema, ObjectReferenceSchema, objectReferenceSelectors, type ObjectReference } from './object-reference.js';
import { eventTableColumns } from './event-table.js';
import { validateEventCreate, validateEventUpdate } from './event-validation.js';

/** core/v1 EventSeries. */
export const CoreEventSeriesSchema = K.Object(
  {
    count: K.Optional(K.Int32({ [N]: 1 })),
    lastObservedTime: K.Optional(protobufField(2, MicroTimeSchema)),
  },
  { $id: `${CORE_V1}.EventSeries` },
);

/** core/v1 Event: `metadata` and `involvedObject` are required. */
export const CoreEventSchema = K.Object(
  {
    action: K.Optional(K.String({ [N]: 12 })),
    apiVersion: K.Optional(K.String()),
    count: K.Optional(K.Int32({ [N]: 8 })),
    eventTime: K.Optional(protobufField(10, MicroTimeSchema)),
    firstTimestamp: K.Optional(protobufField(6, TimeSchema)),
    involvedObject: protobufField(2, ObjectReferenceSchema),
    kind: K.Optional(K.String()),
    lastTimestamp: K.Optional(protobufField(7, TimeSchema)),
    message: K.Optional(K.String({ [N]: 4 })),
    metadata: protobufField(1, ObjectMetaSchema),
    reason: K.Optional(K.String({ [N]: 3 })),
    related: K.Optional(protobufField(13, ObjectReferenceSchema)),
    reportingComponent: K.Optional(K.String({ [N]: 14 })),
    reportingInstance: K.Optional(K.String({ [N]: 15 })),
    series: K.Optional(protobufField(11, CoreEventSeriesSchema)),
    source: K.Optional(protobufField(5, EventSourceSchema)),
    type: K.Optional(K.String({ [N]: 9 })),
  },
  { $id: `${CORE_V1}.Event`, ...gvkMarker({ group: '', version: 'v1', kind: 'Event' }) },
);

/** A core v1 Event; `involvedObject` is optional in the type because clients may omit it (Go reads an empty one). */
export type CoreEvent = Omit<KindObject<typeof CoreEventSchema>, 'involvedObject'> & { involvedObject?: ObjectReference };

/** Events expire this long after their last write (upstream `--event-ttl` default, 1h). */
export const EVENT_TTL_SECONDS = 3600;

/**
 * The fields Go always serializes (non-pointer structs, strings without omitempty): an empty
 * `involvedObject` and `source`, and empty `reportingComponent` / `reportingInstance`.
 */
export function defaultCoreEvent(event: CoreEvent): void {
  event.involvedObject ??= {};
  event.source ??= {};
  event.reportingComponent ??= '';
  event.reportingInstance ??= '';
}

/** Field selectors of core v1 events (upstream event ToSelectableFields and its field label conversion). */
export const coreEventFieldSelectors: Record<string, (event: CoreEvent) => string> = {
  ...objectReferenceSelectors<CoreEvent>('involvedObject', (e) => e.involvedObject),
  reason: (e) => e.reason ?? '',
  reportingComponent: (e) => e.reportingComponent ?? '',
  // New-style events have no source: selecting by source falls back to the reporting controller.
  source: (e) => e.source?.component || e.reportingComponent || '',
  type: (e) => e.type ?? '',
};

/** The core v1 Event resource: `events`, short name `ev`, every verb; PUT may create (upstream AllowCreateOnUpdate). */
export const coreEventDefinition: ResourceDefinition<CoreEvent> = {
  group: '',
  version: 'v1',
  kind: 'Event',
  listKind: 'EventList',
  resource: 'events',
  singular: 'event',
  shortNames: ['ev'],
  namespaced: true,
  schema: CoreEventSchema,
  definitionName: `${CORE_V1}.Event`,
  verbs: ALL_VERBS,
  defaults: defaultCoreEvent,
  strategy: {
    allowCreateOnUpdate: true,
    // Requests through v1 get the legacy validation only (upstream ValidateEventCreate/Update for core/v1).
    validate: (event) => validateEventCreate(event, false),
    validateUpdate: (event, old) => validateEventUpdate(event, old, false),
  },
  tableColumns: eventTableColumns,
  fieldSelectors: coreEventFieldSelectors,
  storage: { ttlSeconds: EVENT_TTL_SECONDS },
};
