// gRPC unary calls to etcd over one node:http2 session: the request/response framing of the gRPC HTTP/2
// protocol (5-byte length prefix, status in trailers) and nothing else.
//
// Decision: etcd's KV calls (every create, update, delete, get and list) go through this channel instead of
// @grpc/grpc-js. grpc-js spent ~110 µs of the event loop's CPU per transaction (call stack of interceptors,
// resolver, load balancer, subchannel; Long-to-string response conversion), as much as the rest of a create;
// this channel spends ~40 µs on the same call, and an etcd-backed kplane is bound by its one event loop.
// Leases and the watch stream stay on the `etcd3` client. See docs/architecture.md §3.
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

export interface UnaryChannelOptions {
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

export class UnaryChannel {
  #session: ClientHttp2Session | undefined;
  #endpoint = 0;
  #closed = false;
  readonly #headers = new Map<string, OutgoingHttpHeaders>();

  constructor(private readonly options: UnaryChannelOptions) {
    if (options.endpoints.length === 0) throw new TypeError('etcd backend: at least one endpoint is required');
  }

  /** Sends one request message to `path` (`/etcdserverpb.KV/Range`) and resolves with the response message. */
  call(path: string, message: Uint8Array): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      let stream: ClientHttp2Stream;
      try {
        stream = this.#sessionNow().request(this.#headersFor(path));
      } catch (error) {
        reject(new GrpcStatusError(GrpcCode.Unavailable, `etcd connection failed: ${String(error)}`));
        return;
      }
      readReply(stream, this.options.requestTimeoutMs, resolve, reject);
      stream.end(frame(message));
    });
  }

  close(): void {
    this.#closed = true;
    this.#session?.destroy();
    this.#session = undefined;
  }

  #headersFor(path: string): OutgoingHttpHeaders {
    let headers = this.#headers.get(path);
    if (headers === undefined) {
      headers = {
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: path,
        'content-type': 'application/grpc',
        te: 'trailers',
        'grpc-timeout': `${this.options.requestTimeoutMs}m`,
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
    session.unref(); // an idle connection does not keep the process alive (the backend closes it)
    this.#session = session;
    return session;
  }
}

/** A gRPC message frame: uncompressed flag, 4-byte big-endian length, the message. */
function frame(message: Uint8Array): Buffer {
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
  stream.on('error', (error) => {
    failure ??= new GrpcStatusError(GrpcCode.Unavailable, `etcd connection failed: ${error.message}`);
  });
  stream.once('close', () => {
    clearTimeout(timer);
    if (failure !== undefined) return reject(failure);
    const code = Number(status?.['grpc-status'] ?? GrpcCode.Unknown);
    if (code !== GrpcCode.Ok) {
      const message = status?.['grpc-message'];
      return reject(new GrpcStatusError(code, typeof message === 'string' ? decodeURIComponent(message) : `gRPC status ${code}`));
    }
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    if (body.length < 5 || body[0] !== 0) return reject(new GrpcStatusError(GrpcCode.Internal, 'etcd sent a malformed or compressed gRPC message'));
    resolve(body.subarray(5, 5 + body.readUInt32BE(1)));
  });
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
