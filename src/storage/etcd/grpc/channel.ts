// gRPC to etcd over one HTTP/2 connection (http2/session.ts): unary calls and bidirectional message streams,
// with deadlines, keepalive pings, and the next member after a failed connection.
//
// Decision: this instead of @grpc/grpc-js (through `etcd3`), which spent ~110 µs of the event loop's CPU per
// transaction (interceptors, resolver, load balancer, subchannel; Long-to-string conversion of every
// response), and instead of node:http2 (~100 µs per call); this channel spends ~25 µs. An etcd-backed kplane
// is bound by its one event loop. See docs/architecture.md §3.
import type { EtcdTlsOptions } from '../etcd-client.js';
import { encodeHeaderBlock, type HeaderFields } from './http2/hpack.js';
import { Http2ClientSession, RefusedStreamError, type Http2Stream, type StreamHandler } from './http2/session.js';
import { CallStatus, GrpcCode, GrpcStatusError, unavailableCall } from './grpc-status.js';
import { frame, MessageReader } from './message-frames.js';

export interface GrpcChannelOptions {
  /** Client URLs, `http://host:port` or `https://host:port`; the next one is tried when one fails. */
  endpoints: readonly string[];
  tls?: EtcdTlsOptions;
  /** Deadline of every unary call. */
  requestTimeoutMs: number;
  /** A member not reached within this is given up for the next; default 20 s (kube-apiserver's dial timeout). */
  dialTimeoutMs?: number;
  /** A ping every this often, as grpc's keepalive; default 30 s (kube-apiserver). */
  keepaliveTimeMs?: number;
  /** The connection is dropped when a ping is not answered within this; default 10 s. */
  keepaliveTimeoutMs?: number;
}

/** What a bidirectional call's owner hears: messages, then one end (an error, or none for status OK). */
export interface GrpcStreamHandler {
  /** May throw (a message that does not decode): the call then ends with that error. */
  message(message: Buffer): void;
  end(error: Error | undefined): void;
}

export interface GrpcStream {
  send(message: Uint8Array): void;
  /** Cancels the call; its handler hears nothing more. */
  close(): void;
}

/** Bytes etcd may send before this client acknowledges them (a 10k-object list is ~10 MB). */
const WINDOW_BYTES = 16 << 20;

export class GrpcChannel {
  #session: Http2ClientSession | undefined;
  readonly #endpoints: readonly URL[];
  /** Request header blocks per endpoint, by path: they never change, so they are encoded once. */
  readonly #headerBlocks: readonly Map<string, Buffer>[];
  #endpoint = 0;
  #closed = false;

  constructor(private readonly options: GrpcChannelOptions) {
    if (options.endpoints.length === 0) throw new TypeError('etcd backend: at least one endpoint is required');
    if ((options.tls?.cert === undefined) !== (options.tls?.key === undefined)) {
      throw new TypeError('etcd backend: tls.cert and tls.key must be given together');
    }
    this.#endpoints = options.endpoints.map(endpointUrl);
    this.#headerBlocks = this.#endpoints.map(() => new Map());
  }

  /** Sends one request message to `path` (`/etcdserverpb.KV/Range`) and resolves with the response message. */
  unary(path: string, message: Uint8Array): Promise<Buffer> {
    return new Promise((resolve, reject) => this.#unaryAttempt(path, message, resolve, reject, true));
  }

  /** One attempt; a call etcd did not process (refused, or cut off by GOAWAY) is tried once more, as grpc-go's. */
  #unaryAttempt(path: string, message: Uint8Array, resolve: (message: Buffer) => void, reject: (error: Error) => void, first: boolean): void {
    try {
      const session = this.#sessionNow();
      const retry = first ? (): void => this.#unaryAttempt(path, message, resolve, reject, false) : undefined;
      const call = new UnaryCall(resolve, reject, retry);
      call.start(session, session.request(this.#headerBlock(path, true), call), this.options.requestTimeoutMs);
      session.send(call.stream!, frame(message), true);
    } catch (error) {
      reject(unavailableCall(error));
    }
  }

  /** Opens a bidirectional call on `path` (`/etcdserverpb.Watch/Watch`), without a deadline. */
  stream(path: string, handler: GrpcStreamHandler): GrpcStream {
    let session: Http2ClientSession;
    try {
      session = this.#sessionNow();
    } catch (error) {
      throw unavailableCall(error);
    }
    const call = new BidiCall(session, handler);
    call.stream = session.request(this.#headerBlock(path, false), call);
    return call;
  }

  close(): void {
    this.#closed = true;
    this.#session?.destroy(new Error('the etcd client is closed'));
    this.#session = undefined;
  }

  #headerBlock(path: string, deadline: boolean): Buffer {
    const index = this.#endpoint % this.#endpoints.length;
    const endpoint = this.#endpoints[index]!;
    const blocks = this.#headerBlocks[index]!;
    let block = blocks.get(path);
    if (block === undefined) {
      block = encodeHeaderBlock([
        [':method', 'POST'], [':scheme', endpoint.protocol.slice(0, -1)], [':path', path], [':authority', endpoint.host],
        ['content-type', 'application/grpc'], ['te', 'trailers'],
        ...(deadline ? [['grpc-timeout', `${Math.min(this.options.requestTimeoutMs, 99_999_999)}m`] as const] : []),
      ]);
      blocks.set(path, block);
    }
    return block;
  }

  /** The open session, or a new one to the current endpoint (the next endpoint after a failed one). */
  #sessionNow(): Http2ClientSession {
    if (this.#closed) throw new Error('the etcd client is closed');
    if (this.#session?.usable) return this.#session;
    const session: Http2ClientSession = new Http2ClientSession({
      url: this.#endpoints[this.#endpoint % this.#endpoints.length]!,
      ...(this.options.tls ? { tls: this.options.tls } : {}),
      receiveWindow: WINDOW_BYTES,
      connectTimeoutMs: this.options.dialTimeoutMs ?? 20_000,
      keepaliveTimeMs: this.options.keepaliveTimeMs ?? 30_000,
      keepaliveTimeoutMs: this.options.keepaliveTimeoutMs ?? 10_000,
      onUnusable: (peerFailed) => {
        if (peerFailed) this.#endpoint++; // this member is unreachable or stopped answering: the next call tries another
        if (this.#session === session) this.#session = undefined;
      },
    });
    this.#session = session;
    return session;
  }
}

/** An etcd client URL, `http://host:port` or `https://host:port`. */
function endpointUrl(endpoint: string): URL {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new TypeError(`etcd backend: endpoint ${JSON.stringify(endpoint)} is not an http:// or https:// URL`);
  }
  return url;
}

/** A unary call: one message back, its status in the trailers (or in the headers of a trailers-only answer). */
class UnaryCall implements StreamHandler {
  stream: Http2Stream | undefined;
  readonly #chunks: Buffer[] = [];
  readonly #status = new CallStatus();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly resolve: (message: Buffer) => void,
    private readonly reject: (error: Error) => void,
    private readonly retry: (() => void) | undefined,
  ) {}

  start(session: Http2ClientSession, stream: Http2Stream, timeoutMs: number): void {
    this.stream = stream;
    this.#timer = setTimeout(() => {
      session.cancel(stream);
      this.reject(new GrpcStatusError(GrpcCode.DeadlineExceeded, `etcd did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
  }

  headers(fields: HeaderFields): void {
    this.#status.heard(fields);
  }

  data(chunk: Buffer): void {
    this.#chunks.push(chunk);
  }

  closed(error: Error | undefined): void {
    clearTimeout(this.#timer);
    if (error instanceof RefusedStreamError && this.retry !== undefined) return this.retry();
    const failure = this.#status.error(error);
    if (failure !== undefined) return this.reject(failure);
    const body = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks);
    if (body.length < 5 || body[0] !== 0 || body.length < 5 + body.readUInt32BE(1)) {
      return this.reject(new GrpcStatusError(GrpcCode.Internal, 'etcd sent a malformed or compressed gRPC message'));
    }
    this.resolve(body.subarray(5, 5 + body.readUInt32BE(1)));
  }
}

/** A bidirectional call: messages both ways until either side ends it. */
class BidiCall implements StreamHandler, GrpcStream {
  stream: Http2Stream | undefined;
  readonly #status = new CallStatus();
  #over = false;
  readonly #messages: MessageReader;

  constructor(private readonly session: Http2ClientSession, private readonly handler: GrpcStreamHandler) {
    this.#messages = new MessageReader((message) => handler.message(message));
  }

  send(message: Uint8Array): void {
    if (!this.#over) this.session.send(this.stream!, frame(message), false);
  }

  close(): void {
    if (this.#over) return;
    this.#over = true;
    this.session.cancel(this.stream!);
  }

  headers(fields: HeaderFields): void {
    this.#status.heard(fields);
  }

  data(chunk: Buffer): void {
    if (this.#over) return;
    try {
      this.#messages.push(chunk);
    } catch (error) {
      // A message that does not decode ends the call as a failure (its owner restarts it), not the connection.
      this.close();
      this.handler.end(error instanceof Error ? error : new Error(String(error)));
    }
  }

  closed(error: Error | undefined): void {
    if (this.#over) return;
    this.#over = true;
    this.handler.end(this.#status.error(error));
  }
}
