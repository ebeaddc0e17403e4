// An HTTP/2 client connection (RFC 9113), as much of it as a gRPC client needs: streams opened with a
// prepared header block, DATA sent within the peer's flow-control windows, windows given back as data
// arrives, SETTINGS, PING (answered, and sent as keepalive), GOAWAY, RST_STREAM, CONTINUATION.
//
// Decision: this instead of node:http2. Node 20's ClientHttp2Session.request alone costs ~40 µs of the event
// loop per call (it binds an AsyncResource per stream, which builds deprecation wrappers), and its stream
// objects another ~40 µs; an etcd-backed kplane makes one call per write and is bound by its event loop.
// Here a unary call costs ~25 µs, protobuf encoding included. See docs/architecture.md §3.
import type { Socket } from 'node:net';
import {
  checkFrameSize, CLIENT_PREFACE, DEFAULT_MAX_FRAME_SIZE, DEFAULT_WINDOW, encodeFrame, ErrorCode, Flags, FrameReader, FrameType, framePayload,
  goAwayFrame, Http2ConnectionError, MAX_WINDOW, rstStreamFrame, Setting, settingsFrame, windowUpdateFrame, type Frame,
} from './frames.js';
import { HpackDecoder, HpackError } from './hpack.js';
import { KeepAlive } from './keepalive.js';
import { SendFlow } from './send-flow.js';
import { openSocket, TickWriter, type SocketTls } from './socket.js';
import { Http2Stream, notifyClosed, RefusedStreamError, type StreamHandler } from './stream.js';

export { Http2Stream, RefusedStreamError, type StreamHandler };

export interface Http2SessionOptions {
  /** `http://host:port` (cleartext HTTP/2) or `https://host:port` (TLS, ALPN `h2`). */
  url: URL;
  tls?: SocketTls;
  /** Bytes the peer may send on a stream, and on the connection, before this side gives window back. */
  receiveWindow: number;
  /** The connection is given up when the peer is not reached within this. */
  connectTimeoutMs: number;
  /** While streams are open, a ping every this often; none without streams (etcd counts those as abuse). */
  keepaliveTimeMs: number;
  keepaliveTimeoutMs: number;
  /**
   * Called once when the session takes no more streams. `peerFailed`: the peer was not reached, or stopped
   * answering pings; the owner tries another member next.
   */
  onUnusable(peerFailed: boolean): void;
}

const MAX_STREAM_ID = 2 ** 31 - 1;

export class Http2ClientSession {
  readonly #socket: Socket;
  readonly #writer: TickWriter;
  readonly #decoder = new HpackDecoder();
  readonly #reader = new FrameReader(DEFAULT_MAX_FRAME_SIZE, (frame) => this.#onFrame(frame));
  readonly #streams = new Map<number, Http2Stream>();
  /** Streams waiting for the peer's SETTINGS_MAX_CONCURRENT_STREAMS. */
  readonly #queued: Http2Stream[] = [];
  readonly #sendFlow = new SendFlow((frame) => this.#write(frame));
  #nextStreamId = 1;
  /** Received DATA bytes not yet given back to the peer with WINDOW_UPDATE on the connection. */
  #unacknowledged = 0;
  #peerMaxStreams = Infinity;
  /** A header block split over HEADERS and CONTINUATION frames, until END_HEADERS. */
  #partialHeaders: { streamId: number; endStream: boolean; fragments: Buffer[] } | undefined;
  #connected = false;
  #peerFailed = false;
  #state: 'open' | 'draining' | 'closed' = 'open';
  readonly #keepalive: KeepAlive;

  constructor(private readonly options: Http2SessionOptions) {
    if (options.receiveWindow < DEFAULT_WINDOW || options.receiveWindow > MAX_WINDOW) throw new RangeError(`HTTP/2 receive window ${options.receiveWindow}`);
    this.#socket = openSocket(options.url, options.tls, () => this.#onConnect());
    this.#writer = new TickWriter(this.#socket);
    this.#keepalive = new KeepAlive(() => this.#ping(), options.keepaliveTimeMs, options.keepaliveTimeoutMs,
      () => this.#peerLost(new Error('keepalive ping timed out')));
    const connectTimer = setTimeout(() => this.#connected || this.#peerLost(new Error(`not connected within ${options.connectTimeoutMs} ms`)), options.connectTimeoutMs);
    connectTimer.unref();
    this.#socket.once('close', () => clearTimeout(connectTimer));
    this.#socket.on('data', (chunk: Buffer) => this.#onSocketData(chunk));
    this.#socket.on('error', (error) => this.#terminate(error));
    this.#socket.on('close', () => this.#terminate(new Error('connection closed')));
    this.#write(CLIENT_PREFACE);
    this.#write(settingsFrame([[Setting.EnablePush, 0], [Setting.InitialWindowSize, options.receiveWindow]]));
    if (options.receiveWindow > DEFAULT_WINDOW) this.#write(windowUpdateFrame(0, options.receiveWindow - DEFAULT_WINDOW));
  }

  /** True while new streams may be opened here. */
  get usable(): boolean {
    return this.#state === 'open';
  }

  /** Opens a stream with the request's header block; its data follows with {@link send}. */
  request(headerBlock: Buffer, handler: StreamHandler): Http2Stream {
    if (this.#state !== 'open') throw new Error('the connection takes no new streams');
    const stream = new Http2Stream(headerBlock, handler);
    if (this.#streams.size < this.#peerMaxStreams) this.#open(stream);
    else this.#queued.push(stream);
    return stream;
  }

  /** Sends `data` on the stream as the windows allow; `end` makes it the last. */
  send(stream: Http2Stream, data: Buffer, end: boolean): void {
    if (stream.localEnded || stream.pendingEnd) return;
    stream.pending.push(data);
    stream.pendingEnd = end;
    if (stream.id !== 0) this.#sendFlow.flush(stream);
  }

  /** Cancels the stream (RST_STREAM CANCEL); its handler hears nothing more. */
  cancel(stream: Http2Stream): void {
    const queued = this.#queued.indexOf(stream);
    if (queued >= 0) this.#queued.splice(queued, 1);
    if (this.#streams.get(stream.id) !== stream) return;
    this.#write(rstStreamFrame(stream.id, ErrorCode.Cancel));
    this.#forget(stream);
  }

  /** Closes the connection; open streams end with `error`. */
  destroy(error = new Error('the connection was closed')): void {
    this.#socket.destroy();
    this.#terminate(error);
  }

  #open(stream: Http2Stream): void {
    stream.id = this.#nextStreamId;
    this.#sendFlow.opened(stream);
    this.#nextStreamId += 2;
    this.#streams.set(stream.id, stream);
    this.#writeHeaders(stream);
    if (stream.pending.length > 0) this.#sendFlow.flush(stream);
    if (this.#nextStreamId > MAX_STREAM_ID) this.#drain(); // stream ids used up: later calls go to a new connection
  }

  #writeHeaders(stream: Http2Stream): void {
    const block = stream.headerBlock;
    let type: number = FrameType.Headers;
    let at = 0;
    do {
      const end = Math.min(block.length, at + this.#sendFlow.maxFrameSize);
      this.#write(encodeFrame(type, end === block.length ? Flags.EndHeaders : 0, stream.id, block.subarray(at, end)));
      type = FrameType.Continuation;
      at = end;
    } while (at < block.length);
  }

  #onSocketData(chunk: Buffer): void {
    try {
      this.#reader.push(chunk);
    } catch (error) {
      // A peer that breaks the protocol, or a handler that threw: the connection cannot be trusted further.
      const code = error instanceof Http2ConnectionError ? error.code : error instanceof HpackError ? ErrorCode.CompressionError : ErrorCode.InternalError;
      this.#write(goAwayFrame(0, code));
      this.#writer.flush();
      this.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #onFrame(frame: Frame): void {
    if (this.#partialHeaders !== undefined && (frame.type !== FrameType.Continuation || frame.streamId !== this.#partialHeaders.streamId)) {
      throw new Http2ConnectionError(ErrorCode.ProtocolError, 'HTTP/2 header block interrupted');
    }
    checkFrameSize(frame);
    switch (frame.type) {
      case FrameType.Data: return this.#onData(frame);
      case FrameType.Headers:
        this.#partialHeaders = { streamId: frame.streamId, endStream: (frame.flags & Flags.EndStream) !== 0, fragments: [] };
        return this.#onHeaderFragment(framePayload(frame), frame.flags);
      case FrameType.Continuation:
        if (this.#partialHeaders === undefined) throw new Http2ConnectionError(ErrorCode.ProtocolError, 'HTTP/2 CONTINUATION without HEADERS');
        return this.#onHeaderFragment(frame.payload, frame.flags);
      case FrameType.RstStream: return this.#onReset(frame);
      case FrameType.Settings: return this.#onSettings(frame);
      case FrameType.Ping: return this.#onPing(frame);
      case FrameType.GoAway: return this.#onGoAway(frame);
      case FrameType.WindowUpdate: return this.#onWindowUpdate(frame);
      case FrameType.PushPromise: throw new Http2ConnectionError(ErrorCode.ProtocolError, 'HTTP/2 PUSH_PROMISE though push is disabled');
      default: return; // PRIORITY and unknown frame types carry nothing for this client (§5.5)
    }
  }

  #onData(frame: Frame): void {
    const length = frame.payload.length; // padding counts against the windows too
    this.#unacknowledged = this.#giveBack(0, this.#unacknowledged + length);
    const stream = this.#streams.get(frame.streamId);
    if (stream === undefined) return; // cancelled here: its data is still counted above
    const payload = framePayload(frame);
    if (payload.length > 0) stream.handler.data(payload);
    if (this.#streams.get(frame.streamId) !== stream) return; // the handler cancelled it
    if (frame.flags & Flags.EndStream) return this.#remoteEnded(stream);
    stream.unacknowledged = this.#giveBack(stream.id, stream.unacknowledged + length);
  }

  /** Gives received bytes back to the peer (WINDOW_UPDATE) once they are half the window; what is still owed. */
  #giveBack(streamId: number, owed: number): number {
    if (owed < this.options.receiveWindow / 2) return owed;
    this.#write(windowUpdateFrame(streamId, owed));
    return 0;
  }

  #onHeaderFragment(fragment: Buffer, flags: number): void {
    const partial = this.#partialHeaders!;
    partial.fragments.push(fragment);
    if ((flags & Flags.EndHeaders) === 0) return;
    this.#partialHeaders = undefined;
    const block = partial.fragments.length === 1 ? fragment : Buffer.concat(partial.fragments);
    // Decoded even for a stream cancelled here: the decoder's table must see every block.
    const fields = this.#decoder.decode(block);
    const stream = this.#streams.get(partial.streamId);
    if (stream === undefined) return;
    stream.handler.headers(fields, partial.endStream);
    if (partial.endStream && this.#streams.get(partial.streamId) === stream) this.#remoteEnded(stream);
  }

  /** The peer ended the stream: the call is over; a request still open is reset without error. */
  #remoteEnded(stream: Http2Stream): void {
    if (!stream.localEnded) this.#write(rstStreamFrame(stream.id, ErrorCode.NoError));
    this.#forget(stream);
    stream.handler.closed(undefined);
  }

  #onReset(frame: Frame): void {
    const stream = this.#streams.get(frame.streamId);
    if (stream === undefined) return;
    const code = frame.payload.readUInt32BE(0);
    const message = `stream reset by the server (HTTP/2 error code ${code})`;
    this.#forget(stream);
    stream.handler.closed(code === ErrorCode.RefusedStream ? new RefusedStreamError(message) : new Error(message));
  }

  #onSettings(frame: Frame): void {
    if (frame.flags & Flags.Ack) return;
    const { payload } = frame;
    for (let at = 0; at < payload.length; at += 6) {
      const value = payload.readUInt32BE(at + 2);
      switch (payload.readUInt16BE(at)) {
        case Setting.InitialWindowSize: this.#sendFlow.setInitialWindow(value, this.#streams.values()); break;
        case Setting.MaxFrameSize:
          if (value < DEFAULT_MAX_FRAME_SIZE || value > 2 ** 24 - 1) throw new Http2ConnectionError(ErrorCode.ProtocolError, `HTTP/2 SETTINGS_MAX_FRAME_SIZE ${value}`);
          this.#sendFlow.maxFrameSize = value;
          break;
        case Setting.MaxConcurrentStreams: this.#peerMaxStreams = value; break;
        default: break; // the header table size binds an encoder that indexes; this one never does
      }
    }
    this.#write(encodeFrame(FrameType.Settings, Flags.Ack, 0));
    this.#openQueued();
  }

  #onPing(frame: Frame): void {
    if ((frame.flags & Flags.Ack) === 0) return void this.#write(encodeFrame(FrameType.Ping, Flags.Ack, 0, frame.payload));
    this.#keepalive.answered();
  }

  /** The peer stops taking streams; those above its last processed id were not processed and fail. */
  #onGoAway(frame: Frame): void {
    const lastStreamId = frame.payload.readUInt32BE(0) & 0x7fffffff;
    const code = frame.payload.readUInt32BE(4);
    this.#drain();
    const refused = new RefusedStreamError(`the server is closing the connection (GOAWAY, HTTP/2 error code ${code}); the call was not processed`);
    for (const stream of [...this.#streams.values()]) {
      if (stream.id <= lastStreamId) continue;
      this.#forget(stream);
      stream.handler.closed(refused);
    }
    this.#closeWhenIdle();
  }

  #onWindowUpdate(frame: Frame): void {
    const increment = frame.payload.readUInt32BE(0) & 0x7fffffff;
    if (frame.streamId === 0) return this.#sendFlow.windowUpdate(increment, undefined);
    const stream = this.#streams.get(frame.streamId);
    if (stream !== undefined) this.#sendFlow.windowUpdate(increment, stream);
  }

  #onConnect(): void {
    this.#connected = true;
    this.#keepalive.start();
  }

  /** A keepalive ping, only while streams are open: without streams etcd counts pings as abuse. */
  #ping(): boolean {
    if (this.#streams.size === 0) return false;
    this.#write(encodeFrame(FrameType.Ping, 0, 0, Buffer.alloc(8)));
    return true;
  }

  /** The peer cannot be reached or stopped answering: the owner should try another member. */
  #peerLost(error: Error): void {
    this.#peerFailed = true;
    this.destroy(error);
  }

  #forget(stream: Http2Stream): void {
    this.#streams.delete(stream.id);
    this.#sendFlow.forget(stream);
    this.#openQueued();
    this.#closeWhenIdle();
  }

  #openQueued(): void {
    while (this.#queued.length > 0 && this.#streams.size < this.#peerMaxStreams && this.#state === 'open') this.#open(this.#queued.shift()!);
  }

  /** Takes no more streams; the owner opens a new connection for later ones. */
  #drain(): void {
    if (this.#state !== 'open') return;
    this.#state = 'draining';
    const queued = this.#queued.splice(0);
    this.options.onUnusable(!this.#connected || this.#peerFailed);
    notifyClosed(queued, new RefusedStreamError('the connection took no new streams'));
  }

  #closeWhenIdle(): void {
    if (this.#state === 'draining' && this.#streams.size === 0) this.destroy();
  }

  /** The connection is gone: every stream fails with `error`. */
  #terminate(error: Error): void {
    if (this.#state === 'closed') return;
    const wasOpen = this.#state === 'open';
    this.#state = 'closed';
    this.#keepalive.stop();
    const streams = [...this.#streams.values(), ...this.#queued.splice(0)];
    this.#streams.clear();
    if (wasOpen) this.options.onUnusable(!this.#connected || this.#peerFailed);
    notifyClosed(streams, error);
  }

  #write(bytes: Buffer): void {
    if (this.#state !== 'closed') this.#writer.write(bytes);
  }
}

