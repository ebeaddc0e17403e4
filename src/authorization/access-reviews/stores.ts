// The access-review stores (upstream pkg/registry/authorization/{subjectaccessreview,
// localsubjectaccessreview,selfsubjectaccessreview,selfsubjectrulesreview}/rest.go, 1.25): nothing is
// stored; create validates the review, asks the server's authorizer (or rule resolver) and answers the
// review. As upstream's create handler, the request's system metadata is wiped, a namespaced review takes
// the request's namespace, and the field manager records the writer before the review is validated, so
// the answer echoes the request with `creationTimestamp: null`, its managedFields and the status. With
// ServerSideApply off upstream sets up no field manager: the answer has only what the request sent.
// SelfSubjectRulesReview answers with a new review: only the status, the spec left empty.
import type { LocalSubjectAccessReview, SelfSubjectAccessReview, SelfSubjectRulesReview, SubjectAccessReview } from '../../apis/authorization/v1/schemas.generated.js';
import { validateLocalSubjectAccessReview, validateSelfSubjectAccessReview, validateSubjectAccessReview } from '../../apis/authorization/v1/validation.js';
import type { KubeObject, ObjectMeta } from '../../apis/meta/v1/types.js';
import type { FieldError } from '../../errors/field-errors.js';
import { badRequest, invalid } from '../../errors/status-error.js';
import { createOnlyStore } from '../../registry/create-only-store.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { Store, WriteOptions } from '../../registry/store/index.js';
import { recordManagedFields } from '../../registry/store/managed-fields.js';
import type { UserInfo } from '../../auth/user-info.js';
import type { Authorizer, RuleResolver } from '../authorizer.js';
import { accessReviewStatus, attributesFor, rulesReviewStatus, subjectOf } from './review-attributes.js';

/** What the reviews ask; read at each review (the server assembles it after the stores). */
export type ReviewAuthorization = () => { readonly authorizer: Authorizer; readonly ruleResolver: RuleResolver };

/**
 * The create handler's part: system fields wiped, the request's namespace, the writer's managedFields
 * (`fieldManager`: whether the ServerSideApply gate set up upstream's field manager).
 */
function received(def: ResourceDefinition, namespace: string, obj: KubeObject, options: WriteOptions, fieldManager: boolean): void {
  const meta = obj.metadata;
  for (const field of ['uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'selfLink'] as const) delete meta[field];
  if (def.namespaced && !meta.namespace) meta.namespace = namespace;
  if (fieldManager) recordManagedFields(def, undefined, obj, options, new Date());
}

/** 422 as upstream's reviews report it: the kind of the decoded (internal) object is empty, and so is the name. */
function throwIfInvalid(def: ResourceDefinition, errors: readonly FieldError[]): void {
  if (errors.length > 0) throw invalid(def.group, '', '', errors);
}

/** The metadata of an answer: the (empty but for the namespace) request metadata as Go encodes it. */
function answerMetadata(meta: ObjectMeta): ObjectMeta {
  const nullTimestamp = { creationTimestamp: null } as unknown as ObjectMeta;
  return { ...(meta.namespace ? { namespace: meta.namespace } : {}), ...nullTimestamp, ...(meta.managedFields?.length ? { managedFields: meta.managedFields } : {}) };
}

type AccessReview = (SubjectAccessReview | LocalSubjectAccessReview | SelfSubjectAccessReview) & KubeObject;

/**
 * A review of one access: validated, then the subject's attributes asked of the authorizer; the answer
 * echoes the review with its status. `subject` is the user the review asks about (after validation).
 */
function accessReviewStore<T extends AccessReview>(
  def: ResourceDefinition,
  authorization: ReviewAuthorization,
  validate: (review: T) => FieldError[],
  subject: (review: T, options: WriteOptions) => UserInfo,
  fieldManager: boolean,
): Store {
  return createOnlyStore(def, async (namespace, obj, options) => {
    received(def, namespace, obj, options, fieldManager);
    const review = obj as T;
    throwIfInvalid(def, validate(review));
    const result = await authorization().authorizer.authorize(attributesFor(subject(review, options), review.spec));
    return { ...review, metadata: answerMetadata(review.metadata), status: accessReviewStatus(result) };
  });
}

const requestingUser = (options: WriteOptions): UserInfo => {
  if (!options.user) throw badRequest('no user present on request');
  return options.user;
};

export const subjectAccessReviewStore = (def: ResourceDefinition, authorization: ReviewAuthorization, fieldManager = true): Store =>
  accessReviewStore<SubjectAccessReview & KubeObject>(def, authorization, validateSubjectAccessReview, (review) => subjectOf(review.spec), fieldManager);

/** The handler already refused a body naming another namespace than the URL (upstream's store checks again). */
export const localSubjectAccessReviewStore = (def: ResourceDefinition, authorization: ReviewAuthorization, fieldManager = true): Store =>
  accessReviewStore<LocalSubjectAccessReview & KubeObject>(def, authorization, validateLocalSubjectAccessReview, (review) => subjectOf(review.spec), fieldManager);

/** The requesting user's own access (impersonated, when the request impersonates). */
export const selfSubjectAccessReviewStore = (def: ResourceDefinition, authorization: ReviewAuthorization, fieldManager = true): Store =>
  accessReviewStore<SelfSubjectAccessReview & KubeObject>(def, authorization, validateSelfSubjectAccessReview, (_review, options) => requestingUser(options), fieldManager);

export function selfSubjectRulesReviewStore(def: ResourceDefinition, authorization: ReviewAuthorization, fieldManager = true): Store {
  return createOnlyStore(def, async (namespace, obj, options) => {
    received(def, namespace, obj, options, fieldManager);
    const review = obj as SelfSubjectRulesReview & KubeObject;
    const user = requestingUser(options);
    const reviewed = review.spec?.namespace ?? '';
    if (!reviewed) throw badRequest('no namespace on request');
    const rules = await authorization().ruleResolver.rulesFor(user, reviewed);
    const answer: SelfSubjectRulesReview = { apiVersion: review.apiVersion, kind: review.kind, metadata: answerMetadata({}), spec: {}, status: rulesReviewStatus(rules) };
    return answer as SelfSubjectRulesReview & KubeObject;
  });
}

/** The stores by `<group>/<resource>`, for startServer's computed stores (`fieldManager`: the ServerSideApply gate). */
export function accessReviewStores(authorization: ReviewAuthorization, fieldManager = true): [string, (def: ResourceDefinition) => Store][] {
  const group = 'authorization.k8s.io';
  return [
    [`${group}/subjectaccessreviews`, (def) => subjectAccessReviewStore(def, authorization, fieldManager)],
    [`${group}/localsubjectaccessreviews`, (def) => localSubjectAccessReviewStore(def, authorization, fieldManager)],
    [`${group}/selfsubjectaccessreviews`, (def) => selfSubjectAccessReviewStore(def, authorization, fieldManager)],
    [`${group}/selfsubjectrulesreviews`, (def) => selfSubjectRulesReviewStore(def, authorization, fieldManager)],
  ];
}
