import { withAuthenticatedGroup } from '../user-info.js';
import type { AuthenticationRequest, AuthenticationResult, Authenticator } from './authenticator.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { noCredentials } from './authenticator.js';
import { firstDecision, then } from './maybe-async.js';

/**
 * Combines authentication methods (spec 2-access-control §Identities, item 3): they are tried in
 * order and the first `authenticated` result decides; its user gets `system:authenticated`.
 * If none succeeds, any `rejected` result makes the whole `rejected` (401: a presented but invalid
 * credential is never treated as anonymous); otherwise the result is `none`, and the caller may
 * apply anonymous access. Warnings of all methods tried are kept.
 */
export function unionAuthenticator(authenticators: readonly Authenticator[]): Authenticator {
  return (request: AuthenticationRequest, audiences?: readonly string[]) => {
    let reasons: string[] | undefined;
    let warnings: string[] | undefined;
    const decide = (result: AuthenticationResult): AuthenticationResult | undefined => {
      if (result.warnings) (warnings ??= []).push(...result.warnings);
      if (result.kind === 'authenticated') {
        const user = withAuthenticatedGroup(result.user);
        const { audiences } = result;
        return withWarnings(audiences ? { kind: 'authenticated', user, audiences } : { kind: 'authenticated', user }, warnings);
      }
      if (result.kind === 'rejected') (reasons ??= []).push(result.reason);
      return undefined;
    };
    const otherwise = (): AuthenticationResult => {
      if (reasons) return withWarnings({ kind: 'rejected', reason: aggregateMessage(reasons) }, warnings);
      return warnings ? { kind: 'none', warnings } : noCredentials;
    };
    return firstDecision(authenticators.length, (i) => then(authenticators[i]!(request, audiences), decide), otherwise);
  };
}

function withWarnings(result: AuthenticationResult, warnings: readonly string[] | undefined): AuthenticationResult {
  return warnings ? { ...result, warnings } : result;
}
