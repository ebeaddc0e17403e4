// Key files and claims as upstream writes them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { boundClaims, legacyClaims, sortedJson } from './claims.js';
import { parsePublicKeysPem, parseSigningKeyPem } from './keys.js';
import { openIDMetadata } from './openid-metadata.js';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const ec384 = generateKeyPairSync('ec', { namedCurve: 'P-384', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const ecSec1 = generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'sec1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });

describe('service account keys', () => {
  test('public and private RSA and ECDSA keys, several per file, other blocks tolerated', () => {
    const keys = parsePublicKeysPem(`${rsa.publicKey}junk\n${ec384.privateKey}${ecSec1.privateKey}-----BEGIN NOTHING-----\nAAAA\n-----END NOTHING-----\n`);
    assert.deepEqual(keys.map((k) => k.algorithm), ['RS256', 'ES384', 'ES256']);
    const der = createPublicKey(rsa.publicKey).export({ type: 'spki', format: 'der' });
    assert.equal(keys[0]?.keyId, createHash('sha256').update(der).digest('base64url'));
    assert.throws(() => parsePublicKeysPem('nothing'), /data does not contain any valid RSA or ECDSA public keys/);
  });

  test('the signing key is the first private key', () => {
    assert.equal(parseSigningKeyPem(`${rsa.publicKey}${rsa.privateKey}`).algorithm, 'RS256');
    assert.equal(parseSigningKeyPem(ecSec1.privateKey).algorithm, 'ES256');
    assert.throws(() => parseSigningKeyPem(rsa.publicKey), /private key/);
    const ed = generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    assert.throws(() => parseSigningKeyPem(ed.privateKey), /unknown private key type/);
  });
});

describe('claims', () => {
  test('bound claims in go-jose order, with warnafter for extended tokens', () => {
    const claims = boundClaims({ serviceAccount: { namespace: 'ns', name: 'sa', uid: 'u' }, pod: { name: 'p', uid: 'pu' }, expirationSeconds: 31_536_000, warnAfterSeconds: 3607, audiences: ['api'] }, 1000);
    assert.equal(sortedJson({ ...claims, iss: 'https://i' }),
      '{"aud":["api"],"exp":31537000,"iat":1000,"iss":"https://i","kubernetes.io":{"namespace":"ns","pod":{"name":"p","uid":"pu"},"serviceaccount":{"name":"sa","uid":"u"},"warnafter":4607},"nbf":1000,"sub":"system:serviceaccount:ns:sa"}');
  });

  test('legacy claims', () => {
    assert.equal(sortedJson({ ...legacyClaims({ namespace: 'ns', name: 'sa', uid: 'u' }, 'sa-token-x'), iss: 'kubernetes/serviceaccount' }),
      '{"iss":"kubernetes/serviceaccount","kubernetes.io/serviceaccount/namespace":"ns","kubernetes.io/serviceaccount/secret.name":"sa-token-x","kubernetes.io/serviceaccount/service-account.name":"sa","kubernetes.io/serviceaccount/service-account.uid":"u","sub":"system:serviceaccount:ns:sa"}');
  });
});

describe('issuer discovery documents', () => {
  const keys = parsePublicKeysPem(`${rsa.publicKey}${ecSec1.publicKey}`);
  test('configuration and key set', () => {
    const md = openIDMetadata('https://issuer.test', undefined, '10.0.0.1:6443', keys);
    assert.deepEqual(JSON.parse(md.configJson), {
      issuer: 'https://issuer.test', jwks_uri: 'https://10.0.0.1:6443/openid/v1/jwks', response_types_supported: ['id_token'],
      subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['ES256', 'RS256'],
    });
    const set = JSON.parse(md.keySetJson) as { keys: Record<string, string>[] };
    assert.deepEqual(set.keys.map((k) => Object.keys(k)), [['use', 'kty', 'kid', 'alg', 'n', 'e'], ['use', 'kty', 'kid', 'crv', 'alg', 'x', 'y']]);
    assert.equal(JSON.parse(openIDMetadata('https://i', 'https://cdn/jwks', '', keys).configJson).jwks_uri, 'https://cdn/jwks');
  });
  const refusals: [string, string | undefined, RegExp][] = [
    ['kubernetes/serviceaccount', undefined, /Invalid URL|parse/],
    ['http://issuer', undefined, /issuer URL must use https scheme, got: http:\/\/issuer/],
    ['https://issuer?q=1', undefined, /issuer URL may not include a query/],
    ['https://issuer#f', undefined, /issuer URL may not include a fragment/],
    ['https://issuer', 'http://jwks', /jwksURI requires https scheme/],
  ];
  for (const [issuer, jwks, message] of refusals) test(`refuses ${issuer} ${jwks ?? ''}`, () => assert.throws(() => openIDMetadata(issuer, jwks, 'h:1', keys), message));
});
