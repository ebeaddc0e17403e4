// ImagePolicyWebhook (2-access-control: admission plugins; upstream plugin/pkg/admission/imagepolicy
// admission.go, a validating plugin, off by default): creates and updates of pods, and updates through
// `pods/ephemeralcontainers`, are sent to a backend as an `imagepolicy.k8s.io/v1alpha1` ImageReview of the pod's
// images, its `*.image-policy.k8s.io/*` annotations (user-supplied, passed on unvalidated) and its namespace.
// The backend's `status.allowed` decides; a refusal is a 403. Answers are cached by the review's spec for
// allowTTL or denyTTL. A backend that cannot be reached (after upstream's retries) decides by `defaultAllow`:
// refused with the error, or admitted and marked failed-open on the pod and in the audit annotations.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { postReview, reviewRecord, type RetryBackoff } from '../../auth/authenticators/webhook-client.js';
import { ExpiringLruCache } from '../../authorization/webhook/decision-cache.js';
import { badRequest } from '../../errors/status-error.js';
import { admissionForbidden } from '../forbidden.js';
import { withinTime } from '../../async/within-time.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import type { LoadedImagePolicyWebhook } from './image-policy-webhook-config.js';
import { errorMessage } from '../../errors/error-message.js';

/** upstream AuditKeyPrefix: the plugin's name lowercased, in the image-policy domain. */
export const AUDIT_KEY_PREFIX = 'imagepolicywebhook.image-policy.k8s.io/';
/** upstream ImagePolicyFailedOpenKeySuffix. */
export const FAILED_OPEN_AUDIT_KEY = `${AUDIT_KEY_PREFIX}failed-open`;
/** upstream api.ImagePolicyFailedOpenKey: set on a pod admitted because the backend failed. */
export const FAILED_OPEN_POD_ANNOTATION = 'alpha.image-policy.k8s.io/failed-open';
/** The pod annotations sent to the backend: keys containing this (upstream filterAnnotations). */
const ANNOTATION_MARK = '.image-policy.k8s.io/';
const EPHEMERAL_CONTAINERS = 'ephemeralcontainers';
/** upstream's response cache size. */
const CACHE_CAPACITY = 1024;

/** ImageReviewSpec as upstream marshals it (Go field order, omitempty, map keys sorted). */
export interface ImageReviewSpec {
  containers?: { image?: string }[];
  annotations?: Record<string, string>;
  namespace?: string;
}

/** The fields of ImageReviewStatus the plugin reads. */
interface ImageReviewStatus {
  readonly allowed: boolean;
  readonly reason: string;
  readonly auditAnnotations: readonly (readonly [string, string])[];
}

interface Container {
  image?: string;
}
interface PodSpecContainers {
  containers?: Container[];
  initContainers?: Container[];
  ephemeralContainers?: Container[];
}

/** The plugin over its loaded configuration and backend; `now` is the cache's clock (tests). */
export function imagePolicyWebhook({ config, client }: LoadedImagePolicyWebhook, now?: () => number): AdmissionPlugin {
  const cache = new ExpiringLruCache<ImageReviewStatus>(CACHE_CAPACITY, now);
  // upstream DefaultRetryBackoffWithInitialDelay (without its jitter).
  const retry: RetryBackoff = { initialDelayMs: config.retryBackoffMs, factor: 1.5, steps: 5 };

  /** upstream admitPod: the cached answer, else the backend's; undefined when the backend failed open. */
  const review = async (a: AdmissionAttributes, pod: KubeObject, spec: ImageReviewSpec): Promise<ImageReviewStatus | undefined> => {
    const key = JSON.stringify(spec);
    const cached = cache.get(key);
    if (cached) return cached;
    let status: ImageReviewStatus;
    try {
      // Upstream's client posts with the request's context: past its deadline the call fails, as any failure.
      const review = postReview(client, imageReview(spec), retry);
      status = statusOf(await (a.deadline === undefined ? review : withinTime(review, a.deadline - Date.now(), deadlineExceeded)));
    } catch (error) {
      const message = errorMessage(error);
      if (!config.defaultAllow) throw admissionForbidden(a, message);
      // upstream webhookError: admitted in spite of the failure, and marked so.
      a.auditAnnotations?.add(FAILED_OPEN_AUDIT_KEY, 'true');
      (pod.metadata.annotations ??= {})[FAILED_OPEN_POD_ANNOTATION] = 'true';
      return undefined;
    }
    cache.add(key, status, status.allowed ? config.allowTtlMs : config.denyTtlMs);
    return status;
  };

  return {
    name: 'ImagePolicyWebhook',
    // upstream's Handler(Create, Update) and Validate's own filter: pods, and their ephemeralcontainers subresource.
    handles: (a) => (a.operation === 'CREATE' || a.operation === 'UPDATE') && a.def.group === '' && a.def.resource === 'pods' &&
      (a.subresource === '' || a.subresource === EPHEMERAL_CONTAINERS),
    async validate(a) {
      const pod = a.object;
      if (!pod) throw badRequest('Resource was marked with kind Pod but was unable to be converted');
      const status = await review(a, pod, imageReviewSpec(pod, a.subresource, a.namespace));
      if (!status) return;
      for (const [key, value] of status.auditAnnotations) a.auditAnnotations?.add(AUDIT_KEY_PREFIX + key, value);
      if (status.allowed) return;
      throw admissionForbidden(a, status.reason ? `image policy webhook backend denied one or more images: ${status.reason}` : 'one or more images rejected by webhook backend');
    },
  };
}

/**
 * The spec upstream's Validate builds: the images of the containers then the init containers (the ephemeral
 * containers alone through `ephemeralcontainers`), the filtered annotations, the request's namespace.
 */
export function imageReviewSpec(pod: Readonly<KubeObject>, subresource: string, namespace: string): ImageReviewSpec {
  const podSpec = (pod['spec'] ?? {}) as PodSpecContainers;
  const containers = subresource === EPHEMERAL_CONTAINERS
    ? podSpec.ephemeralContainers ?? []
    : [...(podSpec.containers ?? []), ...(podSpec.initContainers ?? [])];
  const spec: ImageReviewSpec = {};
  if (containers.length > 0) spec.containers = containers.map((c) => (c.image ? { image: c.image } : {}));
  const annotations = filterAnnotations(pod.metadata.annotations);
  if (annotations) spec.annotations = annotations;
  if (namespace) spec.namespace = namespace;
  return spec;
}

/** upstream filterAnnotations: the keys containing `.image-policy.k8s.io/`, sorted as Go marshals a map. */
function filterAnnotations(annotations: Readonly<Record<string, string>> | undefined): Record<string, string> | undefined {
  const keys = Object.keys(annotations ?? {}).filter((key) => key.includes(ANNOTATION_MARK)).sort();
  if (keys.length === 0) return undefined;
  return Object.fromEntries(keys.map((key) => [key, annotations![key]!]));
}

/** The ImageReview posted, as upstream's client serializes it (kind and apiVersion first, an empty status). */
function imageReview(spec: ImageReviewSpec): { kind: string; apiVersion: string } & Record<string, unknown> {
  return { kind: 'ImageReview', apiVersion: 'imagepolicy.k8s.io/v1alpha1', metadata: { creationTimestamp: null }, spec, status: { allowed: false } };
}

/** What upstream's client answers once the request's context is done. */
function deadlineExceeded(): never {
  throw new Error('context deadline exceeded');
}

/**
 * The status of the review answered (null fields left at their zero values). A field of the wrong type fails
 * the decode, as upstream's result.Into does; the failure is then the backend's.
 */
function statusOf(review: Record<string, unknown>): ImageReviewStatus {
  const status = reviewRecord(review['status']);
  const allowed = status['allowed'] ?? false;
  const reason = status['reason'] ?? '';
  const annotations = status['auditAnnotations'] ?? {};
  const wrong = (field: string, goType: string) => new Error(`the webhook answered an ImageReview whose status.${field} is not a ${goType}`);
  if (typeof allowed !== 'boolean') throw wrong('allowed', 'bool');
  if (typeof reason !== 'string') throw wrong('reason', 'string');
  if (typeof annotations !== 'object' || Array.isArray(annotations)) throw wrong('auditAnnotations', 'map[string]string');
  const auditAnnotations = Object.entries(annotations as Record<string, unknown>).map(([key, value]): [string, string] => {
    if (value !== null && typeof value !== 'string') throw wrong('auditAnnotations', 'map[string]string');
    return [key, value ?? ''];
  });
  return { allowed, reason, auditAnnotations };
}
