// A kubeconfig user as the webhook client presents it (upstream restConfigFromKubeconfig and client-go's
// transport): certificate and key from data or files, bearer tokens, a token file's refresh, basic auth,
// impersonation, and the users upstream refuses.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentialsOf } from './credentials.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-webhook-credentials-'));
  await writeFile(join(dir, 'token'), '  from-file\n');
  await writeFile(join(dir, 'client.crt'), 'CERT FROM FILE');
  await writeFile(join(dir, 'client.key'), 'KEY FROM FILE');
});
after(() => rm(dir, { recursive: true, force: true }));

const b64 = (text: string) => Buffer.from(text).toString('base64');

test('credentialsOf: what each user sends', async () => {
  const cases: { name: string; user: Record<string, unknown>; headers: Record<string, unknown>; certificate?: [string, string] }[] = [
    { name: 'nothing', user: {}, headers: {} },
    { name: 'a token', user: { token: 'abc' }, headers: { authorization: 'Bearer abc' } },
    { name: 'a token file, relative to the kubeconfig, trimmed', user: { tokenFile: 'token' }, headers: { authorization: 'Bearer from-file' } },
    { name: 'a token file wins over the token while it can be read', user: { token: 'abc', tokenFile: join(dir, 'token') }, headers: { authorization: 'Bearer from-file' } },
    { name: 'the token when the file cannot be read', user: { token: 'abc', tokenFile: 'missing' }, headers: { authorization: 'Bearer abc' } },
    { name: 'basic auth', user: { username: 'u', password: 'p:w' }, headers: { authorization: `Basic ${b64('u:p:w')}` } },
    { name: 'a password without a user name is not basic auth', user: { password: 'p' }, headers: {} },
    { name: 'certificate and key data', user: { 'client-certificate-data': b64('CERT'), 'client-key-data': b64('KEY') }, headers: {}, certificate: ['CERT', 'KEY'] },
    { name: 'certificate and key files', user: { 'client-certificate': 'client.crt', 'client-key': join(dir, 'client.key') }, headers: {}, certificate: ['CERT FROM FILE', 'KEY FROM FILE'] },
    { name: 'data before the file', user: { 'client-certificate': 'missing.crt', 'client-certificate-data': b64('CERT'), 'client-key': 'client.key' }, headers: {}, certificate: ['CERT', 'KEY FROM FILE'] },
    { name: 'a certificate without its key is no client certificate', user: { 'client-certificate-data': b64('CERT') }, headers: {} },
    { name: 'a key without a certificate is not read', user: { 'client-key': 'missing.key', token: 't' }, headers: { authorization: 'Bearer t' } },
    { name: 'a certificate and a token', user: { 'client-certificate-data': b64('CERT'), 'client-key-data': b64('KEY'), token: 't' }, headers: { authorization: 'Bearer t' }, certificate: ['CERT', 'KEY'] },
    {
      name: 'impersonation',
      user: { token: 't', as: 'alice', 'as-groups': ['g1', 'g2'], 'as-user-extra': { 'reason/why': ['x'], scopes: ['a', 'b'] } },
      headers: { authorization: 'Bearer t', 'impersonate-user': 'alice', 'impersonate-group': ['g1', 'g2'], 'impersonate-extra-reason%2Fwhy': ['x'], 'impersonate-extra-scopes': ['a', 'b'] },
    },
  ];
  for (const c of cases) {
    const credentials = await credentialsOf(c.user, dir);
    assert.deepEqual(await credentials.headers(), c.headers, c.name);
    const certificate = credentials.clientCertificate;
    assert.deepEqual(certificate && [certificate.cert, certificate.key], c.certificate, c.name);
  }
});

test('credentialsOf: the same pair has the same id, another pair another', async () => {
  const pair = (cert: string) => credentialsOf({ 'client-certificate-data': b64(cert), 'client-key-data': b64('KEY') }, dir);
  const [a, b, c] = await Promise.all([pair('CERT'), pair('CERT'), pair('OTHER')]);
  assert.equal(a.clientCertificate?.id, b.clientCertificate?.id);
  assert.notEqual(a.clientCertificate?.id, c.clientCertificate?.id);
});

test('credentialsOf: users upstream cannot use', async () => {
  const cases: { name: string; user: Record<string, unknown>; message: string; when: 'resolved' | 'called' }[] = [
    { name: 'a token file that cannot be read', user: { tokenFile: 'missing' }, message: `open ${join(dir, 'missing')}: no such file or directory`, when: 'resolved' },
    { name: 'a certificate file that cannot be read', user: { 'client-certificate': 'missing.crt', 'client-key': 'client.key' }, message: `open ${join(dir, 'missing.crt')}: no such file or directory`, when: 'resolved' },
    { name: 'an auth provider', user: { 'auth-provider': { name: 'gcp' } }, message: 'auth provider not supported', when: 'resolved' },
    { name: 'an exec plugin', user: { exec: { command: 'x' } }, message: 'exec credential plugins are not supported for admission webhook clients', when: 'resolved' },
    { name: 'a token and basic auth', user: { token: 't', username: 'u' }, message: 'username/password or bearer token may be set, but not both', when: 'called' },
    { name: 'a token file and basic auth', user: { tokenFile: 'token', username: 'u' }, message: 'username/password or bearer token may be set, but not both', when: 'called' },
  ];
  for (const c of cases) {
    if (c.when === 'resolved') await assert.rejects(credentialsOf(c.user, dir), { message: c.message }, c.name);
    else await assert.rejects((await credentialsOf(c.user, dir)).headers(), { message: c.message }, c.name);
  }
});

test('credentialsOf: a token file is read again after a minute, the last token kept while it cannot be', async () => {
  const path = join(dir, 'rotating');
  await writeFile(path, 'one');
  const credentials = await credentialsOf({ tokenFile: path }, dir);
  const realNow = Date.now;
  let now = realNow();
  Date.now = () => now;
  try {
    assert.deepEqual(await credentials.headers(), { authorization: 'Bearer one' });
    await writeFile(path, 'two');
    assert.deepEqual(await credentials.headers(), { authorization: 'Bearer one' });
    now += 51_000;
    assert.deepEqual(await credentials.headers(), { authorization: 'Bearer two' });
    await rm(path);
    now += 51_000;
    assert.deepEqual(await credentials.headers(), { authorization: 'Bearer two' });
  } finally {
    Date.now = realNow;
  }
});
