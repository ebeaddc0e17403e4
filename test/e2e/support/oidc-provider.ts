// Test support: a minimal OpenID Connect provider on loopback, serving discovery and its JWKS over HTTPS
// with a CA of its own, and signing ID tokens with jose. Keys can be rotated (a new key id the API server
// has not seen) to exercise the refetch of keys.
import { createServer, type Server } from 'node:https';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload, type CryptoKey } from 'jose';
import { generateCa, generateServingCertificate } from '../../../src/server/pki/generate.js';

export interface TestOidcProvider {
  /** The issuer URL (`https://127.0.0.1:<port>`): `--oidc-issuer-url`. */
  readonly issuer: string;
  /** A file holding the provider's CA: `--oidc-ca-file`. */
  readonly caFile: string;
  /** Paths requested so far (discovery, keys). */
  readonly requests: string[];
  /** Signs `claims` (iss defaults to the issuer, exp to an hour from now) with the current key. */
  sign(claims: JWTPayload, options?: { alg?: string; kid?: string }): Promise<string>;
  /** Replaces the signing key with a new one under a new key id; the JWKS serves both. */
  rotate(): Promise<void>;
  stop(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function newKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** Starts a provider on 127.0.0.1 (a free port), writing its CA into `dir`. */
export async function startOidcProvider(dir: string): Promise<TestOidcProvider> {
  const now = new Date();
  const ca = await generateCa(now);
  const serving = await generateServingCertificate(ca, { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] }, now);
  const caFile = join(dir, 'oidc-ca.crt');
  await writeFile(caFile, ca.cert);
  const keys: SigningKey[] = [await newKey('key-1')];
  const requests: string[] = [];
  let issuer = '';
  const server: Server = createServer({ cert: serving.cert, key: serving.key }, (req, res) => {
    requests.push(req.url ?? '');
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      json({ issuer, jwks_uri: `${issuer}/keys`, authorization_endpoint: `${issuer}/auth`, id_token_signing_alg_values_supported: ['RS256'] });
    } else if (req.url === '/keys') {
      json({ keys: keys.map((k) => k.jwk) });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  issuer = `https://127.0.0.1:${address.port}`;
  return {
    issuer,
    caFile,
    requests,
    async sign(claims, options = {}) {
      const key = keys[keys.length - 1]!;
      return new SignJWT({ iss: issuer, exp: Math.floor(Date.now() / 1000) + 3600, iat: Math.floor(Date.now() / 1000), ...claims })
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? key.kid })
        .sign(key.privateKey);
    },
    async rotate() {
      keys.push(await newKey(`key-${keys.length + 1}`));
    },
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
