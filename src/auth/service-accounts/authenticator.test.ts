// The service account token authenticator over a fake lookup: bound and legacy tokens, the user it names,
// the checks that reject (times, signature, issuer, audiences, lookups) and the cache's re-checks.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { boundClaims, legacyClaims, LEGACY_ISSUER } from './claims.js';
import { serviceAccountTokenAuthenticator } from './authenticator.js';
import { parsePublicKeysPem, parseSigningKeyPem } from './keys.js';
import { tokenGenerator } from './token-generator.js';
import type { LookedUpObject, LookupKind } from './validate.js';

const ISSUER = 'https://issuer.test';
const pair = generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const signing = parseSigningKeyPem(pair.privateKey);
const other = parseSigningKeyPem(generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey);
const bound = tokenGenerator(ISSUER, signing);
const legacy = tokenGenerator(LEGACY_ISSUER, signing);

/** A fake watch cache: objects by `kind/namespace/name`, each write a new revision. */
class Objects {
  private readonly items = new Map<string, LookedUpObject>();
  private revision = 0;
  reads = 0;
  put(kind: LookupKind, namespace: string, name: string, uid: string, extra: Partial<KubeObject> = {}): void {
    this.items.set(`${kind}/${namespace}/${name}`, { revision: ++this.revision, object: { metadata: { name, namespace, uid }, ...extra } as KubeObject });
  }
  remove(kind: LookupKind, namespace: string, name: string): void {
    this.items.delete(`${kind}/${namespace}/${name}`);
  }
  getter = (kind: LookupKind, namespace: string, name: string): LookedUpObject | undefined => {
    this.reads++;
    return this.items.get(`${kind}/${namespace}/${name}`);
  };
}

function setup(options: { lookup?: boolean; now?: () => number } = {}) {
  const objects = new Objects();
  objects.put('serviceAccount', 'ns', 'sa', 'sa-uid');
  objects.put('pod', 'ns', 'p', 'pod-uid');
  const auth = serviceAccountTokenAuthenticator({ issuers: [ISSUER, 'https://old.test'], keys: parsePublicKeysPem(pair.publicKey), apiAudiences: [ISSUER], lookup: options.lookup ?? true, getter: objects.getter, ...(options.now ? { now: options.now } : {}) });
  return { objects, auth };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const podToken = (overrides: { audiences?: string[]; expirationSeconds?: number; at?: number } = {}) =>
  bound.generate(boundClaims({ serviceAccount: { namespace: 'ns', name: 'sa', uid: 'sa-uid' }, pod: { name: 'p', uid: 'pod-uid' }, expirationSeconds: overrides.expirationSeconds ?? 3600, warnAfterSeconds: 0, audiences: overrides.audiences ?? [ISSUER] }, overrides.at ?? nowSeconds()));

/** `call` fails (synchronously or not) with `message`. */
async function rejects(call: () => unknown, message: RegExp): Promise<void> {
  await assert.rejects(async () => {
    await call();
  }, message);
}

describe('service account token authenticator', () => {
  test('a pod-bound token names the account, its groups and the pod', async () => {
    const { auth } = setup();
    assert.deepEqual(await auth.authenticate(await podToken()), {
      name: 'system:serviceaccount:ns:sa',
      uid: 'sa-uid',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:ns'],
      extra: { 'authentication.kubernetes.io/pod-name': ['p'], 'authentication.kubernetes.io/pod-uid': ['pod-uid'] },
    });
  });

  test('a verified token is answered from the cache, synchronously, re-reading only its objects', async () => {
    const { auth, objects } = setup();
    const token = await podToken();
    await auth.authenticate(token);
    const reads = objects.reads;
    const again = auth.authenticate(token);
    assert.ok(!(again instanceof Promise));
    assert.equal(again?.name, 'system:serviceaccount:ns:sa');
    assert.equal(objects.reads - reads, 2, 'one read each of the account and the pod');
  });

  test('a cached token dies with its pod, with a new pod of the same name, and with its account', async () => {
    const { auth, objects } = setup();
    const token = await podToken();
    await auth.authenticate(token);
    objects.put('pod', 'ns', 'p', 'pod-uid', { metadata: { name: 'p', namespace: 'ns', uid: 'pod-uid', labels: { a: 'b' } } });
    assert.equal((await auth.authenticate(token))?.name, 'system:serviceaccount:ns:sa', 'a changed pod of the same uid is fine');
    objects.put('pod', 'ns', 'p', 'new-uid');
    await rejects(() => auth.authenticate(token), /pod UID \(new-uid\) does not match service account pod ref claim \(pod-uid\)/);
    objects.remove('pod', 'ns', 'p');
    await rejects(() => auth.authenticate(token), /service account token has been invalidated/);
    objects.put('pod', 'ns', 'p', 'pod-uid');
    objects.remove('serviceAccount', 'ns', 'sa');
    await rejects(() => auth.authenticate(token), /serviceaccount "sa" not found/);
  });

  test('a pod deleted longer ago than the leeway invalidates the token', async () => {
    const { auth, objects } = setup();
    objects.put('pod', 'ns', 'p', 'pod-uid', { metadata: { name: 'p', namespace: 'ns', uid: 'pod-uid', deletionTimestamp: new Date(Date.now() - 120_000).toISOString() } });
    await rejects(async () => auth.authenticate(await podToken()), /service account token has been invalidated/);
  });

  test('times, signature, issuer and audiences', async () => {
    const { auth } = setup();
    await rejects(async () => auth.authenticate(await podToken({ at: nowSeconds() - 7200 })), /service account token has expired/);
    await rejects(async () => auth.authenticate(await podToken({ at: nowSeconds() + 600 })), /service account token is not valid yet/);
    await rejects(async () => auth.authenticate(await podToken({ audiences: ['other'] })), /token audiences \["other"\] is invalid for the target audiences \["https:\/\/issuer.test"\]/);
    const forged = await tokenGenerator(ISSUER, other).generate(boundClaims({ serviceAccount: { namespace: 'ns', name: 'sa', uid: 'sa-uid' }, expirationSeconds: 3600, warnAfterSeconds: 0, audiences: [ISSUER] }, nowSeconds()));
    await rejects(() => auth.authenticate(forged), /signature verification failed/);
    const foreign = await tokenGenerator('https://elsewhere', signing).generate({ sub: 'x' });
    assert.equal(await auth.authenticate(foreign), undefined, 'another issuer: not a service account token');
    for (const junk of ['abc', 'a.b.c', '{"iss":"x"}', `${await podToken()}.x`]) assert.equal(await auth.authenticate(junk), undefined);
    const secondIssuer = await tokenGenerator('https://old.test', signing).generate(boundClaims({ serviceAccount: { namespace: 'ns', name: 'sa', uid: 'sa-uid' }, expirationSeconds: 3600, warnAfterSeconds: 0, audiences: [ISSUER] }, nowSeconds()));
    assert.equal((await auth.authenticate(secondIssuer))?.name, 'system:serviceaccount:ns:sa', 'every issuer is accepted');
  });

  test('a cached token expires', async () => {
    let now = Date.now();
    const { auth } = setup({ now: () => now });
    const token = await podToken({ expirationSeconds: 600 });
    await auth.authenticate(token);
    now += 661_000;
    await rejects(() => auth.authenticate(token), /service account token has expired/);
  });

  test('explicit audiences answer their intersection', async () => {
    const { auth } = setup();
    const token = await podToken({ audiences: ['a', 'b'] });
    assert.deepEqual((await auth.authenticateFor(token, ['b', 'c']))?.audiences, ['b']);
  });

  test('legacy secret tokens: claims, the secret copy and the account, unless lookup is off', async () => {
    const { auth, objects } = setup();
    const token = await legacy.generate(legacyClaims({ namespace: 'ns', name: 'sa', uid: 'sa-uid' }, 'sa-token'));
    await rejects(() => auth.authenticate(token), /token has been invalidated/);
    objects.put('secret', 'ns', 'sa-token', 's-uid', { data: { token: Buffer.from('other').toString('base64') } } as Partial<KubeObject>);
    await rejects(() => auth.authenticate(token), /token does not match server's copy/);
    objects.put('secret', 'ns', 'sa-token', 's-uid', { data: { token: Buffer.from(token).toString('base64') } } as Partial<KubeObject>);
    assert.deepEqual(await auth.authenticate(token), { name: 'system:serviceaccount:ns:sa', uid: 'sa-uid', groups: ['system:serviceaccounts', 'system:serviceaccounts:ns'] });
    objects.put('serviceAccount', 'ns', 'sa', 'new-uid');
    await rejects(() => auth.authenticate(token), /ServiceAccount UID \(new-uid\) does not match claim \(sa-uid\)/);
    const { auth: noLookup } = setup({ lookup: false });
    assert.equal((await noLookup.authenticate(token))?.name, 'system:serviceaccount:ns:sa');
    const bad = await legacy.generate({ ...legacyClaims({ namespace: 'ns', name: 'sa', uid: 'sa-uid' }, 'sa-token'), sub: 'system:serviceaccount:ns:other' });
    await rejects(() => noLookup.authenticate(bad), /sub claim is invalid/);
  });
});
