// TokenReview (authentication.k8s.io/v1, cluster-scoped; `tokenreviews`, create only; spec 2-access-control
// "Access and identity reviews"): never stored. POST runs `spec.token` through the server's token
// authenticators, with `spec.audiences` (default `--api-audiences`) as the wanted audiences, and answers
// the review with `status` filled (upstream pkg/registry/authentication/tokenreview). The server provides
// the store, since only it holds the authenticator (server/start-server.ts).
import type { AuthenticationResult } from '../../../auth/index.js';
import { badRequest, internalError, methodNotAllowed } from '../../../errors/status-error.js';
import type { ResourceDefinition } from '../../../registry/resource-definition.js';
import type { Store } from '../../../registry/store/index.js';
import { TokenReviewSchema, type TokenReview, type TokenReviewStatus } from './schemas.generated.js';

export { TokenReviewSchema, type TokenReview };

/** Runs a token through the server's authenticator with the wanted audiences (undefined: no audience check). */
export type TokenReviewer = (token: string, audiences: readonly string[] | undefined) => AuthenticationResult | Promise<AuthenticationResult>;

export const tokenReviewDefinition: ResourceDefinition<TokenReview> = {
  group: 'authentication.k8s.io',
  version: 'v1',
  kind: 'TokenReview',
  listKind: 'TokenReviewList',
  resource: 'tokenreviews',
  singular: 'tokenreview',
  namespaced: false,
  schema: TokenReviewSchema,
  definitionName: 'io.k8s.api.authentication.v1.TokenReview',
  verbs: ['create'],
  computed: true,
  strategy: {},
};

const refuse = (): never => {
  throw methodNotAllowed();
};

/** The TokenReview store: create only, answering the review; `apiAudiences` are the default audiences. */
export function tokenReviewStore(def: ResourceDefinition, review: TokenReviewer, apiAudiences: readonly string[]): Store {
  return {
    def,
    groupResource: { group: def.group, resource: def.resource },
    async create(_namespace, obj) {
      const tokenReview = obj as unknown as TokenReview;
      const token = tokenReview.spec.token ?? '';
      if (token === '') throw badRequest('token is required for TokenReview in authentication');
      const audiences = tokenReview.spec.audiences?.length ? tokenReview.spec.audiences : apiAudiences;
      const wanted = audiences.length > 0 ? audiences : undefined;
      const status = reviewStatus(await review(token, wanted), wanted);
      const answer: TokenReview = { ...tokenReview, metadata: { ...tokenReview.metadata }, status };
      return { object: answer as unknown as typeof obj };
    },
    get: refuse,
    list: refuse,
    watch: refuse,
    update: refuse,
    delete: refuse,
    deleteCollection: refuse,
  };
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
