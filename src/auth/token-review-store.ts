// The TokenReview store (upstream pkg/registry/authentication/tokenreview storage.go): nothing is stored;
// create runs the review's token through the server's authenticator, as a request carrying only that
// token, with the review's audiences (default `--api-audiences`), and answers the review with its status.
import type { TokenReview, TokenReviewStatus } from '../apis/authentication/v1/schemas.generated.js';
import { badRequest, internalError } from '../errors/status-error.js';
import { createOnlyStore } from '../registry/create-only-store.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { Store } from '../registry/store/index.js';
import type { Authentication } from './authenticator-config.js';
import type { AuthenticationResult } from './authenticators/authenticator.js';

/** The TokenReview store: create only. `authentication` is read at each review (it is assembled after the stores). */
export function tokenReviewStore(def: ResourceDefinition, authentication: () => Pick<Authentication, 'reviewToken' | 'apiAudiences'>): Store {
  return createOnlyStore(def, async (_namespace, obj) => {
    const tokenReview = obj as unknown as TokenReview;
    const token = tokenReview.spec.token ?? '';
    if (token === '') throw badRequest('token is required for TokenReview in authentication');
    const { reviewToken, apiAudiences } = authentication();
    const audiences = tokenReview.spec.audiences?.length ? tokenReview.spec.audiences : apiAudiences;
    const wanted = audiences.length > 0 ? audiences : undefined;
    const status = reviewStatus(await reviewToken(token, wanted), wanted);
    const answer: TokenReview = { ...tokenReview, metadata: { ...tokenReview.metadata }, status };
    return answer as unknown as typeof obj;
  });
}

/**
 * The review's status as upstream fills it: `authenticated`, the user (with `system:authenticated`)
 * and the audiences the token is valid for; on failure the error and an empty user. A success for none
 * of the requested audiences is the authenticator's fault: 500, as upstream.
 */
export function reviewStatus(result: AuthenticationResult, wanted: readonly string[] | undefined): TokenReviewStatus {
  if (result.kind !== 'authenticated') {
    return { user: {}, ...(result.kind === 'rejected' ? { error: result.reason } : {}) };
  }
  const audiences = result.audiences ?? [];
  if (wanted && !audiences.some((audience) => wanted.includes(audience))) throw internalError('error validating audiences');
  const { user } = result;
  return {
    authenticated: true,
    user: {
      username: user.name,
      ...(user.uid ? { uid: user.uid } : {}),
      ...(user.groups.length > 0 ? { groups: [...user.groups] } : {}),
      ...(user.extra && Object.keys(user.extra).length > 0 ? { extra: Object.fromEntries(Object.entries(user.extra).map(([k, v]) => [k, [...v]])) } : {}),
    },
    ...(audiences.length > 0 ? { audiences: [...audiences] } : {}),
  };
}
