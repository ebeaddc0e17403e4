// events.k8s.io/v1 Event <-> core v1 Event (the stored form), field for field as upstream's
// Convert_v1_Event_To_core_Event and back: note<->message, regarding<->involvedObject,
// reportingController<->reportingComponent, deprecatedSource<->source, deprecated{First,Last}Timestamp
// <->{first,last}Timestamp, deprecatedCount<->count; the rest keeps its name. Lossless both ways.
// Empty strings and zero counts are dropped where Go's `omitempty` drops them.
import type { KubeObject } from '../../meta/v1/types.js';
import type { CoreEvent } from '../../core/v1/event.js';
import type { EventsV1Event } from './event.js';

/** Drop undefined values, and the given keys when empty ('' or 0), preserving key order. */
function compact<T extends object>(obj: T, omitEmpty: readonly string[]): T {
  const record = obj as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined || (omitEmpty.includes(key) && (value === '' || value === 0))) delete record[key];
  }
  return obj;
}

/** True when `obj` is already in the stored core form (it names the core-only fields or version). */
export function isCoreEventForm(obj: KubeObject): boolean {
  return obj.apiVersion === 'v1' || 'involvedObject' in obj || 'reportingComponent' in obj;
}

/** The core form of an events.k8s.io/v1 event, sharing (not copying) nested values: for read-only use. */
export function coreEventView(e: EventsV1Event): CoreEvent {
  const core: CoreEvent = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: e.metadata,
    involvedObject: e.regarding ?? {},
    reason: e.reason,
    message: e.note,
    source: e.deprecatedSource ?? {},
    firstTimestamp: e.deprecatedFirstTimestamp,
    lastTimestamp: e.deprecatedLastTimestamp,
    count: e.deprecatedCount,
    type: e.type,
    eventTime: e.eventTime,
    series: e.series,
    action: e.action,
    related: e.related,
    reportingComponent: e.reportingController ?? '',
    reportingInstance: e.reportingInstance ?? '',
  };
  return compact(core, ['reason', 'message', 'type', 'action', 'count']);
}

/** events.k8s.io/v1 -> core v1 (what is stored). */
export function eventToCore(e: EventsV1Event): CoreEvent {
  return coreEventView(structuredClone(e));
}

/** core v1 (stored) -> events.k8s.io/v1. A legacy event without eventTime has none here either. */
export function eventFromCore(stored: KubeObject): EventsV1Event {
  const core = structuredClone(stored) as CoreEvent;
  const event: EventsV1Event = {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: core.metadata,
    eventTime: core.eventTime,
    series: core.series,
    reportingController: core.reportingComponent,
    reportingInstance: core.reportingInstance,
    action: core.action,
    reason: core.reason,
    regarding: core.involvedObject ?? {},
    related: core.related,
    note: core.message,
    type: core.type,
    deprecatedSource: core.source ?? {},
    deprecatedFirstTimestamp: core.firstTimestamp,
    deprecatedLastTimestamp: core.lastTimestamp,
    deprecatedCount: core.count,
  };
  return compact(event, ['reportingController', 'reportingInstance', 'action', 'reason', 'note', 'type', 'deprecatedCount']);
}
