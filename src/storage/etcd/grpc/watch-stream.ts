// etcd's Watch service: one bidirectional gRPC call carrying watch requests out and watch responses back.
import type { GrpcChannel } from './channel.js';
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
  let closed = false;
  const call = channel.stream('/etcdserverpb.Watch/Watch', {
    // A message that does not decode throws here, which ends the call as an error (the watch then restarts).
    message: (message) => !closed && listener.response(watchCodec.decode(message)),
    end: (error) => {
      if (closed) return;
      closed = true;
      if (error !== undefined) listener.error(error);
      else listener.end();
    },
  });
  return {
    write(request) {
      if (!closed) call.send(watchCodec.encode(request));
    },
    close() {
      if (closed) return;
      closed = true;
      call.close();
    },
  };
}
