// HTTP/2 frames (RFC 9113 §4, §6): the numbers this client uses, frame encoding, and a reader that cuts a
// byte stream into frames however the socket delivered it.

export const FrameType = {
  Data: 0x0, Headers: 0x1, Priority: 0x2, RstStream: 0x3, Settings: 0x4, PushPromise: 0x5, Ping: 0x6, GoAway: 0x7,
  WindowUpdate: 0x8, Continuation: 0x9,
} as const;

export const Flags = { EndStream: 0x1, Ack: 0x1, EndHeaders: 0x4, Padded: 0x8, Priority: 0x20 } as const;

export const ErrorCode = {
  NoError: 0x0, ProtocolError: 0x1, InternalError: 0x2, FlowControlError: 0x3, StreamClosed: 0x5, FrameSizeError: 0x6,
  RefusedStream: 0x7, Cancel: 0x8, CompressionError: 0x9,
} as const;

export const Setting = {
  HeaderTableSize: 0x1, EnablePush: 0x2, MaxConcurrentStreams: 0x3, InitialWindowSize: 0x4, MaxFrameSize: 0x5,
} as const;

/** What a client sends before anything else (§3.4). */
export const CLIENT_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

/** The window every connection and stream starts with, and the frame size every peer accepts (§6.5.2). */
export const DEFAULT_WINDOW = 65_535;
export const DEFAULT_MAX_FRAME_SIZE = 16_384;
export const MAX_WINDOW = 2 ** 31 - 1;

const HEADER_BYTES = 9;

/** A connection error (§5.4.1): the connection ends with GOAWAY carrying `code`. */
export class Http2ConnectionError extends Error {
  override readonly name = 'Http2ConnectionError';
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

/** One frame: the 9-byte header and the payload, in one buffer. */
export function encodeFrame(type: number, flags: number, streamId: number, payload?: Uint8Array): Buffer {
  const length = payload?.length ?? 0;
  const out = Buffer.allocUnsafe(HEADER_BYTES + length);
  out.writeUIntBE(length, 0, 3);
  out[3] = type;
  out[4] = flags;
  out.writeUInt32BE(streamId, 5);
  if (payload !== undefined) out.set(payload, HEADER_BYTES);
  return out;
}

export function settingsFrame(settings: readonly (readonly [number, number])[]): Buffer {
  const payload = Buffer.allocUnsafe(6 * settings.length);
  settings.forEach(([id, value], i) => {
    payload.writeUInt16BE(id, 6 * i);
    payload.writeUInt32BE(value, 6 * i + 2);
  });
  return encodeFrame(FrameType.Settings, 0, 0, payload);
}

export function windowUpdateFrame(streamId: number, increment: number): Buffer {
  const payload = Buffer.allocUnsafe(4);
  payload.writeUInt32BE(increment);
  return encodeFrame(FrameType.WindowUpdate, 0, streamId, payload);
}

export function rstStreamFrame(streamId: number, code: number): Buffer {
  const payload = Buffer.allocUnsafe(4);
  payload.writeUInt32BE(code);
  return encodeFrame(FrameType.RstStream, 0, streamId, payload);
}

export function goAwayFrame(lastStreamId: number, code: number): Buffer {
  const payload = Buffer.allocUnsafe(8);
  payload.writeUInt32BE(lastStreamId);
  payload.writeUInt32BE(code, 4);
  return encodeFrame(FrameType.GoAway, 0, 0, payload);
}

/**
 * A received frame. `payload` is a view into the socket's data, which stays valid: Node hands each socket
 * read a buffer of its own.
 */
export interface Frame {
  type: number;
  flags: number;
  streamId: number;
  payload: Buffer;
}

/** Cuts socket data into frames; a frame larger than `maxFrameSize` (what this side announced) is an error. */
export class FrameReader {
  #buffered: Buffer | undefined;

  constructor(private readonly maxFrameSize: number, private readonly onFrame: (frame: Frame) => void) {}

  push(chunk: Buffer): void {
    const data = this.#buffered === undefined ? chunk : Buffer.concat([this.#buffered, chunk]);
    let at = 0;
    while (data.length - at >= HEADER_BYTES) {
      const length = data.readUIntBE(at, 3);
      if (length > this.maxFrameSize) throw new Http2ConnectionError(ErrorCode.FrameSizeError, `HTTP/2 frame of ${length} bytes`);
      const end = at + HEADER_BYTES + length;
      if (data.length < end) break;
      this.onFrame({ type: data[at + 3]!, flags: data[at + 4]!, streamId: data.readUInt32BE(at + 5) & 0x7fffffff, payload: data.subarray(at + HEADER_BYTES, end) });
      at = end;
    }
    this.#buffered = at === data.length ? undefined : data.subarray(at);
  }
}

/** Payload sizes fixed by the frame type (§6): anything else is a FRAME_SIZE_ERROR. */
const FIXED_SIZES = new Map<number, number>([
  [FrameType.Priority, 5], [FrameType.RstStream, 4], [FrameType.Ping, 8], [FrameType.WindowUpdate, 4],
]);

export function checkFrameSize(frame: Frame): void {
  const size = FIXED_SIZES.get(frame.type);
  const length = frame.payload.length;
  const wrong = size !== undefined ? length !== size
    : frame.type === FrameType.Settings ? length % 6 !== 0
      : frame.type === FrameType.GoAway && length < 8;
  if (wrong) throw new Http2ConnectionError(ErrorCode.FrameSizeError, `HTTP/2 frame of type ${frame.type} with a ${length}-byte payload`);
}

/** A DATA or HEADERS payload without its padding (and a HEADERS payload without its priority fields). */
export function framePayload(frame: Frame): Buffer {
  let { payload } = frame;
  if (frame.flags & Flags.Padded) {
    const padding = payload[0] ?? 0;
    if (payload.length < 1 + padding) throw new Http2ConnectionError(ErrorCode.ProtocolError, 'HTTP/2 padding longer than its frame');
    payload = payload.subarray(1, payload.length - padding);
  }
  if (frame.type === FrameType.Headers && frame.flags & Flags.Priority) payload = payload.subarray(5);
  return payload;
}
