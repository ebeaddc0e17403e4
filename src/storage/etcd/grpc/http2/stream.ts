// A stream of the HTTP/2 client: its state, what its owner hears, and how it ends.
import type { HeaderFields } from './hpack.js';

/** What a stream's owner hears. */
export interface StreamHandler {
  /** A header block: the response headers, or the trailers (`endStream`). */
  headers(fields: HeaderFields, endStream: boolean): void;
  data(chunk: Buffer): void;
  /** The stream is over: `error` when the peer reset it or the connection failed, none when it ended. */
  closed(error: Error | undefined): void;
}

/** A stream's state; callers hold it as a handle and pass it back to the session. */
export class Http2Stream {
  /** 0 until the stream is opened (it may wait for the peer's concurrency limit). */
  id = 0;
  sendWindow = 0;
  /** Data not yet sent (window or stream not open yet); `pendingEnd`: the last of it ends the stream. */
  readonly pending: Buffer[] = [];
  pendingEnd = false;
  localEnded = false;
  /** Received DATA bytes not yet given back to the peer with WINDOW_UPDATE. */
  unacknowledged = 0;
  constructor(readonly headerBlock: Buffer, readonly handler: StreamHandler) {}
}

/**
 * A stream the peer did not process (RST_STREAM REFUSED_STREAM, above GOAWAY's last stream, or still queued
 * when the connection stopped taking streams): safe to retry elsewhere (RFC 9113 §8.7).
 */
export class RefusedStreamError extends Error {
  override readonly name = 'RefusedStreamError';
}

/** Tells every stream's handler it is over; one that throws does not keep the others from hearing it. */
export function notifyClosed(streams: readonly Http2Stream[], error: Error): void {
  let failure: unknown;
  for (const stream of streams) {
    try {
      stream.handler.closed(error);
    } catch (thrown) {
      failure ??= thrown;
    }
  }
  if (failure !== undefined) throw failure;
}
