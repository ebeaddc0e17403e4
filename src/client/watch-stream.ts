// Reading a watch answer: one JSON event per line (kube-apiserver's JSON watch framing). An ERROR event
// (a resourceVersion too old, the watch cache lagging) ends the watch with its Status as the error.
// The events a chunk completes come as one batch: a server sends those ready together in one write, and a
// follower then takes them in one turn of async iteration instead of one turn each.
import { StringDecoder } from 'node:string_decoder';
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Status } from '../errors/status-error.js';
import { statusErrorFrom } from './status.js';

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';
  object: KubeObject;
}

/** The events of a watch answer, in batches of one or more. */
export type WatchBatch = readonly WatchEvent[];

/** The events of a watch answer, a batch per chunk that completes any. The events before an ERROR are delivered first. */
export async function* watchEvents(body: AsyncIterable<Buffer>): AsyncIterable<WatchBatch> {
  // A character may be split between chunks: the decoder holds its first bytes back.
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of body) {
    pending += decoder.write(chunk);
    const last = pending.lastIndexOf('\n');
    if (last < 0) continue;
    const lines = pending.slice(0, last).split('\n');
    pending = pending.slice(last + 1);
    yield* eventsOf(lines);
  }
  // Bytes the decoder still holds (a stream cut inside a character) join the last line, which then fails as no JSON.
  yield* eventsOf([pending + decoder.end()]);
}

/**
 * The events of `lines` as one batch (none when all are blank). An ERROR event, or a line that is no JSON,
 * throws after the events before it are delivered.
 */
function* eventsOf(lines: readonly string[]): Iterable<WatchBatch> {
  const batch: WatchEvent[] = [];
  let failure: { error: unknown } | undefined;
  for (const text of lines) {
    const line = text.trim();
    if (!line) continue;
    try {
      batch.push(eventOf(line));
    } catch (error) {
      failure = { error };
      break;
    }
  }
  if (batch.length > 0) yield batch;
  if (failure) throw failure.error;
}

function eventOf(line: string): WatchEvent {
  const event = JSON.parse(line) as { type: string; object: unknown };
  if (event.type === 'ERROR') throw statusErrorFrom(event.object as Partial<Status>);
  return event as WatchEvent;
}
