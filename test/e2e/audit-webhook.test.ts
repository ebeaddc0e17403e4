// The audit webhook backend (--audit-webhook-config-file): events POSTed as audit.k8s.io/v1 EventLists to the
// service a kubeconfig names, one per event in blocking mode (the request waits for it) and batched in batch mode, beside the log when both
// are set; a webhook that answers 500 is retried from --audit-webhook-initial-backoff.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { generateCa, generateServingCertificate } from '../../src/server/pki/generate.js';
import { servingNamesOf } from '../../src/server/pki/serving-names.js';
import { closeServer, listenOnLoopback, readJson } from './support/authn-servers.js';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { rawClient } from './support/raw-client.js';

interface EventList { kind: string; apiVersion: string; items: { auditID: string; stage: string; verb: string }[] }

let dir = '';
let server: Server;
const received: EventList[] = [];
let failNext = 0;
let kubeconfig = '';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-audit-webhook-'));
  const now = new Date();
  const ca = await generateCa(now, 'audit-webhook-ca');
  const serving = await generateServingCertificate(ca, servingNamesOf(['127.0.0.1']), now);
  server = createServer(serving, (req, res) => {
    void readJson(req).then((body) => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end();
        return;
      }
      received.push(body as EventList);
      res.writeHead(200).end('{}');
    });
  });
  const port = await listenOnLoopback(server);
  kubeconfig = join(dir, 'webhook.kubeconfig');
  await writeFile(join(dir, 'ca.crt'), ca.cert);
  await writeFile(kubeconfig, YAML.stringify({
    apiVersion: 'v1', kind: 'Config', 'current-context': 'audit',
    clusters: [{ name: 'audit', cluster: { server: `https://127.0.0.1:${port}/events`, 'certificate-authority': join(dir, 'ca.crt') } }],
    users: [{ name: 'kplane', user: {} }],
    contexts: [{ name: 'audit', context: { cluster: 'audit', user: 'kplane' } }],
  }));
  await writeFile(join(dir, 'policy.yaml'), 'apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: None\n  userGroups: ["system:serviceaccounts"]\n- level: None\n  users: ["system:apiserver", "system:kube-controller-manager"]\n- level: Metadata\n');
});

after(async () => {
  await closeServer(server);
  await rm(dir, { recursive: true, force: true });
});

async function withCluster(audit: Record<string, unknown>, run: (cluster: TestCluster) => Promise<void>): Promise<void> {
  const cluster = await startCluster({ audit: { policyFile: join(dir, 'policy.yaml'), webhookConfigFile: kubeconfig, ...audit } });
  try {
    await run(cluster);
  } finally {
    await cluster.stop();
  }
}

const sentFor = (id: string) => received.flatMap((list) => list.items).filter((e) => e.auditID === id);

test('blocking mode: each event is POSTed as an EventList of its own; a 500 is retried', async () => {
  await withCluster({ webhookMode: 'blocking', webhookInitialBackoffMs: 50, logPath: join(dir, 'audit.log') }, async (cluster) => {
    failNext = 1;
    const answer = await rawClient(cluster.server.kubeconfig).request('GET', '/api/v1/namespaces/default');
    const id = String(answer.headers['audit-id']);
    // kplane writes a response as the handler makes it: its ResponseComplete event follows it.
    const sent = await eventually(() => (sentFor(id).length > 0 ? sentFor(id) : undefined), 'the event sent');
    assert.deepEqual(sent.map((e) => e.stage), ['ResponseComplete']);
    const list = received.find((l) => l.items.some((e) => e.auditID === id))!;
    assert.equal(list.items.length, 1);
    assert.equal(failNext, 0, 'the refused POST was made, then retried');
    assert.equal(list.kind, 'EventList');
    assert.equal(list.apiVersion, 'audit.k8s.io/v1');
    // The log has it too (union backend).
    assert.match(await readFile(join(dir, 'audit.log'), 'utf8'), new RegExp(id));
  });
});

test('batch mode: events are sent together once the batch is full or its wait is over', async () => {
  await withCluster({ webhookBatch: { bufferSize: 10_000, maxBatchSize: 3, maxBatchWaitMs: 200 } }, async (cluster) => {
    const client = rawClient(cluster.server.kubeconfig);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(String((await client.request('GET', '/api/v1/namespaces/default')).headers['audit-id']));
    await eventually(() => (ids.every((id) => sentFor(id).length === 1) ? true : undefined), 'the batch sent');
    const lists = received.filter((l) => l.items.some((e) => ids.includes(e.auditID)));
    assert.ok(lists.some((l) => l.items.length > 1), 'several events in one EventList');
  });
});
