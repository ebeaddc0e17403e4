// The etcd v3 client as this backend uses it: the `etcd3` package's connection pool and raw gRPC clients
// (KV, Lease, Watch), with request deadlines, no automatic retries, keepalives, and the one translation of
// etcd and gRPC failures into StorageError.
import { rootCertificates } from 'node:tls';
import { ConsecutiveBreaker, circuitBreaker, handleWhen, noop } from 'cockatiel';
import { Etcd3, isRecoverableError, type IOptions } from 'etcd3';
import type { KeyValue } from '../interface.js';
import { StorageError, unavailable } from '../errors.js';
import { toNumber, type Int64 } from './grpc/kv-proto.js';
import { GrpcCode, GrpcStatusError } from './grpc/unary-channel.js';

/** Client TLS material (PEM contents, not paths), as kube-apiserver's `--etcd-cafile/certfile/keyfile`. */
export interface EtcdTlsOptions {
  /** CA bundle that signed the etcd serving certificates; the system roots when absent. */
  ca?: string | Buffer;
  /** Client certificate chain and key, for etcd's `--client-cert-auth`. */
  cert?: string | Buffer;
  key?: string | Buffer;
}

/** How the client connects. */
export interface EtcdClientOptions {
  /** Client URLs, `http://host:port` or `https://host:port`. */
  endpoints: readonly string[];
  tls?: EtcdTlsOptions;
  /** Deadline of every unary request; an unreachable etcd fails sooner (connection refused). */
  requestTimeoutMs: number;
}

/** A consecutive-failure breaker per endpoint: a dead member is skipped for a second, then retried. */
const BREAKER_HALF_OPEN_AFTER_MS = 1_000;
const BREAKER_CONSECUTIVE_FAILURES = 3;

/** Creates the client. No request is sent until the first call. */
export function createEtcdClient(options: EtcdClientOptions): Etcd3 {
  if (options.endpoints.length === 0) throw new TypeError('etcd backend: at least one endpoint is required');
  const config: IOptions = {
    hosts: [...options.endpoints],
    // Unary calls get a deadline; the watch stream lives until cancelled (keepalives detect dead peers).
    defaultCallOptions: (context) => (context.isStream ? {} : { deadline: Date.now() + options.requestTimeoutMs }),
    grpcOptions: {
      // kube-apiserver's etcd client: keepalive every 30 s, dead after 10 s without answer.
      'grpc.keepalive_time_ms': 30_000,
      'grpc.keepalive_timeout_ms': 10_000,
      'grpc.max_receive_message_length': -1,
      'grpc.initial_reconnect_backoff_ms': 100,
      'grpc.max_reconnect_backoff_ms': 2_000,
    },
    faultHandling: {
      // No retries of whole requests: a write that timed out may have been applied, and retrying a
      // create or compare-and-swap would then report a conflict with itself. Callers retry.
      global: noop,
      host: () =>
        circuitBreaker(handleWhen(isRecoverableError), {
          halfOpenAfter: BREAKER_HALF_OPEN_AFTER_MS,
          breaker: new ConsecutiveBreaker(BREAKER_CONSECUTIVE_FAILURES),
        }),
    },
  };
  const credentials = tlsCredentials(options.tls);
  if (credentials !== undefined) config.credentials = credentials;
  return new Etcd3(config);
}

function tlsCredentials(tls: EtcdTlsOptions | undefined): IOptions['credentials'] {
  if (tls === undefined || (tls.ca === undefined && tls.cert === undefined && tls.key === undefined)) return undefined;
  if ((tls.cert === undefined) !== (tls.key === undefined)) {
    throw new TypeError('etcd backend: tls.cert and tls.key must be given together');
  }
  const credentials: NonNullable<IOptions['credentials']> = {
    rootCertificate: Buffer.from(tls.ca ?? rootCertificates.join('\n')),
  };
  if (tls.cert !== undefined && tls.key !== undefined) {
    credentials.certChain = Buffer.from(tls.cert);
    credentials.privateKey = Buffer.from(tls.key);
  }
  return credentials;
}

/** A key or prefix as etcd sees it: its UTF-8 bytes. */
export const keyBytes = (key: string): Buffer => Buffer.from(key, 'utf8');

/** `\0` as key and range end: every key (etcd's "all keys >= key" form). */
export const ALL_KEYS = Buffer.from([0]);

/**
 * etcd's prefix range end: the prefix with its last byte below 0xff incremented, trailing 0xff bytes
 * dropped; a prefix of only 0xff bytes (or the empty one) ends at "every key" (`\0`).
 */
export function prefixRangeEnd(prefix: Buffer): Buffer {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const byte = prefix[i] ?? 0xff;
    if (byte < 0xff) {
      const end = Buffer.from(prefix.subarray(0, i + 1));
      end[i] = byte + 1;
      return end;
    }
  }
  return ALL_KEYS;
}

/**
 * An int64 of an etcd response as a number: the `etcd3` client gives decimal strings, the KV channel's
 * decoder numbers or Longs. Revisions stay far below 2^53.
 */
export const int64 = (value: string | Int64 | null | undefined): number => (typeof value === 'string' ? Number(value) : toNumber(value));

/** A key-value pair as either client decodes it. */
export interface WireKeyValue {
  key: Buffer;
  value: Buffer;
  create_revision?: string | Int64;
  mod_revision?: string | Int64;
}

/** A KeyValue from etcd's wire form. */
export function toKeyValue(kv: WireKeyValue): KeyValue {
  return {
    key: kv.key.toString('utf8'),
    value: kv.value.toString('utf8'),
    createRevision: int64(kv.create_revision),
    modRevision: int64(kv.mod_revision),
  };
}

const COMPACTED = 'required revision has been compacted';
const FUTURE = 'required revision is a future revision';

/** True for etcd's ErrCompacted (a range or compaction below the compacted revision). */
export const isEtcdCompacted = (error: unknown): boolean => error instanceof Error && error.message.includes(COMPACTED);
/** True for etcd's ErrFutureRev. */
export const isEtcdFutureRevision = (error: unknown): boolean => error instanceof Error && error.message.includes(FUTURE);
/** True when a put named a lease etcd no longer has (it expired or was revoked). */
export const isLeaseNotFound = (error: unknown): boolean =>
  error instanceof Error && error.message.includes('requested lease not found');

/** Names of failures that mean "etcd did not answer" rather than "etcd said no". */
const CONNECTIVITY = /GRPC(Unavailable|DeadlineExceeded|Cancelled|Internal|Unknown|Aborted|ResourceExhasted)Error|BrokenCircuitError|ClientClosedError|ClientRuntimeError/;
const CONNECTIVITY_CODES = new Set<number>([
  GrpcCode.Unavailable, GrpcCode.DeadlineExceeded, GrpcCode.Cancelled, GrpcCode.Internal, GrpcCode.Unknown, GrpcCode.Aborted,
  GrpcCode.ResourceExhausted,
]);
const SERVER_UNAVAILABLE = /etcdserver: (request timed out|no leader|leader changed|too many requests|server stopped|not capable)/;

/**
 * Translates a failed etcd call: connectivity and availability failures become `Unavailable` (the caller
 * or client retries; for a write the outcome may be unknown). Errors the caller handles itself (compacted,
 * future revision, missing lease) and anything unexpected are rethrown unchanged.
 */
export function translateError(error: unknown, what: string): unknown {
  if (error instanceof StorageError || !(error instanceof Error)) return error;
  if (error instanceof GrpcStatusError && CONNECTIVITY_CODES.has(error.code)) return unavailable(`etcd ${what} failed: ${error.message}`);
  if (CONNECTIVITY.test(error.constructor.name) || CONNECTIVITY.test(error.name) || SERVER_UNAVAILABLE.test(error.message)) {
    return unavailable(`etcd ${what} failed: ${error.message}`);
  }
  return error;
}
