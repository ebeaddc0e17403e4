// Service account issuer discovery (upstream pkg/serviceaccount/openidmetadata.go): the OpenID configuration
// served at `/.well-known/openid-configuration` and the key set at `/openid/v1/jwks`, rendered once at start.
// They are served only when the issuer is an https URL without query or fragment.
import type { VerificationKey } from './keys.js';
import { errorMessage } from '../../errors/error-message.js';

/** Where the documents are served. */
export const OPENID_CONFIG_PATH = '/.well-known/openid-configuration';
export const JWKS_PATH = '/openid/v1/jwks';
/** upstream: responses may be cached for an hour, as long as static keys are trusted after rotation. */
export const OPENID_CACHE_CONTROL = 'public, max-age=3600';
export const JWKS_CONTENT_TYPE = 'application/jwk-set+json';

/** The two pre-rendered documents. */
export interface OpenIDMetadata {
  readonly configJson: string;
  readonly keySetJson: string;
}

/** The public JWK of a key, fields in go-jose's order (use, kty, kid, crv, alg, then the key's numbers). */
function jwkOf(key: VerificationKey): Record<string, string> {
  const jwk = key.key.export({ format: 'jwk' });
  if (jwk.kty === 'RSA') return { use: 'sig', kty: 'RSA', kid: key.keyId, alg: key.algorithm, n: jwk.n ?? '', e: jwk.e ?? '' };
  return { use: 'sig', kty: 'EC', kid: key.keyId, crv: jwk.crv ?? '', alg: key.algorithm, x: jwk.x ?? '', y: jwk.y ?? '' };
}

/**
 * upstream NewOpenIDMetadata: the documents for `issuerURL`, with `jwksURI` or, without it,
 * `https://<externalAddress>/openid/v1/jwks`.
 * @throws Error with upstream's message when the issuer or JWKS URI cannot be served.
 */
export function openIDMetadata(issuerURL: string, jwksURI: string | undefined, externalAddress: string, keys: readonly VerificationKey[]): OpenIDMetadata {
  if (issuerURL === '') throw new Error('empty issuer URL');
  if (!jwksURI && externalAddress === '') throw new Error('either the JWKS URI or the default external address, or both, must be set');
  if (keys.length === 0) throw new Error('no keys provided for validating keyset');
  let issuer: URL;
  try {
    issuer = new URL(issuerURL);
  } catch (error) {
    throw new Error(`parse "${issuerURL}": ${errorMessage(error)}`);
  }
  if (issuer.protocol !== 'https:') throw new Error(`issuer URL must use https scheme, got: ${issuerURL}`);
  if (issuer.search !== '') throw new Error(`issuer URL may not include a query, got: ${issuerURL}`);
  if (issuer.hash !== '') throw new Error(`issuer URL may not include a fragment, got: ${issuerURL}`);
  let jwks = jwksURI ?? '';
  if (jwks === '') jwks = `https://${externalAddress}${JWKS_PATH}`;
  else if (!jwks.startsWith('https:')) throw new Error(`jwksURI requires https scheme, parsed as: ${jwks}`);
  const algorithms = [...new Set(keys.map((k) => k.algorithm))].sort();
  const config = { issuer: issuerURL, jwks_uri: jwks, response_types_supported: ['id_token'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: algorithms };
  return { configJson: JSON.stringify(config), keySetJson: JSON.stringify({ keys: keys.map(jwkOf) }) };
}
