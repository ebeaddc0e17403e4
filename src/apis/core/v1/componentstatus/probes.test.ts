import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { componentCells } from './componentstatus.js';
import { etcdHealthCheck, httpProbe } from './probes.js';
import { componentStatusStore } from './store.js';
import { componentStatusDefinition } from './componentstatus.js';
import { isStatusError } from '../../../../errors/status-error.js';

let server: Server;
let base = '';
before(async () => {
  server = createServer((req, res) => {
    const [code, body] = ({ '/ok': [200, '{"health":"true","reason":""}'], '/sick': [200, '{"health":"false"}'], '/boom': [500, 'x'], '/moved': [302, ''] } as Record<string, [number, string]>)[req.url ?? ''] ?? [404, ''];
    res.writeHead(code).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('httpProbe: the condition upstream derives from each outcome', async () => {
  const refused = `http://127.0.0.1:1/healthz`;
  const cases: [string, string, boolean, object][] = [
    ['healthy etcd', `${base}/ok`, true, { type: 'Healthy', status: 'True', message: '{"health":"true","reason":""}' }],
    ['etcd says unhealthy', `${base}/sick`, true, { type: 'Healthy', status: 'False', message: '{"health":"false"}', error: 'Unhealthy status: false' }],
    ['server error', `${base}/boom`, false, { type: 'Healthy', status: 'False', message: 'HTTP probe failed with statuscode: 500' }],
    ['redirect', `${base}/moved`, false, { type: 'Healthy', status: 'Unknown', message: 'Probe terminated redirects, Response body: ' }],
    ['refused', refused, false, { type: 'Healthy', status: 'False', message: `Get "${refused}": dial tcp 127.0.0.1:1: connect: connection refused` }],
  ];
  for (const [name, url, etcd, want] of cases) {
    assert.deepEqual(await httpProbe({ url: new URL(url), ...(etcd ? { validate: etcdHealthCheck } : {}) }), want, name);
  }
});

test('the store probes on get and list; an unknown name is a plain 500 as upstream', async () => {
  const store = componentStatusStore(componentStatusDefinition, [{ name: 'etcd-0', probe: () => httpProbe({ url: new URL(`${base}/ok`), validate: etcdHealthCheck }) }]);
  const item = await store.get('', 'etcd-0');
  assert.deepEqual(componentCells(item.object as never), { status: 'Healthy', message: '{"health":"true","reason":""}', error: '' });
  assert.equal((await store.list('', {})).items.length, 1);
  await assert.rejects(store.get('', 'scheduler'), (e: unknown) => isStatusError(e) && e.code === 500 && e.status.reason === undefined && e.message === 'Component not found: scheduler');
});
