// The AdmissionReview a webhook is sent and what its answer must be (upstream webhook/request
// admissionreview.go and webhook/errors, 1.25): the request in the first version the webhook accepts
// (admission.k8s.io/v1 or v1beta1) with every field upstream fills, the answer checked as upstream
// checks it (uid and type for v1, patch and patchType), and a denial as the Status the user sees.
import { userInfoJson, type UserInfoJson } from '../../auth/user-info.js';
import { randomUUID } from 'node:crypto';
import type { DeleteOptions, KubeObject } from '../../apis/meta/v1/types.js';
import { StatusError, type StatusReason } from '../../errors/status-error.js';
import type { WriteOptions } from '../../registry/store/types.js';
import type { AdmissionAttributes } from '../types.js';
import type { Invocation } from './matcher.js';
import type { WebhookRequest } from './request.js';

/** The review versions this server sends, in the order it prefers them. */
const KNOWN_VERSIONS = ['v1', 'v1beta1'];

/** A review ready to send: its uid, version and JSON body. */
export interface OutgoingReview {
  uid: string;
  version: 'v1' | 'v1beta1';
  body: string;
}

/** What the dispatchers take from a verified answer (upstream AdmissionResponse). */
export interface ReviewAnswer {
  allowed: boolean;
  /** The decoded patch (mutating webhooks), when one was sent, and its type (only `JSONPatch` is applied). */
  patch?: Buffer;
  patchType?: string;
  result?: Record<string, unknown>;
  warnings: string[];
  /** The answer's auditAnnotations, which the request's events get under `<webhook name>/<key>`. */
  auditAnnotations?: Record<string, string>;
}

/** The objects the webhook is sent, in the invocation's version. */
export interface VersionedObjects {
  object?: Readonly<KubeObject>;
  oldObject?: Readonly<KubeObject>;
}

/**
 * upstream CreateAdmissionObjects: the review in the webhook's first known version.
 * @throws Error when it accepts none (validation makes that impossible for stored configurations).
 */
export function outgoingReview(request: WebhookRequest, invocation: Invocation, objects: VersionedObjects): OutgoingReview {
  const version = (invocation.webhook.hook.admissionReviewVersions ?? []).find((v) => KNOWN_VERSIONS.includes(v));
  if (version !== 'v1' && version !== 'v1beta1') throw new Error('webhook does not accept known AdmissionReview versions (v1, v1beta1)');
  const uid = randomUUID();
  const a = request.attributes;
  // Field order and omissions as Go encodes admission.k8s.io AdmissionRequest.
  const review = {
    kind: 'AdmissionReview',
    apiVersion: `admission.k8s.io/${version}`,
    request: {
      uid,
      kind: invocation.kind,
      resource: invocation.resource,
      ...(invocation.subresource ? { subResource: invocation.subresource } : {}),
      requestKind: request.kind,
      requestResource: request.resource,
      ...(request.subresource ? { requestSubResource: request.subresource } : {}),
      ...(a.name ? { name: a.name } : {}),
      ...(request.namespace ? { namespace: request.namespace } : {}),
      operation: a.operation,
      userInfo: userInfo(a),
      object: objects.object ?? null,
      oldObject: objects.oldObject ?? null,
      dryRun: a.dryRun,
      options: operationOptions(a) ?? null,
    },
  };
  return { uid, version, body: JSON.stringify(review) };
}

/** authentication.k8s.io/v1 UserInfo of the requester. */
const userInfo = (a: AdmissionAttributes): UserInfoJson => (a.user ? userInfoJson(a.user) : {});

/** The options upstream's handlers pass on: CreateOptions, UpdateOptions or DeleteOptions in meta.k8s.io/v1. */
export function operationOptions(a: AdmissionAttributes): Record<string, unknown> | undefined {
  if (!a.options) return undefined;
  if (a.operation === 'DELETE') {
    const o = a.options as DeleteOptions;
    return {
      kind: 'DeleteOptions',
      apiVersion: 'meta.k8s.io/v1',
      ...(o.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: o.gracePeriodSeconds } : {}),
      ...(o.preconditions ? { preconditions: o.preconditions } : {}),
      ...(o.orphanDependents !== undefined ? { orphanDependents: o.orphanDependents } : {}),
      ...(o.propagationPolicy ? { propagationPolicy: o.propagationPolicy } : {}),
      ...(o.dryRun && o.dryRun.length > 0 ? { dryRun: o.dryRun } : {}),
    };
  }
  const o = a.options as WriteOptions;
  return {
    kind: a.operation === 'CREATE' ? 'CreateOptions' : 'UpdateOptions',
    apiVersion: 'meta.k8s.io/v1',
    ...(o.dryRun ? { dryRun: ['All'] } : {}),
    ...(o.fieldManager ? { fieldManager: o.fieldManager } : {}),
    ...(o.fieldValidation ? { fieldValidation: o.fieldValidation } : {}),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * upstream VerifyAdmissionResponse over the decoded answer.
 * @throws Error with upstream's text when the answer is not acceptable.
 */
export function verifyAnswer(sent: OutgoingReview, answer: Record<string, unknown>, mutating: boolean): ReviewAnswer {
  const response = answer['response'];
  if (!isRecord(response)) throw new Error('webhook response was absent');
  const patchText = typeof response['patch'] === 'string' ? response['patch'] : '';
  const patchType = response['patchType'];
  const warnings = Array.isArray(response['warnings']) ? response['warnings'].filter((w): w is string => typeof w === 'string') : [];
  const result = isRecord(response['status']) ? response['status'] : undefined;
  const allowed = response['allowed'] === true;
  const annotations = isRecord(response['auditAnnotations'])
    ? Object.fromEntries(Object.entries(response['auditAnnotations']).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : undefined;
  const answered = (fields: Omit<ReviewAnswer, 'auditAnnotations'>): ReviewAnswer => (annotations && Object.keys(annotations).length > 0 ? { ...fields, auditAnnotations: annotations } : fields);
  if (sent.version === 'v1beta1') {
    // v1beta1 answers were never checked for uid, type or patch type; a patch is a JSON patch.
    const patch = mutating && patchText ? Buffer.from(patchText, 'base64') : undefined;
    return answered({ allowed, warnings, ...(patch && patch.length > 0 ? { patch, patchType: 'JSONPatch' } : {}), ...(result ? { result } : {}) });
  }
  const uid = typeof response['uid'] === 'string' ? response['uid'] : '';
  if (uid !== sent.uid) throw new Error(`expected response.uid=${JSON.stringify(sent.uid)}, got ${JSON.stringify(uid)}`);
  const gvk = `${answerGroupVersion(answer)}, Kind=${typeof answer['kind'] === 'string' ? answer['kind'] : ''}`; // Go's GroupVersionKind.String()
  if (gvk !== 'admission.k8s.io/v1, Kind=AdmissionReview') throw new Error(`expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${gvk}`);
  const patch = patchText ? Buffer.from(patchText, 'base64') : Buffer.alloc(0);
  if (!mutating) {
    if (patch.length > 0) throw new Error('validating webhook may not return response.patch');
    if (patchType !== undefined && patchType !== null) throw new Error('validating webhook may not return response.patchType');
    return answered({ allowed, warnings, ...(result ? { result } : {}) });
  }
  const hasType = patchType !== undefined && patchType !== null;
  if (patch.length > 0 && !hasType) throw new Error('webhook returned response.patch but not response.patchType');
  if (patch.length === 0 && hasType) throw new Error('webhook returned response.patchType but not response.patch');
  if (hasType && patchType === '') throw new Error('webhook returned invalid response.patchType of ""');
  return answered({ allowed, warnings, ...(patch.length > 0 ? { patch, patchType: String(patchType) } : {}), ...(result ? { result } : {}) });
}

/** The answer's group and version as GroupVersionKind.String() writes them: `<group>/<version>`, the group empty for `v1`. */
function answerGroupVersion(answer: Record<string, unknown>): string {
  const apiVersion = typeof answer['apiVersion'] === 'string' ? answer['apiVersion'] : '';
  return apiVersion.includes('/') ? apiVersion : `/${apiVersion}`;
}

/** upstream webhookerrors.ToStatusErr: a denial as the Status the user sees, with the webhook's code (403 below 400). */
export function deniedStatus(webhookName: string, result: Record<string, unknown> | undefined): StatusError {
  const deniedBy = `admission webhook ${JSON.stringify(webhookName)} denied the request`;
  const r = result ?? {};
  const rawCode = typeof r['code'] === 'number' ? r['code'] : 0;
  const code = rawCode < 400 ? 403 : rawCode;
  const message = typeof r['message'] === 'string' ? r['message'] : '';
  const reason = typeof r['reason'] === 'string' ? r['reason'] : '';
  const text = message ? `${deniedBy}: ${message}` : reason ? `${deniedBy}: ${reason}` : `${deniedBy} without explanation`;
  const error = new StatusError(code, reason as StatusReason, text, isRecord(r['details']) ? (r['details'] as StatusError['status']['details']) : undefined);
  if (!reason) delete error.status.reason;
  const status = r['status'];
  if (typeof status === 'string' && status !== '' && status !== 'Success') error.status.status = status as 'Failure';
  return error;
}
