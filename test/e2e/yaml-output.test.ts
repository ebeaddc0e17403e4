// YAML responses as sigs.k8s.io/yaml (go-yaml v2) writes them (issue 15, item 7): strings a YAML 1.1
// reader would take for booleans, nulls, numbers or timestamps are quoted, so that a client reading the
// YAML back gets strings; sequences sit at their key's indentation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import YAML from 'yaml';
import { useCluster } from './support/cluster.js';

const env = useCluster();

test('timestamp-, boolean- and number-like strings are quoted; a YAML 1.1 reader reads them back as strings', async () => {
  const data = { date: '2024-01-01', yes: 'yes', on: 'on', n: 'n', tilde: '~', hex: '0x12', float: '1.5', stamp: '2024-01-01T10:00:00Z', plain: 'hello' };
  const created = await env.client.request('POST', '/api/v1/namespaces/default/configmaps', { body: JSON.stringify({ metadata: { name: 'yaml-quoting' }, data }) });
  assert.equal(created.status, 201, created.body);
  const response = await env.client.request('GET', '/api/v1/namespaces/default/configmaps/yaml-quoting', { accept: 'application/yaml' });
  assert.equal(response.status, 200);
  assert.match(response.body, /^ {2}date: "2024-01-01"$/m);
  assert.match(response.body, /^ {2}"yes": "yes"$/m);
  assert.match(response.body, /^ {2}"n": "n"$/m);
  assert.match(response.body, /^ {2}plain: hello$/m);
  assert.match(response.body, /^ {2}creationTimestamp: "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"$/m);
  assert.match(response.body, /^ {2}managedFields:\n {2}- /m);
  const parsed = YAML.parse(response.body, { version: '1.1' }) as { data: Record<string, string> };
  assert.deepEqual(parsed.data, data);
});
