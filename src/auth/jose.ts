// jose, loaded at the first token signed or verified (service-account tokens, OIDC ID tokens, the bootstrap
// signer's JWS): its ~60 modules cost ~80 ms of start-up otherwise (architecture §1 keeps start-up imports
// to what serving needs). Every user of jose in the server goes through here.
type Jose = typeof import('jose');

let loading: Promise<Jose> | undefined;

/** The jose module, imported once. */
export const loadJose = (): Promise<Jose> => (loading ??= import('jose'));
