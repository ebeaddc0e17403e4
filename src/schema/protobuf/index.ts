// Kubernetes protobuf for built-in kinds, driven by their schemas (ARCHITECTURE §2): field numbers
// on the schemas' properties, the `k8s\0` + runtime.Unknown envelope, and the JSON shape in and out.
export { PROTOBUF_FIELD, fieldNumberOf, protobufField } from './field-number.js';
export { supportsProtobuf } from './message-plan.js';
export {
  PROTOBUF_MEDIA_TYPE,
  PROTOBUF_PREFIX,
  decodeProtobufObject,
  encodeProtobufObject,
  type DecodedProtobufObject,
} from './envelope.js';
export { encodeProtobufList } from './list-message.js';
export { encodeProtobufStatus } from './status-message.js';
export { prefersProtobuf, type AcceptedRange } from './media-type.js';
export { PROTOBUF_WATCH_CONTENT_TYPE, encodeProtobufWatchEvent } from './watch-event.js';
