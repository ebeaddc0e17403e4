// When a response is written as protobuf. Upstream answers protobuf whenever it is the client's first
// acceptable type; kplane answers JSON whenever the client also accepts JSON (kubectl and client-go
// send `application/vnd.kubernetes.protobuf,application/json`), and protobuf only to clients that
// accept protobuf without a JSON fallback. Watch streams follow the same rule (framing: watch-event.ts).
import { PROTOBUF_MEDIA_TYPE } from './envelope.js';

/** One media range of an Accept header, as endpoints/negotiation.ts parses it. */
export interface AcceptedRange {
  type: string;
  params: ReadonlyMap<string, string>;
}

/** True for ranges a JSON answer satisfies (`application/json` in any form, `application/*`, `*\/*`). */
function acceptsJson(range: AcceptedRange): boolean {
  return range.type === 'application/json' || range.type === 'application/*' || range.type === '*/*';
}

/** A range asking for the objects themselves in protobuf (not a Table or metadata-only transform). */
function isPlainProtobuf(range: AcceptedRange, stream: boolean): boolean {
  if (range.type !== PROTOBUF_MEDIA_TYPE || range.params.has('as')) return false;
  const framing = range.params.get('stream');
  return framing === undefined || (stream && framing === 'watch');
}

/**
 * True when a response (or, with `stream`, a watch stream) should be protobuf: the ranges (in
 * preference order) list no JSON-compatible type, and plain protobuf comes before YAML.
 */
export function prefersProtobuf(ranges: readonly AcceptedRange[], stream: boolean): boolean {
  if (ranges.some(acceptsJson)) return false;
  for (const range of ranges) {
    if (isPlainProtobuf(range, stream)) return true;
    if (range.type === 'application/yaml' && !stream) return false;
  }
  return false;
}
