// OpenID Connect authentication: ID tokens of one trusted issuer, verified locally (spec 2-access-control
// §Methods, "OpenID Connect").
export { oidcAuthenticator, ALLOWED_SIGNING_ALGS, type OidcAuthenticator, type OidcOptions } from './oidc.js';
export { usernamePrefixOf, userOfClaims, type ClaimMapping, type Claims } from './claims.js';
