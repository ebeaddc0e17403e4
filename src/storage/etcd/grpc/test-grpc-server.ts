// For tests: a gRPC-speaking HTTP/2 server on loopback whose answers the test writes, frame by frame, and
// etcd's own protobuf definitions to write them with.
import { createServer, type Http2Server, type ServerHttp2Stream } from 'node:http2';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import protobuf from 'protobufjs';

/** A gRPC-speaking HTTP/2 server on loopback whose answer per path the test decides. */
export async function fakeEtcd(
  answer: (path: string, message: Buffer, stream: ServerHttp2Stream) => void,
  opened?: (path: string, stream: ServerHttp2Stream) => void,
): Promise<{ url: string; server: Http2Server }> {
  const server = createServer();
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => answer(String(headers[':path']), Buffer.concat(chunks).subarray(5), stream));
    opened?.(String(headers[':path']), stream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

/** One gRPC message frame (uncompressed). */
export function framed(message: Buffer): Buffer {
  const out = Buffer.alloc(5 + message.length);
  out.writeUInt32BE(message.length, 1);
  message.copy(out, 5);
  return out;
}

/** etcd's own rpc.proto, as shipped with the `etcd3` package: the oracle for names and field numbers. */
export async function upstreamProto(): Promise<protobuf.Root> {
  const dir = join(dirname(createRequire(import.meta.url).resolve('etcd3/package.json')), 'proto');
  const root = new protobuf.Root();
  // rpc.proto imports gogoproto and google annotations that only carry options: skip them.
  root.resolvePath = (_origin, target) => (/gogo|google/.test(target) ? null : join(dir, target.replace(/.*\//, '')));
  await root.load(join(dir, 'rpc.proto'), { keepCase: true });
  return root;
}
