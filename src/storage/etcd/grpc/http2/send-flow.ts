// Send-side flow control (RFC 9113 §6.9): DATA leaves only within the connection's and the stream's
// windows, in frames no larger than the peer accepts; what does not fit waits for WINDOW_UPDATE.
import { DEFAULT_MAX_FRAME_SIZE, DEFAULT_WINDOW, encodeFrame, ErrorCode, Flags, FrameType, Http2ConnectionError, MAX_WINDOW } from './frames.js';
import type { Http2Stream } from './stream.js';

export class SendFlow {
  /** The connection's window; it starts at 65,535 whatever the settings say (§6.9.2). */
  #window = DEFAULT_WINDOW;
  #initialStreamWindow = DEFAULT_WINDOW;
  maxFrameSize = DEFAULT_MAX_FRAME_SIZE;
  /** Streams with data waiting for window. */
  readonly #blocked = new Set<Http2Stream>();

  constructor(private readonly write: (frame: Buffer) => void) {}

  /** A stream being opened starts with the peer's SETTINGS_INITIAL_WINDOW_SIZE. */
  opened(stream: Http2Stream): void {
    stream.sendWindow = this.#initialStreamWindow;
  }

  forget(stream: Http2Stream): void {
    this.#blocked.delete(stream);
  }

  /** Sends what the stream has pending, as far as the windows allow. */
  flush(stream: Http2Stream): void {
    const { pending } = stream;
    while (pending.length > 0) {
      const chunk = pending[0]!;
      const room = Math.min(this.#window, stream.sendWindow, this.maxFrameSize);
      if (chunk.length > 0 && room <= 0) {
        this.#blocked.add(stream);
        return;
      }
      const piece = chunk.length <= room ? chunk : chunk.subarray(0, room);
      if (piece === chunk) pending.shift();
      else pending[0] = chunk.subarray(room);
      const last = pending.length === 0 && stream.pendingEnd;
      this.#window -= piece.length;
      stream.sendWindow -= piece.length;
      this.write(encodeFrame(FrameType.Data, last ? Flags.EndStream : 0, stream.id, piece));
      if (last) stream.localEnded = true;
    }
    this.#blocked.delete(stream);
  }

  /** WINDOW_UPDATE for the connection (`stream` undefined) or a stream. */
  windowUpdate(increment: number, stream: Http2Stream | undefined): void {
    const window = stream === undefined ? this.#window : stream.sendWindow;
    if (increment === 0 || window + increment > MAX_WINDOW) {
      // Stream-level errors (§6.9.1) are treated as the connection's: a peer this confused is not trusted.
      throw new Http2ConnectionError(increment === 0 ? ErrorCode.ProtocolError : ErrorCode.FlowControlError, `HTTP/2 WINDOW_UPDATE of ${increment}`);
    }
    if (stream === undefined) {
      this.#window += increment;
      this.#flushBlocked();
    } else {
      stream.sendWindow += increment;
      if (stream.pending.length > 0) this.flush(stream);
    }
  }

  /** A new SETTINGS_INITIAL_WINDOW_SIZE moves every open stream's window by the difference (§6.9.2). */
  setInitialWindow(value: number, open: Iterable<Http2Stream>): void {
    if (value > MAX_WINDOW) throw new Http2ConnectionError(ErrorCode.FlowControlError, `HTTP/2 initial window ${value}`);
    const delta = value - this.#initialStreamWindow;
    this.#initialStreamWindow = value;
    for (const stream of open) {
      stream.sendWindow += delta;
      if (stream.sendWindow > MAX_WINDOW) throw new Http2ConnectionError(ErrorCode.FlowControlError, 'HTTP/2 stream window above 2^31-1');
    }
    if (delta > 0) this.#flushBlocked();
  }

  #flushBlocked(): void {
    for (const stream of [...this.#blocked]) this.flush(stream);
  }
}
