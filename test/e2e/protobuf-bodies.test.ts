// kubectl's typed commands (`create namespace`, `create configmap`, `create secret ...`) send their
// bodies as protobuf (1-conventions "Protobuf representation"); each created object is read back as
// JSON and checked field by field. Raw requests cover the decode errors and a MicroTime-carrying kind.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { encodeProtobufObject, PROTOBUF_MEDIA_TYPE } from '../../src/schema/protobuf/index.js';
import { CoreEventSchema } from '../../src/apis/core/v1/event.js';

const run = promisify(execFile);

interface Obj {
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; uid?: string; creationTimestamp?: string };
  [key: string]: unknown;
}

describe('protobuf request bodies from kubectl', () => {
  let c: TestCluster;
  let raw: RawClient;
  let dir: string;
  const getJson = async (args: string[]): Promise<Obj> => JSON.parse(await c.kubectl(['get', ...args, '-o', 'json'])) as Obj;

  before(async () => {
    c = await startCluster();
    raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
    dir = await mkdtemp(join(tmpdir(), 'kplane-pb-'));
    await c.kubectl(['create', 'namespace', 'foo']);
  });
  after(async () => {
    await c.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('create namespace: defaulted like a JSON create', async () => {
    const ns = await getJson(['namespace', 'foo']);
    assert.equal(ns['kind'], 'Namespace');
    assert.equal(ns.metadata.name, 'foo');
    assert.deepEqual(ns.metadata.labels, { 'kubernetes.io/metadata.name': 'foo' });
    assert.match(ns.metadata.creationTimestamp ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.deepEqual(ns['spec'], { finalizers: ['kubernetes'] });
    assert.deepEqual(ns['status'], { phase: 'Active' });
    // Go writes the empty non-pointer fields; none of them may surface as "" or 0.
    assert.equal('generateName' in ns.metadata, false);
    assert.equal('generation' in ns.metadata, false);
  });

  test('create configmap --from-literal: string data map', async () => {
    await c.kubectl(['create', 'configmap', 'cm', '--from-literal=a=b', '--from-literal=c=d', '-n', 'foo']);
    const cm = await getJson(['configmap', 'cm', '-n', 'foo']);
    assert.deepEqual(cm['data'], { a: 'b', c: 'd' });
    assert.equal(cm.metadata.namespace, 'foo');
    assert.equal('binaryData' in cm, false);
  });

  test('create configmap --from-file with non-UTF-8 bytes: binaryData', async () => {
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x41]);
    await writeFile(join(dir, 'blob.bin'), bytes);
    await writeFile(join(dir, 'text.txt'), 'hello\n');
    await c.kubectl(['create', 'configmap', 'files', `--from-file=${join(dir, 'blob.bin')}`, `--from-file=${join(dir, 'text.txt')}`, '-n', 'foo']);
    const cm = await getJson(['configmap', 'files', '-n', 'foo']);
    assert.deepEqual(cm['binaryData'], { 'blob.bin': bytes.toString('base64') });
    assert.deepEqual(cm['data'], { 'text.txt': 'hello\n' });
  });

  test('create secret generic --from-literal: bytes map, type defaulted to Opaque', async () => {
    await c.kubectl(['create', 'secret', 'generic', 's', '--from-literal=k=v', '--from-literal=empty=', '-n', 'foo']);
    const secret = await getJson(['secret', 's', '-n', 'foo']);
    assert.deepEqual(secret['data'], { k: Buffer.from('v').toString('base64'), empty: '' });
    assert.equal(secret['type'], 'Opaque');
  });

  test('create secret tls: typed secret with the key pair', async () => {
    const cert = join(dir, 'tls.crt');
    const key = join(dir, 'tls.key');
    await run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-subj', '/CN=example.test', '-days', '1']);
    await c.kubectl(['create', 'secret', 'tls', 'tls', `--cert=${cert}`, `--key=${key}`, '-n', 'foo']);
    const secret = await getJson(['secret', 'tls', '-n', 'foo']);
    assert.equal(secret['type'], 'kubernetes.io/tls');
    const data = secret['data'] as Record<string, string>;
    assert.equal(Buffer.from(data['tls.crt'] ?? '', 'base64').toString(), await readFile(cert, 'utf8'));
    assert.equal(Buffer.from(data['tls.key'] ?? '', 'base64').toString(), await readFile(key, 'utf8'));
  });

  test('create secret docker-registry: a JSON document in a bytes field', async () => {
    await c.kubectl(['create', 'secret', 'docker-registry', 'reg', '--docker-server=registry.test', '--docker-username=u', '--docker-password=p', '-n', 'foo']);
    const secret = await getJson(['secret', 'reg', '-n', 'foo']);
    assert.equal(secret['type'], 'kubernetes.io/dockerconfigjson');
    const config = JSON.parse(Buffer.from((secret['data'] as Record<string, string>)['.dockerconfigjson'] ?? '', 'base64').toString()) as { auths: Record<string, { username: string }> };
    assert.equal(config.auths['registry.test']?.username, 'u');
  });

  test('a duplicate create answers 409 AlreadyExists through kubectl', async () => {
    const result = await c.kubectlResult(['create', 'configmap', 'cm', '--from-literal=a=b', '-n', 'foo']);
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /configmaps "cm" already exists/);
  });

  test('an event with MicroTime and Time fields, sent as protobuf', async () => {
    const event = {
      metadata: { name: 'ev', namespace: 'foo' },
      involvedObject: { kind: 'ConfigMap', namespace: 'foo', name: 'cm', apiVersion: 'v1' },
      reason: 'Tested',
      action: 'Testing',
      message: 'sent as protobuf',
      firstTimestamp: '2024-05-01T10:00:00Z',
      lastTimestamp: '2024-05-01T10:00:05Z',
      eventTime: '2024-05-01T10:00:00.123456Z',
      count: 2,
      type: 'Normal',
      reportingComponent: 'tester',
      reportingInstance: 'tester-1',
      source: { component: 'tester' },
    };
    const body = Buffer.from(encodeProtobufObject(CoreEventSchema, 'v1', 'Event', event));
    const res = await raw.request('POST', '/api/v1/namespaces/foo/events', { body, contentType: PROTOBUF_MEDIA_TYPE });
    assert.equal(res.status, 201, res.body);
    const stored = await getJson(['events.v1.', 'ev', '-n', 'foo']);
    for (const [field, value] of Object.entries(event)) {
      if (field !== 'metadata') assert.deepEqual(stored[field], value, field);
    }
  });

  const badBodies: [string, Buffer, RegExp][] = [
    ['no prefix', Buffer.from('{"kind":"ConfigMap"}'), /^the object provided is unrecognized \(must be of type ConfigMap\): provided data does not appear to be a protobuf message, expected prefix \[107 56 115 0\] \(\{"kind":"ConfigMap"\}\)$/],
    ['prefix only', Buffer.from([0x6b, 0x38, 0x73, 0x00]), /^the object provided is unrecognized \(must be of type ConfigMap\): empty body \(6b387300\)$/],
    ['truncated object', Buffer.from('6b3873000a0f0a0276311209436f6e6669674d6170' + '1206' + '0a090a02636d', 'hex'), /^ConfigMap in version "v1" cannot be handled as a ConfigMap: unexpected EOF$/],
  ];
  for (const [name, body, message] of badBodies) {
    test(`a malformed protobuf body (${name}) is a 400 BadRequest`, async () => {
      const res = await raw.request('POST', '/api/v1/namespaces/foo/configmaps', { body, contentType: PROTOBUF_MEDIA_TYPE });
      assert.equal(res.status, 400, res.body);
      const status = res.json() as { reason: string; message: string };
      assert.equal(status.reason, 'BadRequest');
      assert.match(status.message, message);
    });
  }
});
