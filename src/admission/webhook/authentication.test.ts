// Which kubeconfig user a webhook host is called as (upstream defaultAuthenticationInfoResolver's order), the
// target a URL's or service's host makes, and Go's SplitHostPort as the resolver uses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfigResolver, splitHostPort, userFor, webhookTarget } from './authentication.js';

const users = (...names: string[]) => new Map(names.map((name) => [name, {}]));

test('userFor: exact name, *.-suffixes from the most specific, the same without :443, *, the current context, else anonymous', () => {
  const cases: { name: string; users: string[]; current?: string; target: string; want: string | undefined }[] = [
    { name: 'exact with port', users: ['hook.ns.svc:8443', '*'], target: 'hook.ns.svc:8443', want: 'hook.ns.svc:8443' },
    { name: 'exact with :443', users: ['hook.ns.svc:443', 'hook.ns.svc'], target: 'hook.ns.svc:443', want: 'hook.ns.svc:443' },
    { name: 'without :443 when none has it', users: ['hook.ns.svc', '*'], target: 'hook.ns.svc:443', want: 'hook.ns.svc' },
    { name: 'another port is not dropped', users: ['hook.ns.svc', '*'], target: 'hook.ns.svc:8443', want: '*' },
    { name: 'most specific suffix first', users: ['*.svc:8443', '*.ns.svc:8443'], target: 'hook.ns.svc:8443', want: '*.ns.svc:8443' },
    { name: 'a suffix with the port before an exact name without it', users: ['hook.ns.svc', '*.ns.svc:443'], target: 'hook.ns.svc:443', want: '*.ns.svc:443' },
    { name: 'suffix without :443', users: ['*.svc', '*'], target: 'hook.ns.svc:443', want: '*.svc' },
    { name: 'a suffix is not a bare name', users: ['ns.svc:443'], target: 'hook.ns.svc:443', want: undefined },
    { name: 'the name itself is no suffix of itself', users: ['*.hook.ns.svc:443'], target: 'hook.ns.svc:443', want: undefined },
    { name: 'an IP address by its dotted suffixes', users: ['*.0.1:9443'], target: '127.0.0.1:9443', want: '*.0.1:9443' },
    { name: 'star', users: ['*', 'admin'], current: 'admin', target: 'example.com:443', want: '*' },
    { name: 'the current context\'s user', users: ['admin'], current: 'admin', target: 'example.com:443', want: 'admin' },
    { name: 'a current user the list lacks is anonymous', users: ['other'], current: 'admin', target: 'example.com:443', want: undefined },
    { name: 'nothing matches: anonymous', users: ['other.example.com'], target: 'example.com:443', want: undefined },
    { name: 'no users', users: [], target: 'example.com:443', want: undefined },
    { name: 'a target SplitHostPort refuses is not tried without a port', users: ['[::1]'], target: '[[::1]]:443', want: undefined },
  ];
  for (const c of cases) {
    assert.equal(userFor({ users: users(...c.users), ...(c.current ? { currentUser: c.current } : {}) }, c.target), c.want, c.name);
  }
});

test('webhookTarget: a host with a port as it is, one without gets :443 (an IPv6 literal bracketed again, as upstream)', () => {
  const cases: [string, string][] = [
    ['hook.ns.svc:443', 'hook.ns.svc:443'],
    ['hook.ns.svc:8443', 'hook.ns.svc:8443'],
    ['example.com', 'example.com:443'],
    ['127.0.0.1:9443', '127.0.0.1:9443'],
    ['[::1]:8443', '[::1]:8443'],
    ['[::1]', '[[::1]]:443'],
    ['example.com:', '[example.com:]:443'],
  ];
  for (const [host, want] of cases) assert.equal(webhookTarget(host), want, host);
});

test('splitHostPort: Go\'s net.SplitHostPort', () => {
  const cases: [string, { host: string; port: string } | undefined][] = [
    ['example.com:443', { host: 'example.com', port: '443' }],
    ['[::1]:443', { host: '::1', port: '443' }],
    ['example.com', undefined],
    ['a:b:443', undefined],
    ['[::1]', undefined],
    ['[[::1]]:443', undefined],
    [':443', { host: '', port: '443' }],
  ];
  for (const [input, want] of cases) assert.deepEqual(splitHostPort(input), want, input);
});

test('kubeconfigResolver: a user\'s files are read once per target; a failed read is tried again', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kplane-webhook-auth-'));
  try {
    const kubeconfig = { directory: dir, users: new Map([['*', { tokenFile: 'token' }]]) };
    const resolver = kubeconfigResolver(kubeconfig);
    await assert.rejects(resolver.credentialsFor('a.example.com:443'), { message: `open ${join(dir, 'token')}: no such file or directory` });
    await writeFile(join(dir, 'token'), 'first\n');
    const credentials = await resolver.credentialsFor('a.example.com:443');
    assert.deepEqual(await credentials.headers(), { authorization: 'Bearer first' });
    assert.equal(await resolver.credentialsFor('a.example.com:443'), credentials);
    assert.notEqual(await resolver.credentialsFor('b.example.com:443'), credentials);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
