// gRPC's message framing inside an HTTP/2 stream: each message is a compressed flag (always 0 here), a
// 4-byte big-endian length, and the message.

/** A gRPC message frame (uncompressed). */
export function frame(message: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + message.length);
  out[0] = 0;
  out.writeUInt32BE(message.length, 1);
  out.set(message, 5);
  return out;
}

/** Splits a stream's data into gRPC messages, however HTTP/2 cut it into chunks. */
export class MessageReader {
  #buffered: Buffer | undefined;

  constructor(private readonly onMessage: (message: Buffer) => void) {}

  push(chunk: Buffer): void {
    let data = this.#buffered === undefined ? chunk : Buffer.concat([this.#buffered, chunk]);
    while (data.length >= 5) {
      if (data[0] !== 0) throw new Error('etcd sent a compressed gRPC message, which this client did not ask for');
      const end = 5 + data.readUInt32BE(1);
      if (data.length < end) break;
      this.onMessage(data.subarray(5, end));
      data = data.subarray(end);
    }
    this.#buffered = data.length > 0 ? data : undefined;
  }
}
