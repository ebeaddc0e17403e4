// TokenRequest on `serviceaccounts/<name>/token` over memory stores: defaults, validation, bound objects
// and their checks, the maximum and the extended expiration of projected tokens.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { parseSigningKeyPem } from './keys.js';
import { tokenGenerator } from './token-generator.js';
import { memoryStores } from '../../apis/core/v1/pod/subresources/test-stores.js';
import { podDefinition } from '../../apis/core/v1/pod/pod.js';
import { secretDefinition } from '../../apis/core/v1/secret.js';
import { serviceAccountDefinition } from '../../apis/core/v1/serviceaccount.js';
import { tokenSubresource, withTokenSubresource, type TokenIssuing } from './token-request.js';

const key = parseSigningKeyPem(generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey);
const NOW = new Date('2026-01-01T00:00:00Z');
const issuing = (over: Partial<TokenIssuing> = {}): TokenIssuing => ({ generator: tokenGenerator('https://i', key), apiAudiences: ['https://i', 'api'], maxExpirationSeconds: 0, extendExpiration: true, now: () => NOW, ...over });
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('serviceaccounts/token', () => {
  const env = memoryStores([serviceAccountDefinition, podDefinition, secretDefinition] as unknown as ResourceDefinition[]);
  const write = { dryRun: false };
  let saUID = '';
  let podUID = '';
  before(async () => {
    await env.start();
    const [accounts, pods, secrets] = env.stores;
    saUID = (await accounts!.create('ns', { metadata: { name: 'sa' } }, write)).object.metadata.uid ?? '';
    await accounts!.create('ns', { metadata: { name: 'other' } }, write);
    podUID = (await pods!.create('ns', { metadata: { name: 'p' }, spec: { serviceAccountName: 'sa', containers: [{ name: 'c', image: 'i' }] } } as KubeObject, write)).object.metadata.uid ?? '';
    await secrets!.create('ns', { metadata: { name: 's' } } as KubeObject, write);
  });
  after(() => env.stop());

  const request = async (spec: Record<string, unknown>, options: { name?: string; issuing?: Partial<TokenIssuing>; warnings?: string[]; metadata?: Record<string, unknown> } = {}) => {
    const sub = tokenSubresource(issuing(options.issuing));
    const body = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: options.metadata ?? {}, spec } as unknown as KubeObject;
    const result = await sub.create!(env.access, 'ns', options.name ?? 'sa', body, { ...write, warnings: options.warnings ?? [] });
    return result.object as KubeObject & { spec: { audiences: string[]; expirationSeconds: number }; status: { token: string; expirationTimestamp: string } };
  };

  test('defaults: the API audiences and one hour', async () => {
    const out = await request({});
    assert.deepEqual(out.metadata, { name: 'sa', namespace: 'ns', creationTimestamp: '2026-01-01T00:00:00Z' });
    assert.deepEqual(out.spec, { audiences: ['https://i', 'api'], expirationSeconds: 3600 });
    assert.equal(out.status.expirationTimestamp, '2026-01-01T01:00:00Z');
    const claims = payloadOf(out.status.token);
    assert.deepEqual(claims['kubernetes.io'], { namespace: 'ns', serviceaccount: { name: 'sa', uid: saUID } });
    assert.equal(claims['iss'], 'https://i');
  });

  test('validation and name checks', async () => {
    await assert.rejects(request({ expirationSeconds: 599 }), { message: 'TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 10 minutes' });
    await assert.rejects(request({ expirationSeconds: 2 ** 32 + 1 }), /may not specify a duration larger than 2\^32 seconds/);
    await assert.rejects(request({}, { metadata: { name: 'x' } }), /metadata.name: Invalid value: "x": must match the service account name if specified/);
    await assert.rejects(request({}, { name: 'missing' }), { message: 'serviceaccounts "missing" not found' });
  });

  test('bound to a pod: its account, its uid, and the extended projected lifetime', async () => {
    const out = await request({ expirationSeconds: 3607, boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'p', uid: podUID } });
    const claims = payloadOf(out.status.token);
    const issued = NOW.getTime() / 1000;
    assert.equal(claims['exp'], issued + 365 * 24 * 3600);
    assert.deepEqual(claims['kubernetes.io'], { namespace: 'ns', pod: { name: 'p', uid: podUID }, serviceaccount: { name: 'sa', uid: saUID }, warnafter: issued + 3607 });
    assert.equal(out.status.expirationTimestamp, '2026-01-01T01:00:07Z');
    const other = await request({ expirationSeconds: 3607, audiences: ['elsewhere'], boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'p' } });
    assert.equal(payloadOf(other.status.token)['exp'], issued + 3607, 'foreign audiences are not extended');
    const off = await request({ expirationSeconds: 3607, boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'p' } }, { issuing: { extendExpiration: false } });
    assert.equal(payloadOf(off.status.token)['exp'], issued + 3607);
    await assert.rejects(request({ boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'p' } }, { name: 'other' }), { message: 'cannot bind token for serviceaccount "other" to pod running with different serviceaccount name.' });
    await assert.rejects(request({ boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'stale' } }), { message: 'Operation cannot be fulfilled on Pod "p": the UID in the bound object reference (stale) does not match the UID in record. The object might have been deleted and then recreated' });
  });

  test('bound to a secret; other kinds refused', async () => {
    const out = await request({ boundObjectRef: { apiVersion: 'v1', kind: 'Secret', name: 's' } });
    assert.equal((payloadOf(out.status.token)['kubernetes.io'] as { secret: { name: string } }).secret.name, 's');
    await assert.rejects(request({ boundObjectRef: { apiVersion: 'v1', kind: 'Secret', name: 'nope' } }), { message: 'secrets "nope" not found' });
    await assert.rejects(request({ boundObjectRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' } }), { message: 'cannot bind token to object of type apps/v1, Kind=Deployment' });
  });

  test('the maximum expiration shortens with a warning', async () => {
    const warnings: string[] = [];
    const out = await request({ expirationSeconds: 7200 }, { issuing: { maxExpirationSeconds: 3600 }, warnings });
    assert.equal(out.spec.expirationSeconds, 3600);
    assert.deepEqual(warnings, ['requested expiration of 7200 seconds shortened to 3600 seconds']);
  });

  test('the server adds the subresource to ServiceAccount only', () => {
    const defs = withTokenSubresource([serviceAccountDefinition, secretDefinition] as unknown as ResourceDefinition[], issuing());
    assert.deepEqual(defs.map((d) => (d.subresources ?? []).map((s) => s.name)), [['token'], []]);
  });
});
