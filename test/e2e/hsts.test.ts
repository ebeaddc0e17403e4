// `kplane serve --strict-transport-security-directives`: upstream's WithHSTS puts the directives, joined by "; ",
// on every response of the chain (allowed, refused, unauthenticated, non-resource paths); without the flag there
// is no such header; a directive upstream refuses stops the start with its message.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

const CLI = fileURLToPath(new URL('../../kplane-cli.js', import.meta.url));
const HSTS = 'max-age=31536000; includeSubDomains; preload';

function serve(dataDir: string, args: readonly string[]): { child: ChildProcess; serving: Promise<string>; stderr: () => string } {
  const child = spawn(process.execPath, [CLI, 'serve', '--data-dir', dataDir, '--storage=memory', '--secure-port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const serving = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('serving on')) resolve(out);
    });
    child.once('exit', (code) => reject(new Error(`kplane serve exited ${code}: ${err}`)));
  });
  return { child, serving, stderr: () => err };
}

describe('kplane serve --strict-transport-security-directives', () => {
  let dataDir: string;
  let client: RawClient;
  const children: ChildProcess[] = [];
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kplane-hsts-'));
    const server = serve(join(dataDir, 'a'), ['--strict-transport-security-directives=max-age=31536000,includeSubDomains,preload']);
    children.push(server.child);
    await server.serving;
    client = rawClient(await readFile(join(dataDir, 'a', 'admin.kubeconfig'), 'utf8'));
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  test('every response carries the directives', async () => {
    const answers = [
      await client.request('GET', '/api/v1/namespaces/default'),
      await client.request('GET', '/api/v1/namespaces/default/configmaps/absent'),
      await client.request('GET', '/api/v1/namespaces', { anonymous: true }),
      await client.request('GET', '/api/v1/namespaces', { anonymous: true, headers: { authorization: 'Bearer not-a-token' } }),
      await client.request('GET', '/healthz', { anonymous: true }),
    ];
    assert.deepEqual(answers.map((a) => a.status), [200, 404, 403, 401, 200]);
    for (const answer of answers) assert.equal(answer.headers['strict-transport-security'], HSTS);
  });

  test('a directive upstream does not know stops the start with its message', async () => {
    const server = serve(join(dataDir, 'b'), ['--strict-transport-security-directives=max-age=1,includesubdomains']);
    children.push(server.child);
    await assert.rejects(server.serving);
    assert.equal(server.stderr(), 'Error: --strict-transport-security-directives invalid, allowed values: max-age=expireTime, includeSubDomains, preload. see https://tools.ietf.org/html/rfc6797#section-6.1 for more information\n');
  });
});

test('without the flag, no Strict-Transport-Security header', async () => {
  const cluster = await startCluster();
  try {
    const answer = await rawClient(cluster.server.kubeconfig).request('GET', '/api/v1/namespaces/default');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['strict-transport-security'], undefined);
  } finally {
    await cluster.stop();
  }
});
