// Authentication: the identity model and the methods that establish it from a request
// (spec 2-access-control §Authentication). Authorization and impersonation live beside it.
export type { UserInfo } from './user-info.js';
export {
  allAuthenticatedGroup,
  allUnauthenticatedGroup,
  anonymousUser,
  anonymousUserName,
  withAuthenticatedGroup,
} from './user-info.js';
export type {
  AudienceTokenAuthenticator,
  AuthenticationRequest,
  AuthenticationResult,
  Authenticator,
  TokenAuthenticator,
  TokenResponse,
} from './authenticators/authenticator.js';
export { noCredentials } from './authenticators/authenticator.js';
export { audienceAgnostic, intersectAudiences } from './authenticators/audiences.js';
export {
  loadAuthenticationFiles,
  newAuthentication,
  type Authentication,
  type AuthenticationFiles,
  type AuthenticationOptions,
  type ClusterAuthenticationInfo,
  type TokenAuthenticatorSlots,
} from './authenticator-config.js';
export { x509Authenticator, userOfCertificate } from './authenticators/x509.js';
export { bearerTokenAuthenticator, parseBearerToken, type BearerCredential } from './authenticators/bearer-token.js';
export { loadTokenFile, parseTokenFile, tokenFileAuthenticator, type TokenFile } from './authenticators/token-file.js';
export { LoopbackTokens } from './authenticators/loopback-tokens.js';
export { unionAuthenticator } from './authenticators/union.js';
export { tokenReviewStore } from './token-review-store.js';
export { pemCertificates } from './authenticators/ca-pool.js';
