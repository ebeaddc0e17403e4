// The request authenticator of the API server, assembled from its options as upstream's
// pkg/kubeapiserver/authenticator Config.New does (spec 2-access-control §Authentication):
//
//   1. authenticating proxy (`--requestheader-*`), trusted on a client certificate from its own CA;
//   2. client certificates (kplane's CA and `--client-ca-file`);
//   3. bearer tokens (`Authorization: Bearer`, then a WebSocket subprotocol for browsers), one token
//      union in this order: the server's own loopback tokens, static token file, service-account tokens, bootstrap tokens, OpenID Connect,
//      token webhook (local sources first, remote last; OIDC after service accounts because both read
//      JWTs and OIDC may fetch keys on a miss);
//
// the first method that authenticates decides, and its user gets `system:authenticated`. A request
// whose credentials all methods refused is refused (401) even with anonymous access on; a request
// without credentials is `system:anonymous` (group `system:unauthenticated`) when `--anonymous-auth`
// is on (the default). Files are read once, at start, by loadAuthenticationFiles.
import { audienceAgnostic } from './authenticators/audiences.js';
import type { AudienceTokenAuthenticator, AuthenticationResult, Authenticator, TokenAuthenticator } from './authenticators/authenticator.js';
import { bearerTokenAuthenticator, tokenUnion } from './authenticators/bearer-token.js';
import { caPool, loadCaFile, type CaPool } from './authenticators/ca-pool.js';
import { then, type MaybePromise } from './authenticators/maybe-async.js';
import { requestHeaderAuthenticator } from './authenticators/request-header.js';
import { cachedTokenAuthenticator } from './authenticators/token-cache.js';
import { loadTokenFile, tokenFileAuthenticator, type TokenFile } from './authenticators/token-file.js';
import { tokenWebhookAuthenticator, type TokenWebhookVersion } from './authenticators/token-webhook.js';
import { unionAuthenticator } from './authenticators/union.js';
import { loadWebhookClient, type WebhookClient } from './authenticators/webhook-client.js';
import { webSocketProtocolAuthenticator } from './authenticators/websocket-protocol.js';
import { x509Authenticator } from './authenticators/x509.js';
import { anonymousUser } from './user-info.js';
import { errorMessage } from '../errors/error-message.js';

/** The authentication flags, as startServer() takes them (upstream BuiltInAuthenticationOptions). */
export interface AuthenticationOptions {
  /** `--anonymous-auth`; default true. */
  anonymousAuth?: boolean;
  /** `--api-audiences`: the server's own audiences; default none (no audience checks). */
  apiAudiences?: readonly string[];
  /** `--client-ca-file`: further authorities of client certificates, beside kplane's own CA. */
  clientCAFile?: string;
  /** `--token-auth-file`. */
  tokenAuthFile?: string;
  /** The `--requestheader-*` flags; the proxy is trusted only with `clientCAFile` set. */
  requestHeader?: RequestHeaderOptions;
  /** The `--authentication-token-webhook-*` flags; the webhook is asked only with `configFile` set. */
  tokenWebhook?: TokenWebhookFlags;
}

export interface RequestHeaderOptions {
  clientCAFile?: string;
  allowedNames?: readonly string[];
  usernameHeaders?: readonly string[];
  groupHeaders?: readonly string[];
  extraHeaderPrefixes?: readonly string[];
}

export interface TokenWebhookFlags {
  configFile?: string;
  /** Default `v1beta1`. */
  version?: TokenWebhookVersion;
  /** Default 2 minutes. */
  cacheTtlMs?: number;
}

/** What the option files hold, read once at start. */
export interface AuthenticationFiles {
  readonly clientCAs?: CaPool;
  readonly tokenFile?: TokenFile;
  readonly requestHeaderCAs?: CaPool;
  readonly tokenWebhook?: WebhookClient;
}

/**
 * Reads every file the options name.
 * @throws Error naming the flag whose file is unreadable or malformed.
 */
export async function loadAuthenticationFiles(options: AuthenticationOptions): Promise<AuthenticationFiles> {
  const [clientCAs, tokenFile, requestHeaderCAs, tokenWebhook] = await Promise.all([
    options.clientCAFile ? loadCaFile(options.clientCAFile, 'client-ca-file') : undefined,
    options.tokenAuthFile ? loadTokenFileFor(options.tokenAuthFile) : undefined,
    options.requestHeader?.clientCAFile ? loadCaFile(options.requestHeader.clientCAFile, 'requestheader-client-ca-file') : undefined,
    options.tokenWebhook?.configFile ? loadWebhookClient(options.tokenWebhook.configFile, 'authentication-token-webhook-config-file') : undefined,
  ]);
  if (tokenFile) for (const warning of tokenFile.warnings) console.warn(`kplane: ${warning}`);
  return { clientCAs, tokenFile, requestHeaderCAs, tokenWebhook };
}

async function loadTokenFileFor(path: string): Promise<TokenFile> {
  try {
    return await loadTokenFile(path);
  } catch (error) {
    throw new Error(`--token-auth-file: ${errorMessage(error)}`, { cause: error });
  }
}

/**
 * The token sources the other authentication methods provide, in upstream's order within the token
 * union (after the static token file, before the webhook).
 */
export interface TokenAuthenticatorSlots {
  /** The server's own clients (loopback tokens): first, audience-agnostic, as upstream's. */
  readonly loopback?: TokenAuthenticator;
  /** Service-account JWTs (legacy, then bound): they check audiences themselves. */
  readonly serviceAccountTokens?: readonly AudienceTokenAuthenticator[];
  /** Bootstrap tokens (`--enable-bootstrap-token-auth`), audience-agnostic. */
  readonly bootstrapTokens?: TokenAuthenticator;
  /** OpenID Connect ID tokens (`--oidc-*`), audience-agnostic. */
  readonly oidc?: TokenAuthenticator;
}

/** The assembled authenticator. */
export interface Authentication {
  /** Authenticates an API request (with `--api-audiences` as the wanted audiences when set). */
  readonly authenticate: Authenticator;
  /**
   * Runs a bearer token through the same chain, as a TokenReview does (upstream's TokenReview REST
   * hands a request carrying only the token to the server's authenticator); `audiences` are the
   * wanted ones (the review's, else `--api-audiences`), undefined for no audience check.
   */
  reviewToken(token: string, audiences: readonly string[] | undefined): MaybePromise<AuthenticationResult>;
  /** The authorities whose client certificates TLS must ask for and verify (PEM bundles). */
  readonly clientCAs: readonly string[];
  /** `--api-audiences`. */
  readonly apiAudiences: readonly string[];
  /** What the server publishes for aggregated API servers (kube-system/extension-apiserver-authentication). */
  readonly clusterInfo: ClusterAuthenticationInfo;
}

/** The client and proxy trust the server publishes (upstream ClusterAuthenticationInfo, 1.25). */
export interface ClusterAuthenticationInfo {
  /** The authorities of client certificates (kplane's CA and `--client-ca-file`), PEM. */
  readonly clientCA: string;
  readonly requestHeader?: {
    readonly clientCA: string;
    readonly usernameHeaders: readonly string[];
    readonly groupHeaders: readonly string[];
    readonly extraHeaderPrefixes: readonly string[];
    readonly allowedNames: readonly string[];
  };
}

/**
 * Assembles the authenticator (upstream Config.New): see the module comment for the order.
 * @param ownCA kplane's CA (PEM), whose client certificates (the admin kubeconfig's) are always trusted.
 */
export function newAuthentication(options: AuthenticationOptions, files: AuthenticationFiles, ownCA: string, slots: TokenAuthenticatorSlots = {}): Authentication {
  const apiAudiences = options.apiAudiences ?? [];
  const clientRoots = caPool(ownCA, files.clientCAs?.pem ?? '');
  const methods: Authenticator[] = [];
  const proxyNames = requestHeaderNames(options.requestHeader);
  if (files.requestHeaderCAs) methods.push(requestHeaderAuthenticator({ roots: files.requestHeaderCAs, ...proxyNames }));
  methods.push(x509Authenticator(clientRoots));
  const tokens = tokenSources(options, files, slots, apiAudiences);
  if (tokens.length > 0) {
    const union = tokenUnion(tokens);
    methods.push(bearerTokenAuthenticator(union), webSocketProtocolAuthenticator(union));
  }
  const chain = withAnonymous(unionAuthenticator(methods), options.anonymousAuth ?? true);
  const wanted = apiAudiences.length > 0 ? apiAudiences : undefined;
  return {
    authenticate: (request) => chain(request, wanted),
    reviewToken: (token, audiences) => chain({ headers: { authorization: `Bearer ${token}` }, socket: undefined }, audiences),
    clientCAs: [clientRoots.pem, ...(files.requestHeaderCAs ? [files.requestHeaderCAs.pem] : [])],
    apiAudiences,
    clusterInfo: { clientCA: clientRoots.pem, ...(files.requestHeaderCAs ? { requestHeader: { clientCA: files.requestHeaderCAs.pem, ...proxyNames } } : {}) },
  };
}

function tokenSources(options: AuthenticationOptions, files: AuthenticationFiles, slots: TokenAuthenticatorSlots, apiAudiences: readonly string[]): AudienceTokenAuthenticator[] {
  const agnostic = (source: TokenAuthenticator): AudienceTokenAuthenticator => audienceAgnostic(apiAudiences, source);
  const sources: AudienceTokenAuthenticator[] = [];
  if (slots.loopback) sources.push(agnostic(slots.loopback));
  if (files.tokenFile) sources.push(agnostic(tokenFileAuthenticator(files.tokenFile)));
  sources.push(...(slots.serviceAccountTokens ?? []));
  if (slots.bootstrapTokens) sources.push(agnostic(slots.bootstrapTokens));
  if (slots.oidc) sources.push(agnostic(slots.oidc));
  if (files.tokenWebhook) {
    const webhook = tokenWebhookAuthenticator({ client: files.tokenWebhook, version: options.tokenWebhook?.version ?? 'v1beta1', implicitAudiences: apiAudiences });
    const ttl = options.tokenWebhook?.cacheTtlMs ?? 2 * 60_000;
    sources.push(cachedTokenAuthenticator(webhook, { successTtlMs: ttl, failureTtlMs: ttl }));
  }
  return sources;
}

function requestHeaderNames(options: RequestHeaderOptions | undefined) {
  return {
    allowedNames: options?.allowedNames ?? [],
    usernameHeaders: options?.usernameHeaders ?? [],
    groupHeaders: options?.groupHeaders ?? [],
    extraHeaderPrefixes: options?.extraHeaderPrefixes ?? [],
  };
}

const anonymous: AuthenticationResult = Object.freeze({ kind: 'authenticated', user: anonymousUser });

/**
 * Anonymous access (upstream union.NewFailOnError(chain, anonymous)): a request the chain found no
 * credentials in is `system:anonymous`; a refused one stays refused.
 */
function withAnonymous(chain: Authenticator, enabled: boolean): Authenticator {
  if (!enabled) return chain;
  return (request, audiences) => then(chain(request, audiences), (result) => {
    if (result.kind !== 'none') return result;
    return result.warnings ? { ...anonymous, warnings: result.warnings } : anonymous;
  });
}
