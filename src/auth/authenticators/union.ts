import { withAuthenticatedGroup } from '../user-info.js';
import type { AuthenticationRequest, AuthenticationResult, Authenticator } from './authenticator.js';
import { noCredentials } from './authenticator.js';

/**
 * Combines authentication methods (spec 2-access-control §Identities, item 3): they are tried in
 * order and the first `authenticated` result decides; its user gets `system:authenticated`.
 * If none succeeds, any `rejected` result makes the whole `rejected` (401: a presented but invalid
 * credential is never treated as anonymous); otherwise the result is `none`, and the caller may
 * apply anonymous access. Warnings of all methods tried are kept.
 */
export function unionAuthenticator(authenticators: readonly Authenticator[]): Authenticator {
  return async (request: AuthenticationRequest): Promise<AuthenticationResult> => {
    const reasons: string[] = [];
    const warnings: string[] = [];
    for (const authenticate of authenticators) {
      const result = await authenticate(request);
      if (result.warnings) warnings.push(...result.warnings);
      if (result.kind === 'authenticated') {
        return withWarnings({ kind: 'authenticated', user: withAuthenticatedGroup(result.user) }, warnings);
      }
      if (result.kind === 'rejected') reasons.push(result.reason);
    }
    if (reasons.length > 0) return withWarnings({ kind: 'rejected', reason: reasons.join('; ') }, warnings);
    return warnings.length > 0 ? { kind: 'none', warnings } : noCredentials;
  };
}

function withWarnings(result: AuthenticationResult, warnings: readonly string[]): AuthenticationResult {
  return warnings.length > 0 ? { ...result, warnings } : result;
}
