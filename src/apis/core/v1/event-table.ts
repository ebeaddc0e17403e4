// The `kubectl get events` table (upstream printEvent), shared by core v1 and events.k8s.io/v1.
// Last Seen and First Seen fall back to eventTime and series for new-style events; Count is 1 for
// singletons, which the new API leaves unset.
import type { TableColumn } from '../../../registry/resource-definition.js';
import { isZeroTime } from '../../meta/v1/time.js';
import { columnDefinition, nameColumn } from '../../printers/columns.js';
import { translateTimestampSince } from '../../printers/human-duration.js';
import type { CoreEvent } from './event.js';

/** First Seen: firstTimestamp, or eventTime for new-style events. */
function firstSeen(e: CoreEvent, now: Date): string {
  return isZeroTime(e.firstTimestamp) ? translateTimestampSince(e.eventTime, now) : translateTimestampSince(e.firstTimestamp, now);
}

/** Last Seen: the series' last observation, else lastTimestamp, else First Seen. */
function lastSeen(e: CoreEvent, now: Date): string {
  if (e.series) return translateTimestampSince(e.series.lastObservedTime, now);
  return isZeroTime(e.lastTimestamp) ? firstSeen(e, now) : translateTimestampSince(e.lastTimestamp, now);
}

function count(e: CoreEvent): number {
  if (e.series) return e.series.count ?? 0;
  return e.count || 1;
}

/** `kind/name` of the involved object, lower-cased kind (just the kind when the name is empty). */
function target(e: CoreEvent): string {
  const kind = (e.involvedObject?.kind ?? '').toLowerCase();
  const name = e.involvedObject?.name ?? '';
  return name ? `${kind}/${name}` : kind;
}

/** `component[, host]` of the legacy source (upstream formatEventSource of 1.25). */
function source(e: CoreEvent): string {
  const component = e.source?.component ?? '';
  const host = e.source?.host ?? '';
  return host ? `${component}, ${host}` : component;
}

const text = (name: string, description: string, priority = 0): ReturnType<typeof columnDefinition> =>
  columnDefinition(name, 'string', description, { priority });

/** The event columns in upstream order; priority-1 columns appear with `kubectl get -o wide`. */
export const eventTableColumns: TableColumn<CoreEvent>[] = [
  { definition: text('Last Seen', 'Time since the event was last observed.'), cell: (e, now) => lastSeen(e, now) },
  { definition: text('Type', 'Type of the event: Normal or Warning.'), cell: (e) => e.type ?? '' },
  { definition: text('Reason', 'Machine-readable reason of the event.'), cell: (e) => e.reason ?? '' },
  { definition: text('Object', 'The object the event is about.'), cell: (e) => target(e) },
  { definition: text('Subobject', 'Field path within the object, e.g. a container.', 1), cell: (e) => e.involvedObject?.fieldPath ?? '' },
  { definition: text('Source', 'Component that reported the event.', 1), cell: (e) => source(e) },
  { definition: text('Message', 'Human-readable description.'), cell: (e) => (e.message ?? '').trim() },
  { definition: text('First Seen', 'Time since the event was first observed.', 1), cell: (e, now) => firstSeen(e, now) },
  { definition: text('Count', 'Number of times the event occurred.', 1), cell: (e) => count(e) },
  nameColumn<CoreEvent>(1),
];
