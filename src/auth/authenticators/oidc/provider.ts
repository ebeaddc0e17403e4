// The identity provider as the API server sees it (upstream: go-oidc's provider discovery and remote key
// set): the discovery document at `<issuer>/.well-known/openid-configuration` names the JWKS; both are
// fetched over TLS trusting `--oidc-ca-file` (or the host's roots). Discovery runs in the background from
// the start and is retried every 10 seconds until it succeeds; until then tokens of this issuer fail. The
// keys are fetched right after discovery and again whenever a token's signature matches none of the cached
// keys (the provider rotated them), concurrent refreshes sharing one fetch.
import { request } from 'node:https';
import type { JSONWebKeySet, JWTVerifyGetKey } from 'jose';
import { loadJose } from '../../jose.js';
import { errorMessage } from '../../../errors/error-message.js';

/** How often discovery is tried again after a failure (upstream polls every 10 s). */
export const DISCOVERY_RETRY_MS = 10_000;
/** A fetch from the provider that takes longer fails. */
const FETCH_TIMEOUT_MS = 30_000;

export interface ProviderOptions {
  readonly issuerURL: string;
  /** PEM CA bundle of `--oidc-ca-file`; the host's roots when absent. */
  readonly caPem?: string;
}

/** The provider's keys, verifying signatures of ID tokens. */
export class OidcProvider {
  private jwksURI: string | undefined;
  private keys: JWTVerifyGetKey | undefined;
  private refreshing: Promise<JWTVerifyGetKey> | undefined;
  private readonly abort = new AbortController();

  constructor(private readonly options: ProviderOptions) {}

  /** Starts discovery in the background; resolves once discovery and the first key fetch settled. */
  start(): Promise<void> {
    const discover = async (): Promise<void> => {
      while (!this.abort.signal.aborted) {
        try {
          this.jwksURI = await this.discover();
          await this.refreshKeys().catch((error: unknown) => console.error(`kplane: oidc authenticator: fetching keys: ${errorMessage(error)}`));
          return;
        } catch (error) {
          console.error(`kplane: oidc authenticator: initializing plugin: ${errorMessage(error)}`);
          await delay(DISCOVERY_RETRY_MS, this.abort.signal);
        }
      }
    };
    return discover();
  }

  /** Whether discovery succeeded (tokens fail until it has). */
  get initialized(): boolean {
    return this.jwksURI !== undefined;
  }

  stop(): void {
    this.abort.abort();
  }

  /**
   * The token's verified payload. Keys are fetched again once when none of the cached ones verifies.
   * @throws Error before discovery succeeded, or when no key of the provider verifies the signature.
   */
  async verifySignature(token: string, alg: string): Promise<Uint8Array> {
    if (this.jwksURI === undefined) throw new Error('oidc: authenticator not initialized');
    const { compactVerify } = await loadJose();
    const cached = this.keys;
    if (cached) {
      try {
        return (await compactVerify(token, cached, { algorithms: [alg] })).payload;
      } catch {
        // Unknown key id or a rotated key: fetch the keys again below.
      }
    }
    const fresh = await this.refreshKeys();
    try {
      return (await compactVerify(token, fresh, { algorithms: [alg] })).payload;
    } catch (error) {
      throw new Error(`failed to verify signature: ${errorMessage(error)}`);
    }
  }

  private async discover(): Promise<string> {
    const { issuerURL } = this.options;
    const document = await this.getJson(`${issuerURL.replace(/\/$/, '')}/.well-known/openid-configuration`, 'provider discovery object');
    if (document['issuer'] !== issuerURL) {
      throw new Error(`oidc: issuer did not match the issuer returned by provider, expected ${JSON.stringify(issuerURL)} got ${JSON.stringify(document['issuer'] ?? '')}`);
    }
    const jwksURI = document['jwks_uri'];
    if (typeof jwksURI !== 'string' || jwksURI === '') throw new Error('oidc: provider discovery object has no jwks_uri');
    return jwksURI;
  }

  private refreshKeys(): Promise<JWTVerifyGetKey> {
    this.refreshing ??= (async () => {
      try {
        const [jwks, { createLocalJWKSet }] = await Promise.all([this.getJson(this.jwksURI!, 'keys'), loadJose()]);
        this.keys = createLocalJWKSet(jwks as unknown as JSONWebKeySet);
        return this.keys;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private getJson(url: string, what: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const req = request(url, { ca: this.options.caPem, signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) return reject(new Error(`${res.statusCode} ${res.statusMessage ?? ''}: ${body}`));
          try {
            const value: unknown = JSON.parse(body);
            if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
            resolve(value as Record<string, unknown>);
          } catch (error) {
            reject(new Error(`oidc: failed to decode ${what}: ${errorMessage(error)}`));
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
  }
}


function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    timer.unref();
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}
