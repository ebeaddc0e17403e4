// Protobuf responses (1-conventions "Protobuf representation"): objects, lists, watch frames and Status
// objects in `application/vnd.kubernetes.protobuf` whenever it is the client's first acceptable type,
// checked by decoding each answer independently of the server's writer.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { readFile } from 'node:fs/promises';
import YAML from 'yaml';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { decodeProtobufObject } from '../../src/schema/protobuf/index.js';
import { ProtoReader } from '../../src/schema/protobuf/wire.js';
import { StatusMessageSchema } from '../../src/schema/protobuf/status-message.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/configmap.js';
import { ConfigMapListSchema } from '../../src/apis/core/v1/schemas.generated.js';

const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const CM_PATH = '/api/v1/namespaces/default/configmaps';

/** The frames of a protobuf watch: 4-byte big-endian length, then a WatchEvent { type = 1, object = 2 { raw = 1 } }. */
function watchEvents(bytes: Buffer): { type: string; raw: Uint8Array }[] {
  const events: { type: string; raw: Uint8Array }[] = [];
  for (let at = 0; at + 4 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const reader = new ProtoReader(bytes.subarray(at + 4, at + 4 + length));
    let type = '';
    let raw: Uint8Array = new Uint8Array();
    while (!reader.done()) {
      const { field, wireType } = reader.tag();
      if (field === 1) type = reader.string();
      else if (field === 2) {
        const inner = reader.message();
        while (!inner.done()) {
          const tag = inner.tag();
          if (tag.field === 1) raw = inner.bytes();
          else inner.skip(tag.wireType, tag.field);
        }
      } else reader.skip(wireType, field);
    }
    events.push({ type, raw });
    at += 4 + length;
  }
  return events;
}

describe('protobuf responses', () => {
  let c: TestCluster;
  let raw: RawClient;
  let kubeconfig: string;
  before(async () => {
    c = await startCluster();
    kubeconfig = await readFile(c.server.kubeconfigPath, 'utf8');
    raw = rawClient(kubeconfig);
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'pb', labels: { app: 'x' } }, data: { k: 'v' } });
    assert.equal((await raw.request('POST', CM_PATH, { body })).status, 201);
  });
  after(() => c.stop());

  test('GET answers protobuf when it is the first acceptable type, JSON when JSON comes first', async () => {
    const pb = await raw.request('GET', `${CM_PATH}/pb`, { accept: `${PROTOBUF}, application/json` });
    assert.equal(pb.status, 200);
    assert.equal(pb.headers['content-type'], PROTOBUF);
    assert.deepEqual([...pb.bytes.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00]);
    const decoded = decodeProtobufObject(ConfigMapSchema, pb.bytes);
    assert.equal(decoded.kind, 'ConfigMap');
    const object = decoded.object as { metadata: { name: string; labels: Record<string, string>; resourceVersion: string }; data: Record<string, string> };
    assert.equal(object.metadata.name, 'pb');
    assert.deepEqual(object.metadata.labels, { app: 'x' });
    assert.match(object.metadata.resourceVersion, /^\d+$/);
    assert.deepEqual(object.data, { k: 'v' });
    const json = await raw.request('GET', `${CM_PATH}/pb`, { accept: `application/json, ${PROTOBUF}` });
    assert.equal(json.headers['content-type'], 'application/json');
  });

  test('LIST answers a protobuf list with list metadata and items', async () => {
    const pb = await raw.request('GET', `${CM_PATH}?labelSelector=app%3Dx`, { accept: PROTOBUF });
    assert.equal(pb.headers['content-type'], PROTOBUF);
    const list = decodeProtobufObject(ConfigMapListSchema, pb.bytes).object as { metadata: { resourceVersion: string }; items: { metadata: { name: string } }[] };
    assert.match(list.metadata.resourceVersion, /^\d+$/);
    assert.deepEqual(list.items.map((i) => i.metadata.name), ['pb']);
  });

  test('errors are protobuf Status objects for protobuf clients', async () => {
    const missing = await raw.request('GET', `${CM_PATH}/absent`, { accept: PROTOBUF });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['content-type'], PROTOBUF);
    const status = decodeProtobufObject(StatusMessageSchema, missing.bytes).object as { reason: string; code: number; message: string };
    assert.equal(status.reason, 'NotFound');
    assert.equal(status.code, 404);
    assert.equal(status.message, 'configmaps "absent" not found');
  });

  test('DELETE answers a protobuf Status of success', async () => {
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'doomed' } });
    await raw.request('POST', CM_PATH, { body });
    const deleted = await raw.request('DELETE', `${CM_PATH}/doomed`, { accept: PROTOBUF });
    assert.equal(deleted.status, 200);
    const status = decodeProtobufObject(StatusMessageSchema, deleted.bytes).object as { status: string; details: { name: string; kind: string } };
    assert.equal(status.status, 'Success');
    assert.deepEqual([status.details.name, status.details.kind], ['doomed', 'configmaps']);
  });

  test('/openapi/v2 in protobuf: gnostic\'s Document, sniffed as application/octet-stream, with its own ETag', async () => {
    const accept = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
    const pb = await raw.request('GET', '/openapi/v2', { accept });
    assert.equal(pb.status, 200);
    assert.equal(pb.headers['content-type'], 'application/octet-stream');
    // Document.swagger = 1: "2.0".
    assert.deepEqual([...pb.bytes.subarray(0, 5)], [0x0a, 0x03, 0x32, 0x2e, 0x30]);
    const etag = String(pb.headers['etag']);
    assert.equal((await raw.request('GET', '/openapi/v2', { accept, headers: { 'if-modified-since': String(pb.headers['last-modified']) } })).status, 304);
    const json = await raw.request('GET', '/openapi/v2', { accept: 'application/json' });
    assert.equal(json.headers['content-type'], 'text/plain; charset=utf-8');
    assert.notEqual(json.headers['etag'], etag);
  });

  test('/openapi/v2 negotiation as kube-openapi: q-values order, 406 when nothing fits, Vary: Accept', async () => {
    const pbType = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
    const preferJson = await raw.request('GET', '/openapi/v2', { accept: `${pbType};q=0.2, application/json;q=0.8` });
    assert.equal(preferJson.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(preferJson.headers['vary'], 'Accept-Encoding, Accept');
    const preferPb = await raw.request('GET', '/openapi/v2', { accept: `application/json;q=0.5, ${pbType}` });
    assert.equal(preferPb.headers['content-type'], 'application/octet-stream');
    assert.equal(preferPb.headers['vary'], 'Accept-Encoding, Accept');
    const refused = await raw.request('GET', '/openapi/v2', { accept: 'text/html' });
    assert.equal(refused.status, 406);
    assert.equal(refused.body, '');
    assert.equal(refused.headers['vary'], 'Accept-Encoding, Accept');
    const notModified = await raw.request('GET', '/openapi/v2', { accept: 'application/json', headers: { 'if-none-match': '*' } });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.headers['vary'], 'Accept-Encoding, Accept');
  });

  test('a watch streams length-framed protobuf WatchEvents', async () => {
    const config = YAML.parse(kubeconfig) as { clusters: { cluster: { server: string; 'certificate-authority-data': string } }[]; users: { user: Record<string, string> }[] };
    const decode = (b64: string | undefined): string => Buffer.from(b64 ?? '', 'base64').toString('utf8');
    const server = new URL(config.clusters[0]!.cluster.server);
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: server.hostname,
          port: server.port,
          path: `${CM_PATH}?watch=true&timeoutSeconds=1&labelSelector=app%3Dx`,
          headers: { accept: `${PROTOBUF};stream=watch` },
          ca: decode(config.clusters[0]!.cluster['certificate-authority-data']),
          cert: decode(config.users[0]!.user['client-certificate-data']),
          key: decode(config.users[0]!.user['client-key-data']),
          agent: false,
        },
        (res) => {
          assert.equal(res.headers['content-type'], `${PROTOBUF};stream=watch`);
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        },
      );
      req.on('error', reject);
      req.end();
    });
    const events = watchEvents(bytes);
    assert.deepEqual(events.map((e) => e.type), ['ADDED']);
    const object = decodeProtobufObject(ConfigMapSchema, events[0]!.raw).object as { metadata: { name: string } };
    assert.equal(object.metadata.name, 'pb');
  });
});
