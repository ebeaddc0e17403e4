// etcd's Watch service: one bidirectional gRPC call carrying watch requests out and watch responses back.
import type { ClientHttp2Stream, IncomingHttpHeaders } from 'node:http2';
import { FrameReader, frame, statusError, type GrpcChannel } from './channel.js';
import { watchCodec, type WatchRequest, type WatchResponse } from './etcd-proto.js';

/** What a watch stream reports; exactly one of `error` and `end` comes, unless it is closed first. */
export interface WatchStreamListener {
  response(response: WatchResponse): void;
  /** The connection failed or etcd ended the call with an error status. */
  error(error: Error): void;
  /** etcd ended the call with status OK. */
  end(): void;
}

export interface WatchStream {
  write(request: WatchRequest): void;
  /** Cancels the call; the listener hears nothing more. */
  close(): void;
}

export function openWatchStream(channel: GrpcChannel, listener: WatchStreamListener): WatchStream {
  const stream: ClientHttp2Stream = channel.stream('/etcdserverpb.Watch/Watch');
  let closed = false;
  let status: IncomingHttpHeaders | undefined;
  let failure: Error | undefined;
  const frames = new FrameReader((message) => {
    if (closed) return;
    let response: WatchResponse;
    try {
      response = watchCodec.decode(message);
    } catch (error) {
      // A message that does not decode ends the call as a failure (the watch then restarts), not the process.
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    listener.response(response);
  });
  stream.on('response', (headers) => {
    if (headers['grpc-status'] !== undefined) status = headers;
  });
  stream.on('trailers', (trailers) => (status = trailers));
  stream.on('data', (chunk: Buffer) => frames.push(chunk));
  // etcd ended the call (trailers): end ours too, or the stream would stay half-open and never close.
  stream.once('end', () => stream.close());
  stream.on('error', (error) => (failure ??= error));
  stream.once('close', () => {
    if (closed) return;
    closed = true;
    const error = failure ?? statusError(status);
    if (error !== undefined) listener.error(error);
    else listener.end();
  });
  return {
    write(request) {
      if (!closed) stream.write(frame(watchCodec.encode(request)));
    },
    close() {
      if (closed) return;
      closed = true;
      stream.close();
    },
  };
}
