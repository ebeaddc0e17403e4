// Service accounts in this server (upstream kube-apiserver's service account options as Complete applies
// them): the keys tokens are verified with and signed with, the issuers, the API audiences, the token
// authenticator over the watch caches, the TokenRequest issuing, and the issuer discovery documents.
//
// Decision: kplane issues tokens without flags. kube-apiserver 1.25 requires --service-account-issuer and
// --service-account-signing-key-file; kplane defaults the issuer to kubeadm's
// `https://kubernetes.default.svc.cluster.local` and signs with its serving key (kplane-generated, ECDSA
// P-256, so ES256), the same key verification falls back to as upstream's does to the TLS key.
import { readFile } from 'node:fs/promises';
import { LEGACY_ISSUER } from '../auth/service-accounts/claims.js';
import { serviceAccountTokenAuthenticator, type ServiceAccountAuthenticatorOptions, type ServiceAccountTokenAuthenticator } from '../auth/service-accounts/authenticator.js';
import { parsePublicKeysPem, parseSigningKeyPem, type SigningKey, type VerificationKey } from '../auth/service-accounts/keys.js';
import { openIDMetadata, type OpenIDMetadata } from '../auth/service-accounts/openid-metadata.js';
import { tokenGenerator, type TokenGenerator } from '../auth/service-accounts/token-generator.js';
import type { LookupKind, ServiceAccountTokenGetter } from '../auth/service-accounts/validate.js';
import type { TokenIssuing } from '../auth/service-accounts/token-request.js';
import type { Pki } from './pki/index.js';
import type { ServedStores } from './stores.js';
import type { AudienceTokenAuthenticator } from '../auth/authenticators/authenticator.js';
import { errorMessage } from '../errors/error-message.js';

/** kplane's default `--service-account-issuer` (kubeadm's). */
export const DEFAULT_SERVICE_ACCOUNT_ISSUER = 'https://kubernetes.default.svc.cluster.local';

/** The service account flags of kube-apiserver, as startServer() takes them. */
export interface ServiceAccountOptions {
  /** `--service-account-key-file`: PEM files of verification keys; default the serving key. */
  keyFiles?: readonly string[];
  /** `--service-account-signing-key-file`: the key tokens are signed with; default the serving key. */
  signingKeyFile?: string;
  /** `--service-account-issuer`: the first issues, all are accepted; default {@link DEFAULT_SERVICE_ACCOUNT_ISSUER}. */
  issuers?: readonly string[];
  /** `--service-account-jwks-uri`. */
  jwksURI?: string;
  /** `--service-account-lookup` (default true). */
  lookup?: boolean;
  /** `--service-account-max-token-expiration` in seconds; 0 (default) for none. */
  maxTokenExpirationSeconds?: number;
  /** `--service-account-extend-token-expiration` (default true). */
  extendTokenExpiration?: boolean;
}

/** What the server builds from those options before its stores exist. */
export interface ServiceAccountKeys {
  /** What the token authenticator checks tokens against: issuers, keys, API audiences, lookup. */
  readonly verification: Omit<ServiceAccountAuthenticatorOptions, 'getter' | 'now' | 'cacheSize'>;
  readonly issuing: TokenIssuing;
  /** Signs the token controller's secret tokens (kube-controller-manager's --service-account-private-key-file). */
  readonly legacyGenerator: TokenGenerator;
  readonly jwksURI: string | undefined;
}

async function verificationKeys(files: readonly string[], fallback: string): Promise<VerificationKey[]> {
  if (files.length === 0) return parsePublicKeysPem(fallback);
  const keys = await Promise.all(files.map(async (file) => {
    try {
      return parsePublicKeysPem(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`error reading public key file ${file}: ${errorMessage(error)}`);
    }
  }));
  return keys.flat();
}

async function signingKey(file: string | undefined, fallback: string): Promise<SigningKey> {
  try {
    return parseSigningKeyPem(file ? await readFile(file, 'utf8') : fallback);
  } catch (error) {
    throw new Error(`failed to parse service-account-issuer-key-file: ${errorMessage(error)}`);
  }
}

/** Reads the keys and settles the issuers and audiences (`apiAudiences`: `--api-audiences`, default the issuers). */
export async function serviceAccountKeys(options: ServiceAccountOptions, apiAudiences: readonly string[] | undefined, pki: Pki): Promise<ServiceAccountKeys> {
  const issuers = options.issuers?.length ? options.issuers : [DEFAULT_SERVICE_ACCOUNT_ISSUER];
  const audiences = apiAudiences?.length ? apiAudiences : issuers;
  const [keys, signer] = await Promise.all([verificationKeys(options.keyFiles ?? [], pki.servingKey), signingKey(options.signingKeyFile, pki.servingKey)]);
  return {
    verification: { issuers, keys, apiAudiences: audiences, lookup: options.lookup ?? true },
    issuing: { generator: tokenGenerator(issuers[0] ?? '', signer), apiAudiences: audiences, maxExpirationSeconds: options.maxTokenExpirationSeconds ?? 0, extendExpiration: options.extendTokenExpiration ?? true },
    legacyGenerator: tokenGenerator(LEGACY_ISSUER, signer),
    jwksURI: options.jwksURI,
  };
}

const LOOKUP_RESOURCES: Record<LookupKind, string> = { serviceAccount: 'serviceaccounts', secret: 'secrets', pod: 'pods' };

/** Token lookups over the core/v1 watch caches (upstream reads informers); synchronous. */
export function tokenGetter(served: ServedStores): ServiceAccountTokenGetter {
  const caches = Object.fromEntries(Object.entries(LOOKUP_RESOURCES).map(([kind, resource]) => {
    const store = served.stores.find((s) => s.def.group === '' && s.def.resource === resource);
    return [kind, store ? served.storageOf(store) : undefined];
  })) as Record<LookupKind, ReturnType<ServedStores['storageOf']>>;
  return (kind, namespace, name) => {
    const storage = caches[kind];
    return storage?.cacher.get(storage.keys.objectKey(namespace, name));
  };
}

/** The request authenticator of service account tokens, over the served stores. */
export function serviceAccountAuthenticator(keys: ServiceAccountKeys, served: ServedStores): ServiceAccountTokenAuthenticator {
  return serviceAccountTokenAuthenticator({ ...keys.verification, getter: tokenGetter(served) });
}

/**
 * The service-account authenticator as a source of the token union. Requests want the API audiences
 * (`apiAudiences`, the very array the assembly passes): they take the cached path, synchronous on a hit; a
 * review for other audiences is checked afresh (`authenticateFor`).
 */
export function serviceAccountTokenSource(sa: ServiceAccountTokenAuthenticator, apiAudiences: readonly string[]): AudienceTokenAuthenticator {
  return (token, audiences) => {
    if (audiences === undefined || audiences === apiAudiences || sameAudiences(audiences, apiAudiences)) return sa.authenticateForApi(token);
    return sa.authenticateFor(token, audiences);
  };
}

const sameAudiences = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The issuer discovery documents, or undefined when the first issuer is no https URL (upstream then logs the
 * reason and serves neither endpoint). `externalAddress` is `<advertise address>:<secure port>`.
 */
export function issuerDiscovery(keys: ServiceAccountKeys, externalAddress: string): OpenIDMetadata | undefined {
  try {
    return openIDMetadata(keys.verification.issuers[0] ?? '', keys.jwksURI, externalAddress, keys.verification.keys);
  } catch (error) {
    console.error(`kplane: could not construct pre-rendered responses for ServiceAccountIssuerDiscovery endpoints. Endpoints will not be enabled. Error: ${errorMessage(error)}`);
    return undefined;
  }
}
