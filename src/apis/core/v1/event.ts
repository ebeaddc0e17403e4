// Event (core v1, namespaced): the stored form of every event, also served as events.k8s.io/v1
// (apis/events/v1/event.ts). Schema, Go-style zero-value defaults, the legacy (lenient) validation,
// the upstream field selectors and table; events expire after the server's `--event-ttl` (1h by default).
// Table: `tableColumns` is the full column list, Name included (last, priority 1), as upstream's printers define it.
import { ALL_VERBS, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { CORE_V1, objectReferenceSelectors, type ObjectReference } from './object-reference.js';
import { eventTableColumns } from './event-table.js';
import { validateEventCreate, validateEventUpdate } from './event-validation.js';

import { EventSchema as CoreEventSchema, EventSeriesSchema as CoreEventSeriesSchema, type Event } from './schemas.generated.js';

export { CoreEventSchema, CoreEventSeriesSchema };

/** A core v1 Event; `involvedObject` is optional in the type because clients may omit it (Go reads an empty one). */
export type CoreEvent = Omit<Event, 'involvedObject'> & { involvedObject?: ObjectReference };

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
    // upstream eventStrategy: events take no part in garbage collection.
    garbageCollectionPolicy: 'Unsupported',
    allowCreateOnUpdate: true,
    // Requests through v1 get the legacy validation only (upstream ValidateEventCreate/Update for core/v1).
    validate: (event) => validateEventCreate(event, false),
    validateUpdate: (event, old) => validateEventUpdate(event, old, false),
  },
  tableColumns: eventTableColumns,
  fieldSelectors: coreEventFieldSelectors,
  storage: { expiresWithEventTtl: true },
};
