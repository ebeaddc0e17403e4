// What the webhook dispatchers record per call (upstream admissionmetrics.Metrics' ObserveWebhook and
// ObserveWebhookRejection); the server's /metrics implements it (server/webhook-metrics.ts).

/** The `type` label: `admit` for mutating webhooks, `validating` for validating ones. */
export type WebhookStep = 'admit' | 'validating';

/** The `error_type` label of a rejection. */
export type RejectionErrorType = 'calling_webhook_error' | 'apiserver_internal_error' | 'no_error';

export interface WebhookMetricsRecorder {
  /** One call: its duration, whether it rejected the request, and its HTTP code (0 for an internal error). */
  observeWebhook(name: string, seconds: number, rejected: boolean, operation: string, type: WebhookStep, code: number): void;
  /** One rejection, by error type and code. */
  observeRejection(name: string, type: WebhookStep, operation: string, errorType: RejectionErrorType, code: number): void;
  /** A failed call let through by `failurePolicy: Ignore` (upstream ObserveWebhookFailOpen, since 1.24). */
  observeFailOpen(name: string, type: WebhookStep): void;
}

/** Records nothing (servers and tests without /metrics). */
export const NO_WEBHOOK_METRICS: WebhookMetricsRecorder = { observeWebhook: () => undefined, observeRejection: () => undefined, observeFailOpen: () => undefined };
