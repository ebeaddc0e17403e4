import type { UserInfo } from '../user-info.js';
import { intersectAudiences } from './audiences.js';
import type { AudienceTokenAuthenticator, TokenResponse } from './authenticator.js';
import { postReview, reviewRecord as record, type RetryBackoff, type WebhookClient } from './webhook-client.js';

/** `--authentication-token-webhook-version`. */
export type TokenWebhookVersion = 'v1' | 'v1beta1';
export const tokenWebhookVersions: readonly TokenWebhookVersion[] = ['v1', 'v1beta1'];

export interface TokenWebhookOptions {
  readonly client: WebhookClient;
  readonly version: TokenWebhookVersion;
  /** The server's own audiences (`--api-audiences`), assumed when the webhook names none. */
  readonly implicitAudiences: readonly string[];
  readonly retry?: RetryBackoff;
}

/**
 * Asks a remote service about bearer tokens (spec 2-access-control §Methods, "Token webhook"; upstream
 * plugin/pkg/authenticator/token/webhook): POSTs a TokenReview of the configured version with the token
 * and the wanted audiences, and expects a TokenReview of the same version back. With audiences wanted,
 * the token is accepted only for those the webhook answers in `status.audiences` (or, when it answers
 * none, the server's own), and the response names the common ones. `authenticated: false` is an unknown
 * token, or an error carrying `status.error`; a failed call is an error (retried on connection resets,
 * 429, 500 and 504 as upstream).
 */
export function tokenWebhookAuthenticator(options: TokenWebhookOptions): AudienceTokenAuthenticator {
  const apiVersion = `authentication.k8s.io/${options.version}`;
  return async (token, audiences) => {
    const review = { apiVersion, kind: 'TokenReview', metadata: { creationTimestamp: null }, spec: { token, ...(audiences ? { audiences } : {}) } };
    const status = reviewStatusOf(await postReview(options.client, review, options.retry));
    let found: string[] | undefined;
    if (audiences) {
      found = intersectAudiences(audiences, status.audiences.length > 0 ? status.audiences : options.implicitAudiences);
      if (found.length === 0) return undefined;
    }
    if (!status.authenticated) {
      if (status.error) throw new Error(status.error);
      return undefined;
    }
    const response: TokenResponse = { user: status.user };
    return found ? { ...response, audiences: found } : response;
  };
}

/** The part of a TokenReview's `status` the authenticator uses. */
interface ReviewStatus {
  readonly authenticated: boolean;
  readonly user: UserInfo;
  readonly audiences: readonly string[];
  readonly error: string;
}

function reviewStatusOf(review: Record<string, unknown>): ReviewStatus {
  const status = record(review['status']);
  const user = record(status['user']);
  const extra = record(user['extra']);
  const extraEntries = Object.entries(extra).map(([key, values]) => [key, strings(values)] as const);
  return {
    authenticated: status['authenticated'] === true,
    user: {
      name: typeof user['username'] === 'string' ? user['username'] : '',
      ...(typeof user['uid'] === 'string' && user['uid'] !== '' ? { uid: user['uid'] } : {}),
      groups: strings(user['groups']),
      ...(extraEntries.length > 0 ? { extra: Object.fromEntries(extraEntries) } : {}),
    },
    audiences: strings(status['audiences']),
    error: typeof status['error'] === 'string' ? status['error'] : '',
  };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
