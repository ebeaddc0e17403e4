// Watch streams (1-conventions: watch): `{type, object}` JSON documents, one per line, chunked.
// Every frame is encoded once per event and shared by all watchers (memo on the event). The events ready
// together (a group commit's) go out in one write, as upstream's watch server flushes only when its channel
// is empty: a write and turns of iteration per event were much of what the in-process garbage collector's
// watch cost the creates it followed (architecture §3).
import type { RequestContext } from '../context.js';
import { omitsManagedFields } from '../loopback-requests.js';
import { negotiate, type Representation } from '../negotiation.js';
import { listParams } from '../params.js';
import { toStatusError, writeHeadOnly } from '../responses.js';
import { apiVersionOf, objectJson, objectProtobuf, servesProtobuf, transformObject } from '../objects.js';
import { partialObjectMetadataJson } from '../partial-metadata.js';
import { PROTOBUF_WATCH_CONTENT_TYPE, encodeProtobufStatus, encodeProtobufWatchEvent } from '../../schema/protobuf/index.js';
import type { Status } from '../../errors/status-error.js';
import { includeObjectParam } from '../table.js';
import { parseSelectors } from './selectors.js';
import type { ResourceScope } from './scope.js';
import { goOrderedStatus } from '../status-encoding.js';
import { parseResourceVersion, type StoreWatchEvent } from '../../registry/store/index.js';
import { startLongTimer } from '../long-timer.js';
import { drained } from '../drain.js';

/**
 * Bytes of frames joined into one write at most (a frame this large or larger is written alone). Over TLS, Node
 * copies a write's buffers (the chunk and its chunked-encoding framing) into one malloc'd block; kept under
 * glibc's initial 128 KiB mmap threshold, those blocks come from reused memory. Measured with one HTTPS watcher
 * of a Pod create load: with 1 MiB joins, ~1.3 more page faults and ~5 KB more resident growth per create.
 */
const MAX_WRITE_BYTES = 64 * 1024;

/** kube-apiserver's default --min-request-timeout. */
const MIN_REQUEST_TIMEOUT_SECONDS = 1800;

/** One watch's events, counted and sized (apiserver_watch_events_total and apiserver_watch_events_sizes). */
export interface WatchEventSink {
  /** An event sent, with the size of the object it carries (upstream measures the embedded object). */
  observe(objectBytes: number): void;
}

/** The sink of a watch of the kind (group, version, kind), found once per watch. */
export type WatchEventMetrics = (group: string, version: string, kind: string) => WatchEventSink;

export async function handleWatch(ctx: RequestContext, scope: ResourceScope, metrics?: WatchEventMetrics): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: true, protobuf: servesProtobuf(scope.def), omitManagedFields: omitsManagedFields(ctx) });
  const params = listParams(ctx.query, true);
  // The deprecated single-object form (`.../configmaps/foo?watch=1`) is a name field selector.
  if (scope.info.name) params.fieldSelector = [`metadata.name=${scope.info.name}`, params.fieldSelector].filter(Boolean).join(',');
  const selectors = parseSelectors(scope, params);
  parseResourceVersion(params.resourceVersion); // a malformed version is a 400 before the stream starts
  // Upstream: the client's timeoutSeconds, else a random time in [minRequestTimeout, 2×) so that watches
  // spread their re-lists (0 disables the limit).
  const minimum = ctx.minRequestTimeoutSeconds ?? MIN_REQUEST_TIMEOUT_SECONDS;
  const timeoutSeconds = params.timeoutSeconds || (minimum > 0 ? minimum * (1 + Math.random()) : undefined);
  const abort = new AbortController();
  const onAbort = (): void => abort.abort();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  // Any length, as Go's timer: a bare setTimeout fires at once past ~24.8 days (timeoutSeconds=3000000).
  const timer = timeoutSeconds === undefined ? undefined : startLongTimer(timeoutSeconds * 1000, onAbort);
  const events = scope.store.watch(scope.namespace, {
    ...selectors,
    resourceVersion: params.resourceVersion,
    allowWatchBookmarks: params.allowWatchBookmarks,
    ...(timeoutSeconds === undefined ? {} : { deadline: Date.now() + timeoutSeconds * 1000 }),
    signal: abort.signal,
  });
  ctx.code = 200;
  const protobuf = rep.kind === 'object' && rep.format === 'protobuf';
  writeHeadOnly(ctx, 200, protobuf ? PROTOBUF_WATCH_CONTENT_TYPE : 'application/json');
  // Flush the head so clients see the watch established before the first event.
  ctx.res.write('');
  // Set up: priority and fairness gives its seat back (upstream's watch initialization signal).
  ctx.watchInitialized?.();
  const sink = metrics?.(scope.def.group, scope.def.version, scope.def.kind);
  try {
    for await (const batch of events) {
      const { frames, failure } = framesOf(ctx, scope, batch, rep);
      const written = writeFrames(ctx, frames, abort.signal);
      if (!(written === true || (written !== false && (await written)))) break;
      frames.forEach((bytes, i) => sink?.observe(embeddedObjectBytes(bytes, (batch[i] as StoreWatchEvent).type, protobuf)));
      if (failure) throw failure.error;
    }
  } catch (error) {
    if (!abort.signal.aborted) {
      const bytes = errorFrame(toStatusError(error).status, protobuf);
      sink?.observe(embeddedObjectBytes(bytes, 'ERROR', protobuf));
      await writeFrames(ctx, [bytes], abort.signal);
    }
  } finally {
    timer?.clear();
    ctx.signal.removeEventListener('abort', onAbort);
    abort.abort();
    ctx.res.end();
  }
}

/**
 * The size of the object inside a frame, read off its framing: JSON frames are `{"type":"<type>","object":`,
 * the object and `}\n`; protobuf frames a length prefix, then WatchEvent{type, RawExtension{raw}}.
 */
export function embeddedObjectBytes(frame: Uint8Array, type: string, protobuf: boolean): number {
  if (!protobuf) return frame.length - JSON_FRAME_OVERHEAD - type.length;
  let offset = 5; // the 4-byte length prefix and WatchEvent's type tag
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; offset < frame.length; shift += 7) {
      const byte = frame[offset++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    return value;
  };
  const typeLength = varint();
  offset += typeLength + 1; // the type, and the object field's tag
  varint(); // RawExtension's length
  offset++; // raw's tag
  return varint();
}

/** `{"type":"` + `","object":` + `}\n`. */
const JSON_FRAME_OVERHEAD = 22;

/** An ERROR event carrying a Status. */
function errorFrame(status: Status, protobuf: boolean): Buffer {
  if (protobuf) return Buffer.from(encodeProtobufWatchEvent('ERROR', encodeProtobufStatus(status)));
  return Buffer.from(JSON.stringify({ type: 'ERROR', object: goOrderedStatus(status) }) + '\n');
}

function frame(ctx: RequestContext, scope: ResourceScope, event: StoreWatchEvent, rep: Representation): Buffer {
  const protobuf = rep.kind === 'object' && rep.format === 'protobuf';
  if (event.type === 'BOOKMARK') {
    const object = { kind: scope.def.kind, apiVersion: apiVersionOf(scope.def), metadata: { resourceVersion: String(event.revision) } };
    if (protobuf) return Buffer.from(encodeProtobufWatchEvent('BOOKMARK', objectProtobuf(scope.def, object)));
    return Buffer.from(JSON.stringify({ type: 'BOOKMARK', object }) + '\n');
  }
  // Each encoding is made once per event and shared by every watcher asking for it.
  if (protobuf) return event.encoded(`${event.type}:protobuf`, () => Buffer.from(encodeProtobufWatchEvent(event.type, objectProtobuf(scope.def, event.item.object))));
  const key = rep.kind === 'object' ? 'json' : rep.kind === 'table' ? `table:${rep.version}:${includeObjectParam(ctx.query)}` : `meta:${rep.version}:${rep.omitManagedFields ?? false}`;
  return event.encoded(`${event.type}:${key}`, () => {
    const object = rep.kind === 'object' ? objectJson(scope.def, event.item)
      : rep.kind === 'partial-metadata' ? partialObjectMetadataJson(event.item, rep.version, rep.omitManagedFields)
      : JSON.stringify(transformObject(ctx, scope.def, event.item.object, rep));
    return Buffer.from(`{"type":"${event.type}","object":${object}}\n`);
  });
}

/**
 * The frames of a batch, up to an event that fails to encode: its error comes back beside the frames before
 * it, which are written first (as they were when each event was written before the next was encoded).
 */
function framesOf(ctx: RequestContext, scope: ResourceScope, batch: readonly StoreWatchEvent[], rep: Representation): { frames: Buffer[]; failure?: { error: unknown } } {
  const frames: Buffer[] = [];
  for (const event of batch) {
    try {
      frames.push(frame(ctx, scope, event, rep));
    } catch (error) {
      return { frames, failure: { error } };
    }
  }
  return { frames };
}

/**
 * Writes `frames` in as few writes as MAX_WRITE_BYTES allows (frames joined up to it, a frame that large alone),
 * so that a batch of large objects is not copied into one buffer. False once the client is gone or `signal`
 * (the watch's end) aborted. The answer comes at once when the socket took every write (no turn of the event
 * loop spent per batch and watcher: the 1,000-watcher fan-out), a promise of it when a write had to wait.
 */
export function writeFrames(ctx: Pick<RequestContext, 'signal' | 'res' | 'req'>, frames: readonly Buffer[], signal: AbortSignal): boolean | Promise<boolean> {
  return writeChunks(ctx, joinedFrames(frames), 0, signal);
}

function writeChunks(ctx: Pick<RequestContext, 'signal' | 'res' | 'req'>, chunks: readonly Buffer[], from: number, signal: AbortSignal): boolean | Promise<boolean> {
  for (let i = from; i < chunks.length; i++) {
    if (signal.aborted || ctx.signal.aborted) return false;
    // Backpressure: the chunk is taken, the next waits for the socket to drain.
    if (!ctx.res.write(chunks[i] as Buffer)) return drained(ctx, signal).then((ok) => ok && writeChunks(ctx, chunks, i + 1, signal));
  }
  return true;
}

function joinedFrames(frames: readonly Buffer[]): Buffer[] {
  if (frames.length === 1) return frames as Buffer[];
  const chunks: Buffer[] = [];
  let run: Buffer[] = [];
  let bytes = 0;
  for (const bytesOfFrame of frames) {
    if (run.length > 0 && bytes + bytesOfFrame.length > MAX_WRITE_BYTES) {
      chunks.push(run.length === 1 ? (run[0] as Buffer) : Buffer.concat(run, bytes));
      run = [];
      bytes = 0;
    }
    run.push(bytesOfFrame);
    bytes += bytesOfFrame.length;
  }
  if (run.length > 0) chunks.push(run.length === 1 ? (run[0] as Buffer) : Buffer.concat(run, bytes));
  return chunks;
}

