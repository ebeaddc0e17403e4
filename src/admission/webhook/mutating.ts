// MutatingAdmissionWebhook's dispatch (upstream mutating/dispatcher.go, 1.25): matching webhooks are called
// one after the other, each with the object as the ones before it left it; a JSON patch in the answer is
// applied to the object in the webhook's version, decoded and defaulted as the kind's, and put back in the
// request's object. A webhook with `reinvocationPolicy: IfNeeded` is called once more, in the chain's second
// round, when a later webhook (or, in that round, an in-tree plugin) changed the object after it.
import { isDeepStrictEqual } from 'node:util';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { internalError } from '../../errors/status-error.js';
import { applyJsonPatch } from '../../patch/json-patch.js';
import { decodeObject } from '../../schema/decode.js';
import { goJsonSyntaxError } from '../../schema/go-json-syntax.js';
import { Reinvocation, type AdmissionAttributes } from '../types.js';
import { callHook, CallError, pastDeadline, requestTimedOut, settleCall, startedAt, type WebhookDeps } from './call.js';
import { shouldCallHook, type Invocation } from './matcher.js';
import { convertObject, isWebhookConfigurationResource, versionedObjects, webhookRequest, type WebhookRequest } from './request.js';
import { errorMessage } from '../../errors/error-message.js';

const PLUGIN = 'MutatingAdmissionWebhook';

/** upstream webhookReinvokeContext: which webhooks a second round calls again. */
class ReinvokeState {
  /** The object as the last dispatch left it (JSON), to see whether in-tree plugins changed it since. */
  lastOutput: string | undefined;
  previouslyInvoked = new Set<string>();
  readonly reinvoke = new Set<string>();

  requireReinvokingPreviouslyInvoked(): void {
    for (const uid of this.previouslyInvoked) this.reinvoke.add(uid);
    this.previouslyInvoked = new Set();
  }
}

export async function dispatchMutating(attributes: AdmissionAttributes, deps: WebhookDeps): Promise<void> {
  const hooks = deps.source.mutating;
  const request = webhookRequest(attributes);
  if (isWebhookConfigurationResource(request)) return;
  const reinvocation = (attributes.reinvocation ??= new Reinvocation());
  let state = reinvocation.values.get(PLUGIN) as ReinvokeState | undefined;
  if (!state) reinvocation.values.set(PLUGIN, (state = new ReinvokeState()));
  // In-tree plugins changed the object in the second round: every webhook that asked may see it again.
  if (reinvocation.isReinvoke && state.lastOutput !== snapshot(attributes.object)) state.requireReinvokingPreviouslyInvoked();
  try {
    for (const [index, hook] of hooks.entries()) {
      const invocation = await shouldCallHook(hook, request, deps);
      if (!invocation) continue;
      // A webhook is never called for the first time in the second round.
      if (reinvocation.isReinvoke && !state.reinvoke.has(hook.uid)) continue;
      const started = startedAt();
      const annotate = annotator(attributes, reinvocation.isReinvoke ? 1 : 0, index, hook.configurationName, invocation.webhook.hook.name);
      let changed = false;
      let error: unknown;
      try {
        changed = await callAndPatch(invocation, request, deps, annotate);
      } catch (e) {
        error = e ?? new Error('webhook call failed');
      }
      annotate.mutation(changed);
      const failure = settleCall(invocation, request, 'admit', started, error, deps.metrics, annotate.failedOpenKey);
      if (changed) {
        state.requireReinvokingPreviouslyInvoked();
        reinvocation.shouldReinvoke = true;
      }
      if ((hook.hook as { reinvocationPolicy?: string }).reinvocationPolicy === 'IfNeeded') state.previouslyInvoked.add(hook.uid);
      if (failure) throw failure;
      // upstream: a call failed open once the request is out of time ends the request, not just the call.
      if (error instanceof CallError && pastDeadline(attributes)) throw requestTimedOut();
    }
  } finally {
    state.lastOutput = snapshot(attributes.object);
  }
}

const snapshot = (obj: Readonly<KubeObject> | undefined): string | undefined => (obj ? JSON.stringify(obj) : undefined);

/** Calls the webhook and applies its patch to the request's object; true when the object changed. */
async function callAndPatch(invocation: Invocation, request: WebhookRequest, deps: WebhookDeps, annotate: Annotator): Promise<boolean> {
  const objects = versionedObjects(request, invocation);
  const answer = await callHook(invocation, request, objects, true, deps);
  if (!answer.patch) return false;
  const name = invocation.webhook.name;
  const operations = decodePatch(answer.patch);
  if (operations.length === 0) return false;
  const target = request.attributes.object;
  if (!target || !objects.object) throw internalError(`admission webhook ${JSON.stringify(name)} attempted to modify the object, which is not supported for this operation`);
  if (answer.patchType !== 'JSONPatch') throw new CallError(name, `unsupported patch type ${JSON.stringify(answer.patchType)}`, internalError('unsupported patch type'));
  const patched = patchedObject(objects.object, operations, invocation);
  const changed = !isDeepStrictEqual(objects.object, patched);
  // Back in the request's version (a subresource of another kind is patched as it is).
  const converts = invocation.def !== request.def && request.kind.kind === request.def.kind;
  replaceInPlace(target, converts ? convertObject(patched, invocation.def, request.def) : patched);
  annotate.patch(operations);
  return changed;
}

/** jsonpatch.DecodePatch over the answer's patch bytes. */
function decodePatch(patch: Buffer): unknown[] {
  const text = patch.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw internalError(goJsonSyntaxError(text));
  }
  if (!Array.isArray(parsed)) throw internalError(`json: cannot unmarshal ${parsed === null ? 'null' : typeof parsed === 'object' ? 'object' : typeof parsed} into Go value of type jsonpatch.Patch`);
  return parsed;
}

/** The object with the operations applied, decoded and defaulted as its kind (upstream: jsonSerializer.Decode, then Default). */
function patchedObject(object: KubeObject, operations: unknown[], invocation: Invocation): KubeObject {
  let patched: unknown;
  try {
    patched = applyJsonPatch(object, operations);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : (error as Error).message;
    throw internalError(cause);
  }
  const { def, kind } = invocation;
  const subresourceKind = kind.kind !== def.kind;
  if (subresourceKind) return patched as KubeObject;
  try {
    const { object: decoded } = decodeObject<KubeObject>(def.schema, patched, { kind: def.kind, version: def.version, fieldValidation: 'Ignore' });
    def.defaults?.(decoded);
    return decoded;
  } catch (error) {
    throw internalError(errorMessage(error));
  }
}

/** Makes `target` (and its metadata, which the store holds on to) the patched object, in place. */
function replaceInPlace(target: KubeObject, source: KubeObject): void {
  const targetMeta = target.metadata;
  const sourceMeta = source.metadata ?? {};
  for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
  for (const [key, value] of Object.entries(source)) if (key !== 'metadata') target[key] = value;
  // Connect options (a PodExecOptions) have no metadata.
  if (targetMeta === undefined) return;
  const meta = targetMeta as Record<string, unknown>;
  for (const key of Object.keys(meta)) if (!(key in sourceMeta)) delete meta[key];
  Object.assign(meta, sourceMeta);
  target.metadata = targetMeta;
}

/** The audit annotations of one webhook call (upstream webhookAnnotator). */
interface Annotator {
  /** `failed-open.mutation.webhook.admission.k8s.io/round_<r>_index_<i>`, for a call let through by `failurePolicy: Ignore`. */
  readonly failedOpenKey: string;
  /** `mutation.webhook.admission.k8s.io/round_<r>_index_<i>` at Metadata: whether the call changed the object. */
  mutation(mutated: boolean): void;
  /** `patch.webhook.admission.k8s.io/round_<r>_index_<i>` from level Request: the patch applied. */
  patch(operations: unknown[]): void;
}

function annotator(a: AdmissionAttributes, round: number, index: number, configuration: string, webhook: string): Annotator {
  const audit = a.auditAnnotations;
  const suffix = `round_${round}_index_${index}`;
  return {
    failedOpenKey: `failed-open.mutation.webhook.admission.k8s.io/${suffix}`,
    mutation: (mutated) => audit?.add(`mutation.webhook.admission.k8s.io/${suffix}`, JSON.stringify({ configuration, webhook, mutated })),
    patch: (operations) => audit?.add(`patch.webhook.admission.k8s.io/${suffix}`, JSON.stringify({ configuration, webhook, patch: operations, patchType: 'JSONPatch' }), 'Request'),
  };
}
