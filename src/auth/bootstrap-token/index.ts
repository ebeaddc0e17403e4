// Bootstrap tokens: the rules of their Secrets, the bearer token authenticator, and the detached JWS of
// the `cluster-info` ConfigMap (spec 2-access-control §Bootstrap token Secret). The controllers that sign
// `cluster-info` and remove expired tokens live in controllers/bootstrap/.
export * from './secret.js';
export { bootstrapTokenAuthenticator, userOfTokenSecret, type TokenSecretGetter } from './authenticator.js';
export { detachedSignature } from './jws.js';
