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
    if (!closed) listener.response(watchCodec.decode(message));
  });
  stream.on('response', (headers) => {
    if (headers['grpc-status'] !== undefined) status = headers;
  });
  stream.on('trailers', (trailers) => (status = trailers));
  stream.on('data', (chunk: Buffer) => frames.push(chunk));
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
