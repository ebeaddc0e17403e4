// kubectl 1.32 against the discovery and OpenAPI builders (through a minimal test server): it
// discovers through aggregated discovery, explains fields from /openapi/v3, detects server-side
// field validation and strategic merge patch from /openapi/v3, and never needs /openapi/v2.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from './test-server.js';
import { testDefinitions } from './test-definitions.js';

const KUBECTL = '/usr/bin/kubectl';
const run = promisify(execFile);

describe('kubectl against served discovery and OpenAPI', { skip: !existsSync(KUBECTL) && 'kubectl not installed' }, () => {
  let server: TestServer;
  let dir: string;
  const kubectl = async (...args: string[]): Promise<string> => {
    const { stdout, stderr } = await run(KUBECTL, [`--server=${server.url}`, `--cache-dir=${join(dir, 'cache')}`, ...args], { env: { HOME: dir, PATH: '/usr/bin:/bin' } });
    return stdout + stderr;
  };

  before(async () => {
    server = await startTestServer(testDefinitions);
    dir = await mkdtemp(join(tmpdir(), 'kplane-kubectl-'));
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists resources from aggregated discovery alone', async () => {
    const out = await kubectl('api-resources', '--no-headers');
    const rows = out.trim().split('\n').map((line) => line.trim().split(/\s+/));
    assert.deepEqual(rows.find((row) => row[0] === 'pods'), ['pods', 'po', 'v1', 'true', 'Pod']);
    assert.deepEqual(rows.find((row) => row[0] === 'leases'), ['leases', 'coordination.k8s.io/v1', 'true', 'Lease']);
    assert.deepEqual(rows.find((row) => row[0] === 'nodes'), ['nodes', 'no', 'v1', 'false', 'Node']);
    const discovery = server.requests.filter((r) => /^\/apis?(\/|\?|$)/.test(r.path)).map((r) => r.path.split('?')[0]);
    assert.deepEqual([...new Set(discovery)], ['/api', '/apis']);
  });

  it('explains fields from /openapi/v3', async () => {
    const out = await kubectl('explain', 'pods.spec.containers.ports');
    assert.match(out, /KIND:\s+Pod/);
    assert.match(out, /FIELD: ports <\[\]ContainerPort>/);
    assert.match(out, /containerPort\s+<integer> -required-/);
    assert.match(await kubectl('explain', 'configmap.data'), /FIELD: data <map\[string\]string>/);
  });

  it('leaves validation to the server (fieldValidation=Strict) and applies with strategic merge', async () => {
    const file = join(dir, 'cm.yaml');
    await writeFile(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: default\ndata:\n  a: b\n');
    await kubectl('create', '-f', file);
    const post = server.requests.find((r) => r.method === 'POST');
    assert.match(post?.path ?? '', /fieldValidation=Strict/);
    await writeFile(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: default\ndata:\n  a: c\n');
    const out = await kubectl('apply', '-f', file, '-v=5');
    assert.doesNotMatch(out, /OpenAPI V3 path does not/);
    const patch = server.requests.find((r) => r.method === 'PATCH');
    assert.equal(patch?.contentType, 'application/strategic-merge-patch+json');
    assert.equal(server.requests.some((r) => r.path.startsWith('/openapi/v2')), false);
  });
});
