// Small accessors over `WatchEvent`, shared by the backends and the watch hub.
import type { KeyValue, WatchEvent } from './interface.js';

/** The revision an event happened at. */
export function eventRevision(event: WatchEvent): number {
  return event.type === 'PUT' ? event.kv.modRevision : event.revision;
}

/** The key an event is about. */
export function eventKey(event: WatchEvent): string {
  return event.type === 'PUT' ? event.kv.key : event.key;
}

/** The written value of a create or update, from its PUT event. */
export function putResult(event: WatchEvent): KeyValue {
  if (event.type !== 'PUT') throw new Error(`expected a PUT event, got ${event.type}`);
  return event.kv;
}

/** The result of a delete, from its DELETE event. */
export function deleteResult(event: WatchEvent): { revision: number; prevKv: KeyValue } {
  if (event.type !== 'DELETE') throw new Error(`expected a DELETE event, got ${event.type}`);
  return { revision: event.revision, prevKv: event.prevKv };
}
