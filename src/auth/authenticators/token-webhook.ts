import type { UserInfo } from '../user-info.js';
import { intersectAudiences } from './audiences.js';
import type { AudienceTokenAuthenticator, TokenResponse } from './authenticator.js';
import type { WebhookAnswer, WebhookClient } from './webhook-client.js';

/** `--authentication-token-webhook-version`. */
export type TokenWebhookVersion = 'v1' | 'v1beta1';
export const tokenWebhookVersions: readonly TokenWebhookVersion[] = ['v1', 'v1beta1'];

/** Retries of a failed call (upstream DefaultRetryBackoffWithInitialDelay(500ms): 5 steps, factor 1.5). */
export interface RetryBackoff {
  readonly initialDelayMs: number;
  readonly factor: number;
  readonly steps: number;
}
export const defaultRetryBackoff: RetryBackoff = { initialDelayMs: 500, factor: 1.5, steps: 5 };

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
    const status = await withRetries(options.retry ?? defaultRetryBackoff, () => callWebhook(options.client, JSON.stringify(review), apiVersion));
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

class RetriableError extends Error {}

async function callWebhook(client: WebhookClient, body: string, apiVersion: string): Promise<ReviewStatus> {
  let answer: WebhookAnswer;
  try {
    answer = await client(body);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown }).code;
    if (code === 'ECONNRESET') throw new RetriableError(message);
    throw new Error(message);
  }
  if (answer.status < 200 || answer.status > 299) {
    const message = `the server responded with the status code ${answer.status} but did not return a TokenReview`;
    throw [429, 500, 504].includes(answer.status) ? new RetriableError(message) : new Error(message);
  }
  return reviewStatusOf(answer.body, apiVersion);
}

function reviewStatusOf(body: string, apiVersion: string): ReviewStatus {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error('the webhook answered with a body that is not JSON');
  }
  const review = record(parsed);
  if (review['kind'] !== 'TokenReview' || review['apiVersion'] !== apiVersion) {
    throw new Error(`the webhook answered ${String(review['apiVersion'])} ${String(review['kind'])}, not ${apiVersion} TokenReview`);
  }
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

async function withRetries<T>(backoff: RetryBackoff, call: () => Promise<T>): Promise<T> {
  let delay = backoff.initialDelayMs;
  for (let step = 1; ; step++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof RetriableError) || step >= backoff.steps) throw error;
    }
    await new Promise((wake) => setTimeout(wake, delay));
    delay *= backoff.factor;
  }
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
