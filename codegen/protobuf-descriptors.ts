// Protobuf field numbers of the Kubernetes API types, read from the gzipped FileDescriptorProtos that
// go-to-protobuf's generated code embeds in every Go binary built with k8s.io/api (kubectl is one).
// Only facts are kept: message name -> field name -> number, label and type.
import { readFileSync } from 'node:fs';
import { gunzipSync, constants } from 'node:zlib';
import descriptor from 'protobufjs/ext/descriptor/index.js';

/** One field of a protobuf message, as its descriptor states it. */
export interface ProtoFieldFact {
  number: number;
  repeated: boolean;
  /** Scalar type name (`string`, `int32`, ...) or the full message name (`k8s.io.api.core.v1.PodSpec`). */
  type: string;
}

/** Full message name (`k8s.io.api.core.v1.PodSpec`) -> its fields by name. */
export type ProtoFacts = Map<string, Map<string, ProtoFieldFact>>;

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);
/** The largest descriptor (core/v1) inflates to ~100 KB from ~25 KB; a window bounds each attempt. */
const WINDOW = 512 * 1024;

/** FieldDescriptorProto.Type values that name a scalar. */
const SCALARS: Record<number, string> = {
  1: 'double', 2: 'float', 3: 'int64', 4: 'uint64', 5: 'int32', 8: 'bool', 9: 'string', 12: 'bytes', 13: 'uint32', 17: 'sint32', 18: 'sint64',
};

interface FieldProto { name: string; number: number; label: number; type: number; typeName?: string }
interface MessageProto { name: string; field?: FieldProto[]; nestedType?: MessageProto[]; options?: { mapEntry?: boolean } }
interface FileProto { name: string; package?: string; messageType?: MessageProto[] }

/** Every `k8s.io/...generated.proto` descriptor embedded in `binaryPath`, flattened to message facts. */
export function readProtoFacts(binaryPath: string): ProtoFacts {
  const binary = readFileSync(binaryPath);
  const facts: ProtoFacts = new Map();
  for (let at = binary.indexOf(GZIP_MAGIC); at >= 0; at = binary.indexOf(GZIP_MAGIC, at + 1)) {
    let inflated: Buffer;
    try {
      inflated = gunzipSync(binary.subarray(at, at + WINDOW), { finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      continue;
    }
    let file: FileProto;
    try {
      file = descriptor.FileDescriptorProto.toObject(descriptor.FileDescriptorProto.decode(inflated), { longs: Number }) as FileProto;
    } catch {
      continue;
    }
    if (!/^k8s\.io\/.*generated\.proto$/.test(file.name ?? '')) continue;
    for (const message of file.messageType ?? []) addMessage(facts, `${file.package}.${message.name}`, message);
  }
  return facts;
}

function addMessage(facts: ProtoFacts, fullName: string, message: MessageProto): void {
  const mapEntries = new Map((message.nestedType ?? []).filter((n) => n.options?.mapEntry).map((n) => [n.name, n]));
  const fields = new Map<string, ProtoFieldFact>();
  for (const field of message.field ?? []) {
    const entry = field.typeName ? mapEntries.get(field.typeName.slice(field.typeName.lastIndexOf('.') + 1)) : undefined;
    if (entry) {
      const value = entry.field?.find((f) => f.number === 2);
      fields.set(field.name, { number: field.number, repeated: false, type: `map<${value ? typeOf(value) : '?'}>` });
      continue;
    }
    fields.set(field.name, { number: field.number, repeated: field.label === 3, type: typeOf(field) });
  }
  facts.set(fullName, fields);
}

const typeOf = (field: FieldProto): string => SCALARS[field.type] ?? (field.typeName ?? '?').replace(/^\./, '');
