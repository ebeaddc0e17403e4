import type { AudienceTokenAuthenticator, TokenAuthenticator, TokenResponse } from './authenticator.js';
import { then } from './maybe-async.js';
import type { UserInfo } from '../user-info.js';

/** The audiences of `first` also in `second`, in `first`'s order (upstream Audiences.Intersect). */
export function intersectAudiences(first: readonly string[], second: readonly string[]): string[] {
  return first.filter((audience) => second.includes(audience));
}

/**
 * Makes a token source that knows nothing of audiences audience-aware, as upstream's
 * WrapAudienceAgnosticToken: its tokens are valid for the server's own audiences (`--api-audiences`,
 * `implicit`). Without requested audiences the source answers as is; with them the token is
 * accepted only when they meet `implicit`, and the response names the common ones.
 */
export function audienceAgnostic(implicit: readonly string[], source: TokenAuthenticator): AudienceTokenAuthenticator {
  // One response object per user (token files hand out the same user objects), not one per request.
  const plain = new WeakMap<UserInfo, TokenResponse>();
  const respond = (user: UserInfo | undefined): TokenResponse | undefined => {
    if (user === undefined) return undefined;
    let response = plain.get(user);
    if (!response) plain.set(user, (response = { user }));
    return response;
  };
  return (token, audiences) => {
    if (audiences === undefined) return then(source(token), respond);
    const common = intersectAudiences(implicit, audiences);
    if (common.length === 0) return undefined;
    return then(source(token), (user) => (user === undefined ? undefined : { user, audiences: common }));
  };
}
