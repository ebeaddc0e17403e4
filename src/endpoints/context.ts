// The per-request context passed from filter to filter and into the handlers.
import type { RequestInfo } from './request-info.js';
import type { UserInfo } from '../auth/user-info.js';
import type { OutgoingHttpHeaders } from 'node:http';
import type { HttpRequest, HttpResponse } from '../server/http-types.js';

export type { HttpRequest, HttpResponse };

/** What handlers use of a response; HTTP/1 and HTTP/2 compatibility responses both provide it. */
export interface ApiResponse {
  readonly headersSent: boolean;
  statusCode: number;
  writeHead(code: number, headers: OutgoingHttpHeaders): unknown;
  /** A header for writeHead to merge (its own headers win); only filters that must add to every answer use it. */
  setHeader(name: string, value: string): unknown;
  hasHeader(name: string): boolean;
  write(chunk: string | Uint8Array): boolean;
  end(chunk?: string | Uint8Array): unknown;
  once(event: 'close' | 'drain', listener: () => void): unknown;
  off(event: 'close' | 'drain', listener: () => void): unknown;
  /** Ends the exchange without an answer: the HTTP/1 connection closes, an HTTP/2 stream is reset. */
  destroy(error?: Error): unknown;
  readonly writableEnded: boolean;
  /** HTTP/1: whether the response (its connection) was destroyed. */
  readonly destroyed?: boolean;
  /** HTTP/2: the response's stream (the compatibility response itself keeps no `destroyed`). */
  readonly stream?: { readonly destroyed: boolean };
}

export interface RequestContext {
  req: HttpRequest;
  res: ApiResponse;
  /** The request target's path, as sent (not percent-decoded). */
  path: string;
  query: URLSearchParams;
  /** Sent back as the `Audit-ID` header of every response. */
  auditId: string;
  info: RequestInfo;
  /** Set by authentication (and replaced by impersonation). */
  user?: UserInfo;
  /**
   * Set by authorization: its decision, reason and evaluation error, as the modules answered (an RBAC
   * reason is written when first read). `auditAnnotationsOf` turns it into `authorization.k8s.io/*`.
   */
  authorization?: { readonly decision: 'Allow' | 'Deny' | 'NoOpinion'; readonly reason: string; readonly error?: string };
  /** Aborts when the client goes away or the server stops. */
  signal: AbortSignal;
  /**
   * When the request's time runs out (epoch ms), for requests that are not long-running: upstream's request
   * context deadline, which also bounds the admission webhook calls made for it (with-request-timeout.ts).
   */
  deadline?: number;
  /** Collected `Warning: 299` texts, written with the response head. */
  warnings: string[];
  /**
   * Audit annotations added by the handlers (`k8s.io/deprecated`, ...), written with the request's audit
   * events; read them all, authorization's included, with `auditAnnotationsOf` (endpoints/audit-annotations.ts).
   */
  auditAnnotations?: Record<string, string>;
  /** Response code once written (for metrics and logs). */
  code?: number;
  /** Bytes of the response body once written, when known (apiserver_response_sizes). */
  responseBytes?: number;
  /** The APIResponseCompression gate: large API responses may be gzip-compressed (compression.ts). */
  responseCompression?: boolean;
  /** `--min-request-timeout` in seconds: a watch without `timeoutSeconds` ends after [this, 2×this). */
  minRequestTimeoutSeconds?: number;
  /** Set by the audit filter when the request is recorded at Metadata or above: what the handlers add to its event. */
  audit?: RequestAudit;
  /** Set by priority and fairness: the UIDs of the request's FlowSchema and priority level, sent as response headers. */
  flowControl?: { readonly flowSchemaUid: string; readonly priorityLevelUid: string };
  /** Set by priority and fairness for a watch: the watch handler calls it once the watch is set up, giving back its seat. */
  watchInitialized?: () => void;
}

/** What a recorded request's handlers tell its audit event (upstream audit.LogRequestObject, LogResponseObject). */
export interface RequestAudit {
  /** Request and response objects are kept from Request and RequestResponse respectively. */
  readonly level: 'Metadata' | 'Request' | 'RequestResponse';
  readonly omitManagedFields: boolean;
  /** What the request's object says of itself, where the request's path does not (upstream completes objectRef so). */
  object?: { namespace?: string; name?: string; uid?: string; resourceVersion?: string };
  requestObject?: unknown;
  responseObject?: unknown;
  /** The Status answered, its bounded fields. */
  responseStatus?: { status?: string; message?: string; reason?: string; details?: unknown; code?: number };
}

export type Handler = (ctx: RequestContext) => Promise<void>;
/** A filter wraps the next handler (STYLE: `withX(next, deps)`). */
export type Filter = (next: Handler) => Handler;
