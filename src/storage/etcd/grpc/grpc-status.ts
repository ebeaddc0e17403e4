// gRPC status: the codes this client tells apart, the error a call ends with, and how a call's status
// (trailers, or the headers of a trailers-only answer) becomes one.
import type { HeaderFields } from './http2/hpack.js';
import { errorMessage } from '../../../errors/error-message.js';

/** The gRPC status codes this client produces or tells apart (google.rpc.Code). */
export const GrpcCode = {
  Ok: 0, Cancelled: 1, Unknown: 2, InvalidArgument: 3, DeadlineExceeded: 4, NotFound: 5, PermissionDenied: 7,
  ResourceExhausted: 8, FailedPrecondition: 9, Aborted: 10, OutOfRange: 11, Unimplemented: 12, Internal: 13,
  Unavailable: 14, Unauthenticated: 16,
} as const;

/** A call that ended with a non-OK gRPC status: etcd's own message (`etcdserver: ...`) and code. */
export class GrpcStatusError extends Error {
  override readonly name = 'GrpcStatusError';
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

/** A call that never got an answer: the connection failed or the stream was reset. */
export const unavailableCall = (error: unknown): GrpcStatusError =>
  error instanceof GrpcStatusError ? error
    : new GrpcStatusError(GrpcCode.Unavailable, `etcd connection failed: ${errorMessage(error)}`);

/** The gRPC code for an answer that is not gRPC at all (gRPC's HTTP-to-gRPC status mapping). */
function codeOfHttpStatus(status: number): number {
  switch (status) {
    case 400: return GrpcCode.Internal;
    case 401: return GrpcCode.Unauthenticated;
    case 403: return GrpcCode.PermissionDenied;
    case 404: return GrpcCode.Unimplemented;
    case 429: case 502: case 503: case 504: return GrpcCode.Unavailable;
    default: return GrpcCode.Unknown;
  }
}

/** What a call's header blocks say of its outcome: the response's `:status`, and the gRPC status. */
export class CallStatus {
  #httpStatus: string | undefined;
  #status: HeaderFields | undefined;

  /** A header block of the call: the response headers, the trailers, or a trailers-only answer. */
  heard(fields: HeaderFields): void {
    this.#httpStatus ??= fields[':status'];
    if (fields['grpc-status'] !== undefined) this.#status = fields;
  }

  /** The error the call ended with: its stream's failure, else its status when not OK; none when OK. */
  error(failure: Error | undefined): GrpcStatusError | undefined {
    return failure !== undefined ? unavailableCall(failure) : statusError(this.#status, this.#httpStatus);
  }
}

/** The error a call's status stands for; none when OK. `httpStatus` is the response's `:status`. */
function statusError(status: HeaderFields | undefined, httpStatus?: string): GrpcStatusError | undefined {
  const grpcStatus = status?.['grpc-status'];
  if (grpcStatus === undefined && httpStatus !== undefined && httpStatus !== '200') {
    return new GrpcStatusError(codeOfHttpStatus(Number(httpStatus)), `etcd answered with HTTP status ${httpStatus}`);
  }
  const code = Number(grpcStatus ?? GrpcCode.Unknown);
  if (code === GrpcCode.Ok) return undefined;
  const message = status?.['grpc-message'];
  return new GrpcStatusError(code, message !== undefined && message !== '' ? safeDecode(message) : `gRPC status ${code}`);
}

/** grpc-message is percent-encoded; a malformed escape is shown as sent. */
function safeDecode(message: string): string {
  try {
    return decodeURIComponent(message);
  } catch {
    return message;
  }
}
