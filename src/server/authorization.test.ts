import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AuthorizationOptions } from '../authorization/modes.js';
import { loadAuthorizationFiles } from './authorization.js';

describe('loadAuthorizationFiles', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kplane-authz-files-'));
    await writeFile(join(dir, 'policy.jsonl'), '{"user":"a"}\n');
    await writeFile(join(dir, 'webhook.kubeconfig'), 'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\n'
      + 'users: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads the files of the configured modes only', async () => {
    const files = await loadAuthorizationFiles({ modes: ['ABAC', 'Webhook'], policyFile: join(dir, 'policy.jsonl'), webhookConfigFile: join(dir, 'webhook.kubeconfig') });
    assert.equal(files.policies?.length, 1);
    assert.equal(typeof files.webhook, 'function');
    assert.deepEqual(await loadAuthorizationFiles({ modes: ['RBAC'] }), {});
  });

  const failures: { name: string; options: (dir: string) => AuthorizationOptions; message: (dir: string) => string | RegExp }[] = [
    { name: 'a missing policy file', options: (d) => ({ modes: ['ABAC'], policyFile: join(d, 'missing.jsonl') }),
      message: (d) => `invalid authorization config: open ${join(d, 'missing.jsonl')}: no such file or directory` },
    { name: 'a missing webhook config', options: (d) => ({ modes: ['Webhook'], webhookConfigFile: join(d, 'missing.kubeconfig') }),
      message: () => /^invalid authorization config: --authorization-webhook-config-file ".*missing.kubeconfig": ENOENT/ },
    { name: 'an unknown webhook version', options: (d) => ({ modes: ['Webhook'], webhookConfigFile: join(d, 'webhook.kubeconfig'), webhookVersion: 'v2' as 'v1' }),
      message: () => 'invalid authorization config: unsupported webhook authorizer version "v2", supported versions are "v1", "v1beta1"' },
  ];
  for (const { name, options, message } of failures) {
    it(`refuses ${name}`, async () => {
      const expected = message(dir);
      await assert.rejects(loadAuthorizationFiles(options(dir)), (error: Error) => (typeof expected === 'string' ? error.message === expected : expected.test(error.message)));
    });
  }
});
