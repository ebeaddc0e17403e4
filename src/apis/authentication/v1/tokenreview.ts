// TokenReview (authentication.k8s.io/v1, cluster-scoped; `tokenreviews`, create only; spec 2-access-control
// "Access and identity reviews"): never stored. POST runs `spec.token` through the server's token
// authenticators, with `spec.audiences` (default `--api-audiences`) as the wanted audiences, and answers
// the review with `status` filled (upstream pkg/registry/authentication/tokenreview). The server provides
// the store (auth/token-review-store.ts), since only it holds the authenticator.
import type { ResourceDefinition } from '../../../registry/resource-definition.js';
import { TokenReviewSchema, type TokenReview } from './schemas.generated.js';

export { TokenReviewSchema, type TokenReview };

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
