// Impersonation (spec 2-access-control, Impersonation): reading the `Impersonate-*` headers, checking the
// caller may impersonate each item, and the identity the request then acts as.
export { hasImpersonationHeaders, parseImpersonationHeaders, formatRequests, type ImpersonationRequest, type ParsedImpersonation } from './requests.js';
export { actingAsAttributes, impersonate, impersonatedUser } from './impersonate.js';
