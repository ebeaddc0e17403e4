// Content negotiation (1-conventions: representations): which representation the client accepts.
// JSON and YAML of the object itself, the server-side Table, and PartialObjectMetadata(List).
import { notAcceptable } from '../errors/status-error.js';

export type Representation =
  | { kind: 'object'; format: 'json' | 'yaml' | 'protobuf' }
  | { kind: 'table'; version: 'v1' | 'v1beta1' }
  | { kind: 'partial-metadata'; version: 'v1' | 'v1beta1'; list: boolean; omitManagedFields?: true };

interface MediaRange {
  readonly type: string;
  readonly params: ReadonlyMap<string, string>;
  readonly q: number;
}

const PROTOBUF = 'application/vnd.kubernetes.protobuf';

export const SUPPORTED_MEDIA_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'] as const;

/** What no Accept header means: anything. */
const ANY: readonly MediaRange[] = [{ type: '*/*', params: new Map(), q: 1 }];

// Clients send the same few Accept headers on every request (kubectl, client-go, wrk): each is parsed once.
const parsedAccepts = new Map<string, readonly MediaRange[]>();
const MAX_PARSED_ACCEPTS = 256;
const MAX_MEMO_HEADER_LENGTH = 512;

/** Parse an Accept header into ranges, highest preference first (stable for equal q); the result is shared: read only. */
export function parseAccept(header: string | undefined): readonly MediaRange[] {
  if (!header) return ANY;
  // Only headers of the size clients send are kept: a 1 MiB one would hold megabytes of ranges.
  if (header.length > MAX_MEMO_HEADER_LENGTH) return parseAcceptHeader(header);
  let ranges = parsedAccepts.get(header);
  if (ranges === undefined) {
    if (parsedAccepts.size >= MAX_PARSED_ACCEPTS) parsedAccepts.clear();
    ranges = parseAcceptHeader(header);
    parsedAccepts.set(header, ranges);
  }
  return ranges;
}

function parseAcceptHeader(header: string): MediaRange[] {
  const ranges = header.split(',').map((part): MediaRange => {
    const [type = '', ...paramParts] = part.split(';').map((s) => s.trim());
    const params = new Map<string, string>();
    for (const p of paramParts) {
      const eq = p.indexOf('=');
      if (eq > 0) params.set(p.slice(0, eq).trim().toLowerCase(), p.slice(eq + 1).trim().replace(/^"|"$/g, ''));
    }
    const q = Number(params.get('q') ?? '1');
    params.delete('q');
    return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0 };
  });
  return ranges.filter((r) => r.type !== '' && r.q > 0).sort((a, b) => b.q - a.q);
}

function metaVersion(range: MediaRange): 'v1' | 'v1beta1' | undefined {
  if (range.params.get('g') !== 'meta.k8s.io') return undefined;
  const v = range.params.get('v');
  return v === 'v1' || v === 'v1beta1' ? v : undefined;
}

/** One media range to a representation we can produce, or undefined. */
function representationOf(range: MediaRange, options: NegotiateOptions): Representation | undefined {
  const as = range.params.get('as');
  const isJson = range.type === 'application/json';
  if (as !== undefined) {
    if (!isJson || !options.allowTransforms) return undefined;
    const version = metaVersion(range);
    if (!version) return undefined;
    if (as === 'Table') return { kind: 'table', version };
    if (as === 'PartialObjectMetadata' || as === 'PartialObjectMetadataList') {
      // upstream: the singular form for get/watch, the List form for list
      if ((as === 'PartialObjectMetadataList') !== options.list) return undefined;
      return { kind: 'partial-metadata', version, list: options.list, ...(options.omitManagedFields ? { omitManagedFields: true } : {}) };
    }
    return undefined;
  }
  if (isJson || range.type === '*/*' || range.type === 'application/*') return { kind: 'object', format: 'json' };
  if (range.type === PROTOBUF) {
    // Upstream answers protobuf whenever it is the first acceptable type, for kinds that have a protobuf form.
    const framing = range.params.get('stream');
    if (!options.protobuf || (framing !== undefined && !(options.stream && framing === 'watch'))) return undefined;
    return { kind: 'object', format: 'protobuf' };
  }
  if (range.type === 'application/yaml' && !options.stream) return { kind: 'object', format: 'yaml' };
  return undefined;
}

export interface NegotiateOptions {
  /** Table and PartialObjectMetadata are offered on resource GETs (and watches), not on discovery. */
  allowTransforms: boolean;
  /** A collection (list) request. */
  list: boolean;
  /** A watch stream: YAML has no stream framing. */
  stream: boolean;
  /** The kind has a protobuf form (built-in kinds; not custom resources). */
  protobuf?: boolean;
  /** PartialObjectMetadata without managedFields (the loopback's private parameter: loopback-requests.ts). */
  omitManagedFields?: boolean;
}

/** Pick the representation for a response, or throw 406 NotAcceptable. */
export function negotiate(accept: string | undefined, options: NegotiateOptions): Representation {
  for (const range of parseAccept(accept)) {
    const representation = representationOf(range, options);
    if (representation) return representation;
  }
  throw notAcceptable(options.stream ? ['application/json', 'application/vnd.kubernetes.protobuf'] : SUPPORTED_MEDIA_TYPES);
}

/** True when the first representation the client accepts is protobuf (errors are then protobuf Status objects). */
export function acceptsProtobufFirst(accept: string | undefined): boolean {
  for (const range of parseAccept(accept)) {
    if (range.type === PROTOBUF && !range.params.has('as')) return true;
    if (representationOf(range, { allowTransforms: true, list: false, stream: false })) return false;
  }
  return false;
}

/** Media type of a request body without parameters, lower case. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const MEDIA_TYPE = new RegExp(`^\\s*(${TOKEN}/${TOKEN})\\s*((?:;\\s*${TOKEN}\\s*=\\s*(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*")\\s*)*);?\\s*$`);

/**
 * The media type of a body's Content-Type as Go's mime.ParseMediaType reads it (lower case, parameters
 * checked); undefined when it does not parse, which upstream's input negotiation answers with 415.
 */
export function parseMediaType(contentType: string): string | undefined {
  return MEDIA_TYPE.exec(contentType)?.[1]?.toLowerCase();
}

/**
 * The patch type of a PATCH's Content-Type as upstream's patch handler compares it: the header up to its
 * first `;`, exactly (no trimming, no case folding: `APPLICATION/MERGE-PATCH+JSON` is no patch type).
 */
export function patchMediaType(contentType: string | undefined): string {
  const header = contentType ?? '';
  const semicolon = header.indexOf(';');
  return semicolon > 0 ? header.slice(0, semicolon) : header;
}
