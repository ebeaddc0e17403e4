// OpenID Connect ID tokens as bearer tokens (spec 2-access-control §Methods, "OpenID Connect"; upstream
// plugin/pkg/auth/authenticator/token/oidc and kube-apiserver's authenticator config): one trusted issuer,
// tokens issued to `--oidc-client-id`, signature and expiry checked locally against the provider's keys.
import { readFile } from 'node:fs/promises';
import type { TokenAuthenticator } from '../authenticator.js';
import { usernamePrefixOf, userOfClaims, type ClaimMapping } from './claims.js';
import { checkIdToken, unverifiedIssuer } from './id-token.js';
import { OidcProvider } from './provider.js';
import { errorMessage } from '../../../errors/error-message.js';

/** The `--oidc-*` flags (startServer's `oidc` option). */
export interface OidcOptions {
  /** `--oidc-issuer-url`: https only; must equal the tokens' `iss` exactly. */
  readonly issuerURL: string;
  /** `--oidc-client-id`: every token's `aud` must hold it. */
  readonly clientID: string;
  /** `--oidc-ca-file`: the CAs the provider's serving certificate must chain to; default the host's roots. */
  readonly caFile?: string;
  /** `--oidc-username-claim`; default `sub`. */
  readonly usernameClaim?: string;
  /** `--oidc-username-prefix`; see {@link usernamePrefixOf} for the default and `-`. */
  readonly usernamePrefix?: string;
  readonly groupsClaim?: string;
  readonly groupsPrefix?: string;
  /** `--oidc-required-claim` pairs. */
  readonly requiredClaims?: Readonly<Record<string, string>>;
  /** `--oidc-signing-algs`; default RS256. */
  readonly signingAlgs?: readonly string[];
}

/** The asymmetric algorithms upstream allows in `--oidc-signing-algs` (RFC 7518 §3.1). */
export const ALLOWED_SIGNING_ALGS: readonly string[] = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'];

/** A running OIDC authenticator: its token source, and the background discovery to stop with the server. */
export interface OidcAuthenticator {
  readonly authenticate: TokenAuthenticator;
  /** Settles once discovery and the first fetch of keys are done (tests wait for it; requests need not). */
  readonly initialized: Promise<void>;
  stop(): void;
}

/**
 * Checks the options as upstream's New does and starts discovery in the background.
 * @throws Error with upstream's message for a bad issuer URL, username claim, signing algorithm or CA file.
 */
export async function oidcAuthenticator(options: OidcOptions): Promise<OidcAuthenticator> {
  const usernameClaim = options.usernameClaim ?? 'sub';
  const signingAlgs = options.signingAlgs?.length ? options.signingAlgs : ['RS256'];
  checkOptions(options.issuerURL, usernameClaim, signingAlgs);
  let caPem: string | undefined;
  if (options.caFile) {
    try {
      caPem = await readFile(options.caFile, 'utf8');
    } catch (error) {
      throw new Error(`Failed to read the CA file: ${errorMessage(error)}`);
    }
  }
  const { issuerURL, clientID } = options;
  const mapping: ClaimMapping = {
    usernameClaim,
    usernamePrefix: usernamePrefixOf(issuerURL, usernameClaim, options.usernamePrefix),
    ...(options.groupsClaim ? { groupsClaim: options.groupsClaim } : {}),
    ...(options.groupsPrefix ? { groupsPrefix: options.groupsPrefix } : {}),
    ...(options.requiredClaims ? { requiredClaims: options.requiredClaims } : {}),
  };
  const provider = new OidcProvider({ issuerURL, ...(caPem === undefined ? {} : { caPem }) });
  const verify = async (token: string) => {
    if (!provider.initialized) throw new Error('oidc: authenticator not initialized');
    let checked;
    try {
      checked = checkIdToken(token, { issuerURL, clientID, signingAlgs, now: new Date() });
      await provider.verifySignature(token, checked.alg);
    } catch (error) {
      throw new Error(`oidc: verify token: ${errorMessage(error)}`);
    }
    return userOfClaims(checked.claims, mapping);
  };
  return {
    // Tokens of other issuers, and tokens that are no JWT, are left to the other authenticators.
    authenticate: (token) => (unverifiedIssuer(token) === issuerURL ? verify(token) : undefined),
    initialized: provider.start(),
    stop: () => provider.stop(),
  };
}

function checkOptions(issuerURL: string, usernameClaim: string, signingAlgs: readonly string[]): void {
  let scheme: string;
  try {
    scheme = new URL(issuerURL).protocol.replace(/:$/, '');
  } catch {
    throw new Error(`parse ${JSON.stringify(issuerURL)}: invalid URI for request`);
  }
  if (scheme !== 'https') throw new Error(`'oidc-issuer-url' (${JSON.stringify(issuerURL)}) has invalid scheme (${JSON.stringify(scheme)}), require 'https'`);
  if (usernameClaim === '') throw new Error('no username claim provided');
  for (const alg of signingAlgs) if (!ALLOWED_SIGNING_ALGS.includes(alg)) throw new Error(`oidc: unsupported signing alg: ${JSON.stringify(alg)}`);
}
