// Dynamic admission webhooks (2-access-control "Dynamic admission webhooks"): the MutatingAdmissionWebhook
// and ValidatingAdmissionWebhook plugins, which call the webhooks of the MutatingWebhookConfiguration and
// ValidatingWebhookConfiguration objects (source.ts) that match a request (matcher.ts) with an AdmissionReview
// (review.ts) over HTTPS (client.ts), with the credentials of the plugin's WebhookAdmissionConfiguration
// (webhook-admission-config.ts, authentication.ts). With no configuration a request costs one length check
// per phase.
import type { AdmissionPlugin } from '../types.js';
import type { WebhookDeps } from './call.js';
import { dispatchMutating } from './mutating.js';
import { dispatchValidating } from './validating.js';

export type { WebhookDeps } from './call.js';
export { WebhookSource } from './source.js';
export { NO_WEBHOOK_METRICS, type WebhookMetricsRecorder } from './dispatch-metrics.js';
export type { AuthenticationInfoResolver } from './authentication.js';
export { webhookAdmissionConfigurationLoader } from './webhook-admission-config.js';

/** The MutatingAdmissionWebhook plugin: mutating webhooks, one after the other. */
export function mutatingAdmissionWebhook(deps: WebhookDeps): AdmissionPlugin {
  return {
    name: 'MutatingAdmissionWebhook',
    connect: true,
    admit: (attributes) => (deps.source.mutating.length === 0 ? undefined : dispatchMutating(attributes, deps)),
  };
}

/** The ValidatingAdmissionWebhook plugin: validating webhooks, all at once. */
export function validatingAdmissionWebhook(deps: WebhookDeps): AdmissionPlugin {
  return {
    name: 'ValidatingAdmissionWebhook',
    connect: true,
    validate: (attributes) => (deps.source.validating.length === 0 ? undefined : dispatchValidating(attributes, deps)),
  };
}
