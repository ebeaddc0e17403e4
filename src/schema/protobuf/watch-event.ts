// Watch streams in protobuf (`application/vnd.kubernetes.protobuf;stream=watch`): each event is a
// meta/v1 WatchEvent { type = 1; RawExtension object = 2 { raw = 1 } } written without prefix or
// envelope, framed by a 4-byte big-endian length; `object.raw` holds the object's complete
// protobuf body (prefix and envelope included), as upstream's embedded encoder writes it.
import { ProtoWriter, WireType } from './wire.js';

/** The Content-Type of a protobuf watch stream. */
export const PROTOBUF_WATCH_CONTENT_TYPE = 'application/vnd.kubernetes.protobuf;stream=watch';

/** One framed WatchEvent (`ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK`, `ERROR`) around an encoded object. */
export function encodeProtobufWatchEvent(type: string, object: Uint8Array): Uint8Array {
  const writer = new ProtoWriter();
  writer.tag(1, WireType.LengthDelimited).string(type);
  const start = writer.beginMessage(2);
  writer.tag(1, WireType.LengthDelimited).bytes(object);
  writer.endMessage(start);
  const event = writer.finish();
  const frame = new Uint8Array(4 + event.length);
  new DataView(frame.buffer).setUint32(0, event.length, false);
  frame.set(event, 4);
  return frame;
}
