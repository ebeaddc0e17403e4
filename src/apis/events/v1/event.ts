// Event (events.k8s.io/v1, namespaced; 3-resources "Event"): a second view of the core v1 Event
// storage (same keys, same 1-hour TTL), converted by event-conversion.ts. Writes through this group
// get upstream's strict validation of new-style events; table and field selectors are upstream's.
// Table: `tableColumns` is the full column list, Name included (last, priority 1), as upstream's printers define it.
import { K, type Static } from '../../../schema/builder.js';
import { PROTOBUF_FIELD as N, protobufField } from '../../../schema/protobuf/field-number.js';
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import type { KubeObject } from '../../meta/v1/types.js';
import { MicroTimeSchema, ObjectMetaSchema, TimeSchema, gvkMarker, type KindObject } from '../../meta/v1/object-meta.js';
import { EventSourceSchema, ObjectReferenceSchema, objectReferenceSelectors, type ObjectReference } from '../../core/v1/object-reference.js';
import { EVENT_TTL_SECONDS, type CoreEvent } from '../../core/v1/event.js';
import { eventTableColumns } from '../../core/v1/event-table.js';
import { validateEventCreate, validateEventUpdate } from '../../core/v1/event-validation.js';
import { coreEventView, eventFromCore, eventToCore, isCoreEventForm } from './event-conversion.js';

const EVENTS_V1 = 'io.k8s.api.events.v1';

/** events.k8s.io/v1 EventSeries: both fields required. */
export const EventsV1EventSeriesSchema = K.Object(
  {
    count: K.Int32({ [N]: 1 }),
    lastObservedTime: protobufField(2, MicroTimeSchema),
  },
  { $id: `${EVENTS_V1}.EventSeries` },
);

/** events.k8s.io/v1 Event: `eventTime` is required. */
export const EventsV1EventSchema = K.Object(
  {
    action: K.Optional(K.String({ [N]: 6 })),
    apiVersion: K.Optional(K.String()),
    deprecatedCount: K.Optional(K.Int32({ [N]: 15 })),
    deprecatedFirstTimestamp: K.Optional(protobufField(13, TimeSchema)),
    deprecatedLastTimestamp: K.Optional(protobufField(14, TimeSchema)),
    deprecatedSource: K.Optional(protobufField(12, EventSourceSchema)),
    eventTime: protobufField(2, MicroTimeSchema),
    kind: K.Optional(K.String()),
    metadata: K.Optional(protobufField(1, ObjectMetaSchema)),
    note: K.Optional(K.String({ [N]: 10 })),
    reason: K.Optional(K.String({ [N]: 7 })),
    regarding: K.Optional(protobufField(8, ObjectReferenceSchema)),
    related: K.Optional(protobufField(9, ObjectReferenceSchema)),
    reportingController: K.Optional(K.String({ [N]: 4 })),
    reportingInstance: K.Optional(K.String({ [N]: 5 })),
    series: K.Optional(protobufField(3, EventsV1EventSeriesSchema)),
    type: K.Optional(K.String({ [N]: 11 })),
  },
  { $id: `${EVENTS_V1}.Event`, ...gvkMarker({ group: 'events.k8s.io', version: 'v1', kind: 'Event' }) },
);

/**
 * An events.k8s.io/v1 Event. `eventTime` is optional in the type: legacy events stored through
 * core v1 have none, and are served without it.
 */
export type EventsV1Event = Omit<KindObject<typeof EventsV1EventSchema>, 'eventTime' | 'series'> & {
  eventTime?: string;
  series?: Partial<Static<typeof EventsV1EventSeriesSchema>>;
};

/**
 * Selection and tables may be handed the stored core form or this group's form; read either,
 * without converting per object.
 */
const pick = (obj: KubeObject, name: string, coreName: string): unknown => (name in obj ? obj[name] : obj[coreName]);
const regarding = (e: KubeObject): ObjectReference | undefined => pick(e, 'regarding', 'involvedObject') as ObjectReference | undefined;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Field selectors of events.k8s.io/v1 (upstream AddFieldLabelConversionsForEvent). */
export const eventsV1FieldSelectors: Record<string, (event: EventsV1Event) => string> = {
  ...objectReferenceSelectors<EventsV1Event>('regarding', regarding),
  reason: (e) => text(e.reason),
  reportingController: (e) => text(pick(e, 'reportingController', 'reportingComponent')),
  // As upstream: the legacy source component, else the reporting controller.
  source: (e) => {
    const source = pick(e, 'deprecatedSource', 'source') as { component?: string } | undefined;
    return source?.component || text(pick(e, 'reportingController', 'reportingComponent'));
  },
  type: (e) => text(e.type),
};

/** The core form for the shared table, whichever form a row arrives in. */
const asCore = (e: EventsV1Event): CoreEvent => (isCoreEventForm(e) ? (e as unknown as CoreEvent) : coreEventView(e));

/** The same columns as core v1 events (upstream prints both groups with one printer). */
const eventsV1TableColumns: TableColumn<EventsV1Event>[] = eventTableColumns.map((column) => ({
  definition: column.definition,
  cell: (e, now) => column.cell(asCore(e), now),
}));

/** The events.k8s.io/v1 Event resource over core v1 storage (`events`), short name `ev`, every verb. */
export const eventsV1EventDefinition: ResourceDefinition<EventsV1Event> = {
  group: 'events.k8s.io',
  version: 'v1',
  kind: 'Event',
  listKind: 'EventList',
  resource: 'events',
  singular: 'event',
  shortNames: ['ev'],
  namespaced: true,
  schema: EventsV1EventSchema,
  definitionName: `${EVENTS_V1}.Event`,
  verbs: ALL_VERBS,
  strategy: {
    allowCreateOnUpdate: true,
    validate: (event) => validateEventCreate(coreEventView(event), true),
    validateUpdate: (event, old) => validateEventUpdate(coreEventView(event), coreEventView(old), true),
  },
  tableColumns: eventsV1TableColumns,
  fieldSelectors: eventsV1FieldSelectors,
  storage: {
    resourcePath: 'events',
    ttlSeconds: EVENT_TTL_SECONDS,
    conversion: { fromStorage: eventFromCore, toStorage: eventToCore },
  },
};
