// One call of a webhook, shared by both dispatchers (upstream's callHook / callAttrMutatingHook up to the
// answer): the dry-run rule, the review, the POST, the answer's checks, its warnings, and a denial. How a
// call ended decides the metrics and what the request answers:
// - CallError (upstream ErrCallingWebhook): the call failed; the failurePolicy decides;
// - Rejection (ErrWebhookRejection): the webhook said no; its Status is the answer;
// - any other StatusError (a dry run the webhook cannot take, a patch that cannot apply): the answer as it is.
import { performance } from 'node:perf_hooks';
import { badRequest, internalError, isStatusError, serviceUnavailable, timeout, type StatusError } from '../../errors/status-error.js';
import type { AdmissionAttributes } from '../types.js';
import type { MutatingWebhook } from '../../apis/admissionregistration/v1/schemas.generated.js';
import { callWebhook, CallError, type ServiceResolverDeps } from './client.js';
import type { WebhookMetricsRecorder, WebhookStep } from './dispatch-metrics.js';
import type { MatchDeps, Invocation } from './matcher.js';
import { deniedStatus, outgoingReview, verifyAnswer, type ReviewAnswer, type VersionedObjects } from './review.js';
import type { WebhookRequest } from './request.js';
import type { WebhookSource } from './source.js';
import { errorMessage } from '../../errors/error-message.js';

export { CallError };

/** What the webhook plugins read and record. */
export interface WebhookDeps extends MatchDeps, ServiceResolverDeps {
  source: Pick<WebhookSource, 'mutating' | 'validating'>;
  metrics: WebhookMetricsRecorder;
}

/** upstream ErrWebhookRejection: the webhook denied the request. */
export class Rejection extends Error {
  constructor(readonly status: StatusError) {
    super(status.message);
  }
}

/**
 * Calls the invocation's webhook with `objects` and returns its verified answer, its warnings added to the
 * request's.
 * @throws CallError, Rejection or StatusError (see above).
 */
export async function callHook(invocation: Invocation, request: WebhookRequest, objects: VersionedObjects, mutating: boolean, deps: WebhookDeps): Promise<ReviewAnswer> {
  const hook = invocation.webhook.hook;
  const a = request.attributes;
  if (a.dryRun) {
    if (!hook.sideEffects) throw new CallError(hook.name, 'Webhook SideEffects is nil', badRequest('Webhook SideEffects is nil'));
    if (hook.sideEffects !== 'None' && hook.sideEffects !== 'NoneOnDryRun') throw badRequest(`admission webhook ${JSON.stringify(hook.name)} does not support dry run`);
  }
  let review;
  try {
    review = outgoingReview(request, invocation, objects);
  } catch (error) {
    throw new CallError(hook.name, `could not create admission objects: ${(error as Error).message}`, badRequest('error creating admission objects'));
  }
  const answer = await callWebhook(hook, review, mutating, deps, a.deadline);
  let verified: ReviewAnswer;
  try {
    verified = verifyAnswer(review, answer, mutating);
  } catch (error) {
    throw new CallError(hook.name, `received invalid webhook response: ${(error as Error).message}`, serviceUnavailable('error validating webhook response'));
  }
  if (a.warnings) for (const w of verified.warnings) a.warnings.push(w);
  // Before the verdict, as upstream adds them: a denial's annotations are recorded too.
  for (const [key, value] of Object.entries(verified.auditAnnotations ?? {})) a.auditAnnotations?.add(`${hook.name}/${key}`, value);
  if (!verified.allowed) throw new Rejection(deniedStatus(hook.name, verified.result));
  return verified;
}

/**
 * Records a finished call as upstream's dispatchers do, and turns its failure into what the request
 * answers: undefined when it may go on (success, or a call failure under `failurePolicy: Ignore`).
 */
export function settleCall(
  invocation: Invocation, request: WebhookRequest, type: WebhookStep, started: number, error: unknown, metrics: WebhookMetricsRecorder, failedOpenKey: string,
): StatusError | undefined {
  const hook = invocation.webhook.hook as Readonly<MutatingWebhook>;
  const name = hook.name;
  const operation = request.attributes.operation;
  const seconds = (performance.now() - started) / 1000;
  if (error === undefined) {
    metrics.observeWebhook(name, seconds, false, operation, type, 200);
    return undefined;
  }
  if (error instanceof CallError) {
    const ignore = hook.failurePolicy === 'Ignore';
    if (!ignore) metrics.observeRejection(name, type, operation, 'calling_webhook_error', error.status.code);
    metrics.observeWebhook(name, seconds, !ignore, operation, type, error.status.code);
    if (!ignore) return internalError(error.message);
    // Failing open leaves a trace: the metric, and an audit annotation naming the webhook.
    metrics.observeFailOpen(name, type);
    request.attributes.auditAnnotations?.add(failedOpenKey, name);
    return undefined;
  }
  if (error instanceof Rejection) {
    metrics.observeRejection(name, type, operation, 'no_error', error.status.code);
    metrics.observeWebhook(name, seconds, true, operation, type, error.status.code);
    return error.status;
  }
  metrics.observeRejection(name, type, operation, 'apiserver_internal_error', 0);
  metrics.observeWebhook(name, seconds, true, operation, type, 0);
  return asStatusError(error);
}

function asStatusError(error: unknown): StatusError {
  if (isStatusError(error)) return error;
  return internalError(errorMessage(error));
}

/** upstream's `<-ctx.Done()` checks of the dispatchers: the request's deadline has passed. */
export function pastDeadline(a: AdmissionAttributes): boolean {
  return a.deadline !== undefined && Date.now() >= a.deadline;
}

/** What the dispatchers answer then: NewTimeoutError("request did not complete within requested timeout", 0). */
export const requestTimedOut = (): StatusError => timeout('Timeout: request did not complete within requested timeout', 0);

/** The start of a call, for settleCall. */
export const startedAt = (): number => performance.now();
