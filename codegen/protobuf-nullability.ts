// Which fields of the Kubernetes API types are Go pointers, read from the gogoproto options of the
// FileDescriptorProtos embedded in a Kubernetes Go binary: go-to-protobuf marks every non-pointer field
// `(gogoproto.nullable) = false` (extension 65001). protobufjs drops unknown extensions, so the
// descriptors are walked as raw protobuf here.
import { readFileSync } from 'node:fs';
import { gunzipSync, constants } from 'node:zlib';
import protobuf from 'protobufjs';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);
const WINDOW = 512 * 1024;
const NULLABLE = 65001;

type Field = [number, number | Uint8Array];

/** The (number, value) pairs of one protobuf message; varints as numbers, length-delimited as bytes. */
function fieldsOf(bytes: Uint8Array): Field[] {
  const reader = protobuf.Reader.create(bytes);
  const out: Field[] = [];
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const wire = tag & 7;
    if (wire === 0) out.push([tag >>> 3, Number(reader.uint64())]);
    else if (wire === 2) out.push([tag >>> 3, reader.bytes()]);
    else if (wire === 5) out.push([tag >>> 3, reader.fixed32()]);
    else if (wire === 1) out.push([tag >>> 3, Number(reader.fixed64())]);
    else throw new Error(`wire type ${wire}`);
  }
  return out;
}

const text = (fields: Field[], number: number): string | undefined => {
  const value = fields.find(([n]) => n === number)?.[1];
  return value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : undefined;
};

/** What a message field's descriptor says: whether Go holds it by pointer, its number and its message type. */
export interface ProtobufFieldFacts {
  nullable: boolean;
  number: number;
  /** The full name of its message type without the leading dot (`k8s.io.api.core.v1.VolumeSource`), '' for scalars. */
  typeName: string;
}

/** Full message name (`k8s.io.api.core.v1.PodSpec`) -> field name -> the facts of its descriptor. */
export function readNullability(binaryPath: string): Map<string, Map<string, ProtobufFieldFacts>> {
  const binary = readFileSync(binaryPath);
  const out = new Map<string, Map<string, ProtobufFieldFacts>>();
  for (let at = binary.indexOf(GZIP_MAGIC); at >= 0; at = binary.indexOf(GZIP_MAGIC, at + 1)) {
    let file: Field[];
    try {
      file = fieldsOf(gunzipSync(binary.subarray(at, at + WINDOW), { finishFlush: constants.Z_SYNC_FLUSH }));
    } catch {
      continue;
    }
    if (!/^k8s\.io\/.*generated\.proto$/.test(text(file, 1) ?? '')) continue;
    const pkg = text(file, 2);
    for (const [number, message] of file) {
      if (number !== 4 || !(message instanceof Uint8Array)) continue;
      const fields = fieldsOf(message);
      const byField = new Map<string, ProtobufFieldFacts>();
      for (const [n, field] of fields) {
        if (n !== 2 || !(field instanceof Uint8Array)) continue;
        const parts = fieldsOf(field);
        const options = parts.find(([k]) => k === 8)?.[1];
        const nullable = options instanceof Uint8Array ? fieldsOf(options).find(([k]) => k === NULLABLE)?.[1] : undefined;
        const number = parts.find(([k]) => k === 3)?.[1];
        byField.set(text(parts, 1) ?? '', { nullable: nullable !== 0, number: typeof number === 'number' ? number : 0, typeName: (text(parts, 6) ?? '').replace(/^\./, '') });
      }
      out.set(`${pkg}.${text(fields, 1)}`, byField);
    }
  }
  return out;
}
