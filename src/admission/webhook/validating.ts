// ValidatingAdmissionWebhook's dispatch (upstream validating/dispatcher.go, 1.25): every matching webhook
// is called at once, each with the request's objects in its version; the first failure to arrive is the
// answer (a denial's Status, or a 500 for a failed call under `failurePolicy: Fail`).
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { StatusError } from '../../errors/status-error.js';
import type { AdmissionAttributes } from '../types.js';
import { callHook, pastDeadline, requestTimedOut, settleCall, startedAt, type WebhookDeps } from './call.js';
import { shouldCallHook, type Invocation } from './matcher.js';
import { isWebhookConfigurationResource, versionedObjects, webhookRequest } from './request.js';
import type { VersionedObjects } from './review.js';

export async function dispatchValidating(attributes: AdmissionAttributes, deps: WebhookDeps): Promise<void> {
  const hooks = deps.source.validating;
  const request = webhookRequest(attributes);
  if (isWebhookConfigurationResource(request)) return;
  const invocations: Invocation[] = [];
  for (const hook of hooks) {
    const invocation = await shouldCallHook(hook, request, deps);
    if (invocation) invocations.push(invocation);
  }
  if (invocations.length === 0) return;
  // upstream: a request already out of time calls no webhook.
  if (pastDeadline(attributes)) throw requestTimedOut();
  const versions = new Map<ResourceDefinition, VersionedObjects>();
  const failures: StatusError[] = [];
  await Promise.all(invocations.map(async (invocation, index) => {
    let objects = versions.get(invocation.def);
    if (!objects) versions.set(invocation.def, (objects = versionedObjects(request, invocation)));
    const started = startedAt();
    let error: unknown;
    try {
      await callHook(invocation, request, objects, false, deps);
    } catch (e) {
      error = e ?? new Error('webhook call failed');
    }
    const failure = settleCall(invocation, request, 'validating', started, error, deps.metrics, `failed-open.validating.webhook.admission.k8s.io/round_0_index_${index}`);
    if (failure) failures.push(failure);
  }));
  if (failures.length > 0) throw failures[0];
}
