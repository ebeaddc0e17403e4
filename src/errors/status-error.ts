// The one error type of the API: it carries the Kubernetes `Status` that the edge renders.
// Deep code throws these through the factories below; `endpoints/` writes them once.
import { type FieldError, fieldErrorBody, fieldErrorMessage } from './field-errors.js';

export type StatusReason =
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Gone'
  | 'Invalid'
  | 'ServerTimeout'
  | 'Timeout'
  | 'TooManyRequests'
  | 'BadRequest'
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'RequestEntityTooLarge'
  | 'UnsupportedMediaType'
  | 'InternalError'
  | 'Expired'
  | 'ServiceUnavailable';

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

/** The `Status` kind (meta/v1) as it travels on the wire. */
export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  /** ListMeta: only a 410 for an expired continue token fills it (the token to carry on with). */
  metadata: { continue?: string };
  status: 'Success' | 'Failure';
  message?: string;
  reason?: StatusReason;
  details?: StatusDetails;
  code: number;
}

/** A group and resource, as named in error messages (`configmaps`, `leases.coordination.k8s.io`). */
export interface GroupResource {
  group: string;
  resource: string;
}

export function qualifiedResource(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

export class StatusError extends Error {
  readonly status: Status;
  /** Response headers of this error beside the usual ones (upstream's Forbidden adds `X-Content-Type-Options`). */
  headers?: Readonly<Record<string, string>>;
  constructor(code: number, reason: StatusReason, message: string, details?: StatusDetails) {
    super(message);
    this.name = 'StatusError';
    this.status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
    if (details) this.status.details = details;
  }
  get code(): number {
    return this.status.code;
  }
  get reason(): StatusReason | undefined {
    return this.status.reason;
  }
}

export function isStatusError(error: unknown): error is StatusError {
  return error instanceof StatusError;
}

/** The reasons apimachinery knows (its knownReasons): a 403 with any other reason, or none, is still a Forbidden. */
const KNOWN_REASONS: ReadonlySet<string> = new Set<StatusReason>([
  'Unauthorized', 'Forbidden', 'NotFound', 'AlreadyExists', 'Conflict', 'Gone', 'Invalid', 'ServerTimeout', 'Timeout',
  'TooManyRequests', 'BadRequest', 'MethodNotAllowed', 'NotAcceptable', 'RequestEntityTooLarge', 'UnsupportedMediaType',
  'InternalError', 'Expired', 'ServiceUnavailable',
]);

/** upstream apierrors.IsForbidden: the reason Forbidden, or a 403 whose reason apimachinery does not know (a webhook's). */
export function isForbidden(error: unknown): error is StatusError {
  if (!isStatusError(error)) return false;
  return error.reason === 'Forbidden' || (error.code === 403 && !KNOWN_REASONS.has(error.reason ?? ''));
}

export const notFound = (gr: GroupResource, name: string): StatusError =>
  new StatusError(404, 'NotFound', `${qualifiedResource(gr)} "${name}" not found`, { name, group: gr.group, kind: gr.resource });

export const alreadyExists = (gr: GroupResource, name: string): StatusError =>
  new StatusError(409, 'AlreadyExists', `${qualifiedResource(gr)} "${name}" already exists`, { name, group: gr.group, kind: gr.resource });

/** Optimistic-concurrency failure (upstream NewConflict with the "object has been modified" text by default). */
export const conflict = (
  gr: GroupResource,
  name: string,
  why = 'the object has been modified; please apply your changes to the latest version and try again',
  causes?: StatusCause[],
): StatusError =>
  new StatusError(409, 'Conflict', `Operation cannot be fulfilled on ${qualifiedResource(gr)} "${name}": ${why}`, {
    name,
    group: gr.group,
    kind: gr.resource,
    ...(causes ? { causes } : {}),
  });

/** 422 Invalid: `<Kind> "<name>" is invalid: <errors>` with one cause per field error. */
export function invalid(group: string, kind: string, name: string, errors: readonly FieldError[]): StatusError {
  // Upstream's ErrorList.ToAggregate drops repeated messages from the text (causes keep them all).
  const rendered = [...new Set(errors.map(fieldErrorMessage))];
  const list = rendered.length === 1 ? rendered[0] : `[${rendered.join(', ')}]`;
  const subject = group ? `${kind}.${group}` : kind;
  return new StatusError(422, 'Invalid', `${subject} "${name}" is invalid: ${list}`, {
    name,
    group,
    kind,
    causes: errors.map((e) => ({ reason: e.type, message: fieldErrorBody(e), field: e.field })),
  });
}

export const badRequest = (message: string, causes?: StatusCause[]): StatusError =>
  new StatusError(400, 'BadRequest', message, causes ? { causes } : undefined);

export const unauthorized = (message = 'Unauthorized'): StatusError => new StatusError(401, 'Unauthorized', message);

export const forbidden = (message: string, details?: StatusDetails): StatusError => new StatusError(403, 'Forbidden', message, details);

/** go-restful's 405 through upstream's serviceErrorHandler (NewGenericServerResponse: details always set, here empty). */
export const methodNotAllowed = (): StatusError =>
  new StatusError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {});

export const notAcceptable = (accepted: readonly string[]): StatusError =>
  new StatusError(406, 'NotAcceptable', `only the following media types are accepted: ${accepted.join(', ')}`);

/** upstream negotiation.NewUnsupportedMediaTypeError: its Status has no details (not even the type refused). */
export const unsupportedMediaType = (accepted: readonly string[]): StatusError =>
  new StatusError(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`);

export const requestEntityTooLarge = (limit: number): StatusError =>
  new StatusError(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${limit}`);

/** 410 with reason Expired: a continue token or resource version older than the history window. */
export const expired = (message: string): StatusError => new StatusError(410, 'Expired', message);

export const gone = (message: string): StatusError => new StatusError(410, 'Gone', message);

/** 504 for a resource version the server has not reached yet (1-conventions: resource versions, rule 4). */
export const tooLargeResourceVersion = (requested: number, current: number, retryAfterSeconds = 1): StatusError =>
  new StatusError(504, 'Timeout', `Too large resource version: ${requested}, current: ${current}`, {
    causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
    retryAfterSeconds,
  });

/**
 * upstream NewServerTimeoutForKind: 500 ServerTimeout naming the operation (what a create whose generated name was
 * taken answers, through rest.CheckGeneratedNameError, in 1.25).
 */
export const serverTimeoutForKind = (group: string, kind: string, operation: string): StatusError =>
  new StatusError(500, 'ServerTimeout', `The ${operation} operation against ${qualifiedResource({ group, resource: kind })} could not be completed at this time, please try again.`, {
    name: operation,
    group,
    kind,
  });

export const timeout = (message: string, retryAfterSeconds?: number): StatusError =>
  new StatusError(504, 'Timeout', message, retryAfterSeconds === undefined ? undefined : { retryAfterSeconds });

export const tooManyRequests = (message: string, retryAfterSeconds: number): StatusError =>
  new StatusError(429, 'TooManyRequests', message, { retryAfterSeconds });

export const internalError = (message: string): StatusError =>
  new StatusError(500, 'InternalError', `Internal error occurred: ${message}`, { causes: [{ message }] });

export const serviceUnavailable = (message: string, retryAfterSeconds?: number): StatusError =>
  new StatusError(503, 'ServiceUnavailable', message, retryAfterSeconds === undefined ? undefined : { retryAfterSeconds });

/**
 * A plain error upstream's handlers return without a Status (apimachinery ErrorToAPIStatus default case):
 * 500, no reason, the error's own text as message (`Component not found: x`, a proxy's dial error).
 */
export function unknownError(message: string): StatusError {
  const error = new StatusError(500, 'InternalError', message);
  delete error.status.reason;
  return error;
}
