// Event (events.k8s.io/v1, namespaced; 3-resources "Event"): a second view of the core v1 Event
// storage (same keys, same 1-hour TTL), converted by event-conversion.ts. Writes through this group
// get upstream's strict validation of new-style events; table and field selectors are upstream's.
// Table: `tableColumns` is the full column list, Name included (last, priority 1), as upstream's printers define it.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import type { KubeObject } from '../../meta/v1/types.js';
import { objectReferenceSelectors, type ObjectReference } from '../../core/v1/object-reference.js';
import type { CoreEvent } from '../../core/v1/event.js';
import { eventTableColumns } from '../../core/v1/event-table.js';
import { validateEventCreate, validateEventUpdate } from '../../core/v1/event-validation.js';
import { coreEventView, eventFromCore, eventToCore, isCoreEventForm } from './event-conversion.js';

const EVENTS_V1 = 'io.k8s.api.events.v1';

import { EventSchema as EventsV1EventSchema, EventSeriesSchema as EventsV1EventSeriesSchema, type Event, type EventSeries } from './schemas.generated.js';

export { EventsV1EventSchema, EventsV1EventSeriesSchema };

/**
 * An events.k8s.io/v1 Event. `eventTime` is optional in the type: legacy events stored through
 * core v1 have none, and are served without it.
 */
export type EventsV1Event = Omit<Event, 'eventTime' | 'series'> & {
  eventTime?: string;
  series?: Partial<EventSeries>;
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
    // upstream eventStrategy (shared with core/v1): events take no part in garbage collection.
    garbageCollectionPolicy: 'Unsupported',
    allowCreateOnUpdate: true,
    validate: (event) => validateEventCreate(coreEventView(event), true),
    validateUpdate: (event, old) => validateEventUpdate(coreEventView(event), coreEventView(old), true),
  },
  tableColumns: eventsV1TableColumns,
  fieldSelectors: eventsV1FieldSelectors,
  storage: {
    resourcePath: 'events',
    expiresWithEventTtl: true,
    conversion: { fromStorage: eventFromCore, toStorage: eventToCore },
  },
};
