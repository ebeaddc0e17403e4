// gRPC to etcd over one node:http2 session: unary calls and bidirectional message streams, with the gRPC
// HTTP/2 framing (5-byte length prefix, status in trailers), deadlines, keepalive pings, and the next member
// after a failed connection.
//
// Decision: this instead of @grpc/grpc-js (through `etcd3`). grpc-js spent ~110 µs of the event loop's CPU
// per transaction (interceptors, resolver, load balancer, subchannel; Long-to-string conversion of every
// response), as much as the rest of a create; this channel spends ~40 µs on the same call, and an
// etcd-backed kplane is bound by its one event loop. See docs/architecture.md §3.
import { connect, constants, type ClientHttp2Session, type ClientHttp2Stream, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import type { EtcdTlsOptions } from '../etcd-client.js';

/** The gRPC status codes this client produces or tells apart (google.rpc.Code). */
export const GrpcCode = {
  Ok: 0, Cancelled: 1, Unknown: 2, InvalidArgument: 3, DeadlineExceeded: 4, NotFound: 5, FailedPrecondition: 9,
  Aborted: 10, OutOfRange: 11, Internal: 13, Unavailable: 14, ResourceExhausted: 8,
} as const;

/** A call that ended with a non-OK gRPC status: etcd's own message (`etcdserver: ...`) and code. */
export class GrpcStatusError extends Error {
  override readonly name = 'GrpcStatusError';
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

export interface GrpcChannelOptions {
  /** Client URLs, `http://host:port` or `https://host:port`; the next one is tried when one fails. */
  endpoints: readonly string[];
  tls?: EtcdTlsOptions;
  /** Deadline of every call. */
  requestTimeoutMs: number;
  /** A ping every this often on an idle connection, as grpc's keepalive; default 30 s (kube-apiserver). */
  keepaliveTimeMs?: number;
  /** The connection is dropped when a ping is not answered within this; default 10 s. */
  keepaliveTimeoutMs?: number;
}

/** Bytes etcd may send before this client acknowledges them (a 10k-object list is ~10 MB). */
const WINDOW_BYTES = 16 << 20;

export class GrpcChannel {
  #session: ClientHttp2Session | undefined;
  #endpoint = 0;
  #closed = false;
  readonly #headers = new Map<string, OutgoingHttpHeaders>();

  constructor(private readonly options: GrpcChannelOptions) {
    if (options.endpoints.length === 0) throw new TypeError('etcd backend: at least one endpoint is required');
    if ((options.tls?.cert === undefined) !== (options.tls?.key === undefined)) {
      throw new TypeError('etcd backend: tls.cert and tls.key must be given together');
    }
  }

  /** Sends one request message to `path` (`/etcdserverpb.KV/Range`) and resolves with the response message. */
  unary(path: string, message: Uint8Array): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      let stream: ClientHttp2Stream;
      try {
        stream = this.#sessionNow().request(this.#headersFor(path, true));
      } catch (error) {
        reject(unavailableCall(error));
        return;
      }
      readReply(stream, this.options.requestTimeoutMs, resolve, reject);
      stream.end(frame(message));
    });
  }

  /**
   * Opens a bidirectional call on `path` (`/etcdserverpb.Watch/Watch`), without a deadline. Messages are
   * sent with {@link frame}; the stream's data is gRPC frames ({@link FrameReader}), its end the status.
   */
  stream(path: string): ClientHttp2Stream {
    try {
      return this.#sessionNow().request(this.#headersFor(path, false));
    } catch (error) {
      throw unavailableCall(error);
    }
  }

  close(): void {
    this.#closed = true;
    this.#session?.destroy();
    this.#session = undefined;
  }

  #headersFor(path: string, deadline: boolean): OutgoingHttpHeaders {
    let headers = this.#headers.get(path);
    if (headers === undefined) {
      headers = {
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: path,
        'content-type': 'application/grpc',
        te: 'trailers',
        ...(deadline ? { 'grpc-timeout': `${this.options.requestTimeoutMs}m` } : {}),
      };
      this.#headers.set(path, headers);
    }
    return headers;
  }

  /** The open session, or a new one to the current endpoint (the next endpoint after a failed one). */
  #sessionNow(): ClientHttp2Session {
    if (this.#closed) throw new Error('the etcd client is closed');
    const current = this.#session;
    if (current !== undefined && !current.closed && !current.destroyed) return current;
    const endpoint = this.options.endpoints[this.#endpoint % this.options.endpoints.length]!;
    const tls = this.options.tls;
    const session = connect(endpoint, {
      maxSessionMemory: 64,
      settings: { initialWindowSize: WINDOW_BYTES },
      ...(tls?.ca !== undefined ? { ca: tls.ca } : {}),
      ...(tls?.cert !== undefined && tls.key !== undefined ? { cert: tls.cert, key: tls.key } : {}),
    });
    let connected = false;
    session.once('connect', () => {
      connected = true;
      session.setLocalWindowSize(WINDOW_BYTES);
      keepAlive(session, this.options.keepaliveTimeMs ?? 30_000, this.options.keepaliveTimeoutMs ?? 10_000);
    });
    const drop = (): void => {
      if (this.#session === session) this.#session = undefined;
    };
    session.on('error', () => {
      if (!connected) this.#endpoint++; // this member is unreachable: the next call tries another
      drop();
    });
    session.once('goaway', drop); // finish what runs there, start new calls on a fresh connection
    session.once('close', drop);
    this.#session = session;
    return session;
  }
}

const unavailableCall = (error: unknown): GrpcStatusError =>
  new GrpcStatusError(GrpcCode.Unavailable, `etcd connection failed: ${error instanceof Error ? error.message : String(error)}`);

/** A gRPC message frame: uncompressed flag, 4-byte big-endian length, the message. */
export function frame(message: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + message.length);
  out[0] = 0;
  out.writeUInt32BE(message.length, 1);
  out.set(message, 5);
  return out;
}

/** Collects the response message and the status (trailers, or headers of a trailers-only response). */
function readReply(stream: ClientHttp2Stream, timeoutMs: number, resolve: (message: Buffer) => void, reject: (error: Error) => void): void {
  const chunks: Buffer[] = [];
  let status: IncomingHttpHeaders | undefined;
  let failure: Error | undefined;
  const timer = setTimeout(() => {
    failure = new GrpcStatusError(GrpcCode.DeadlineExceeded, `etcd did not answer within ${timeoutMs} ms`);
    stream.close(constants.NGHTTP2_CANCEL);
  }, timeoutMs);
  stream.on('response', (headers) => {
    if (headers['grpc-status'] !== undefined) status = headers;
  });
  stream.on('trailers', (trailers) => (status = trailers));
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('error', (error) => (failure ??= unavailableCall(error)));
  stream.once('close', () => {
    clearTimeout(timer);
    const error = failure ?? statusError(status);
    if (error !== undefined) return reject(error);
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    if (body.length < 5 || body[0] !== 0) return reject(new GrpcStatusError(GrpcCode.Internal, 'etcd sent a malformed or compressed gRPC message'));
    resolve(body.subarray(5, 5 + body.readUInt32BE(1)));
  });
}

/** The error a call's status (trailers, or headers of a trailers-only answer) stands for; none when OK. */
export function statusError(status: IncomingHttpHeaders | undefined): GrpcStatusError | undefined {
  const code = Number(status?.['grpc-status'] ?? GrpcCode.Unknown);
  if (code === GrpcCode.Ok) return undefined;
  const message = status?.['grpc-message'];
  return new GrpcStatusError(code, typeof message === 'string' ? decodeURIComponent(message) : `gRPC status ${code}`);
}

/** Splits a stream's data into gRPC messages, however HTTP/2 cut it into chunks. */
export class FrameReader {
  #buffered: Buffer | undefined;

  constructor(private readonly onMessage: (message: Buffer) => void) {}

  push(chunk: Buffer): void {
    let data = this.#buffered === undefined ? chunk : Buffer.concat([this.#buffered, chunk]);
    while (data.length >= 5) {
      const end = 5 + data.readUInt32BE(1);
      if (data.length < end) break;
      this.onMessage(data.subarray(5, end));
      data = data.subarray(end);
    }
    this.#buffered = data.length > 0 ? data : undefined;
  }
}

/** Pings the connection every `intervalMs` and destroys it when a ping goes unanswered for `timeoutMs`. */
function keepAlive(session: ClientHttp2Session, intervalMs: number, timeoutMs: number): void {
  const timer = setInterval(() => {
    const deadline = setTimeout(() => session.destroy(new Error('etcd keepalive ping timed out')), timeoutMs);
    deadline.unref();
    session.ping((error) => {
      clearTimeout(deadline);
      if (error) session.destroy(error);
    });
  }, intervalMs);
  timer.unref();
  session.once('close', () => clearInterval(timer));
}
