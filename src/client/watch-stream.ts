// Reading a watch answer: one JSON event per line (kube-apiserver's JSON watch framing). An ERROR event
// (a resourceVersion too old, the watch cache lagging) ends the watch with its Status as the error.
import { StringDecoder } from 'node:string_decoder';
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Status } from '../errors/status-error.js';
import { statusErrorFrom } from './status.js';
import { trimManagedFieldsOfFrame } from './trim-managed-fields.js';

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';
  object: KubeObject;
}

/** The events of a watch answer; with `trimManagedFields`, objects come without metadata.managedFields where the frame allows a cut. */
export async function* watchEvents(body: AsyncIterable<Buffer>, trimManagedFields = false): AsyncIterable<WatchEvent> {
  // A character may be split between chunks: the decoder holds its first bytes back.
  const decoder = new StringDecoder('utf8');
  const frameOf = trimManagedFields ? trimManagedFieldsOfFrame : (line: string) => line;
  let pending = '';
  for await (const chunk of body) {
    pending += decoder.write(chunk);
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) yield eventOf(frameOf(line));
    }
  }
  const last = pending.trim();
  if (last) yield eventOf(frameOf(last));
}

function eventOf(line: string): WatchEvent {
  const event = JSON.parse(line) as { type: string; object: unknown };
  if (event.type === 'ERROR') throw statusErrorFrom(event.object as Partial<Status>);
  return event as WatchEvent;
}
