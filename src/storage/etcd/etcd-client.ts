// What the etcd backend's parts share about talking to etcd: the TLS material, keys and ranges as bytes,
// KeyValues and int64s from the wire, and the one translation of etcd and gRPC failures into StorageError.
// The transport itself is grpc/ (channel, messages, services, watch stream).
import type { KeyValue } from '../interface.js';
import { StorageError, unavailable } from '../errors.js';
import { toNumber, type Int64, type KeyValueMessage } from './grpc/etcd-proto.js';
import { GrpcCode, GrpcStatusError } from './grpc/grpc-status.js';

/** Client TLS material (PEM contents, not paths), as kube-apiserver's `--etcd-cafile/certfile/keyfile`. */
export interface EtcdTlsOptions {
  /** CA bundle that signed the etcd serving certificates; the system roots when absent. */
  ca?: string | Buffer;
  /** Client certificate chain and key, for etcd's `--client-cert-auth`. */
  cert?: string | Buffer;
  key?: string | Buffer;
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

/** An int64 of an etcd response as a number (revisions, counts, versions stay far below 2^53). */
export const int64 = (value: Int64 | null | undefined): number => toNumber(value);

/** A key-value pair as decoded from etcd's messages. */
export type WireKeyValue = Pick<KeyValueMessage, 'key' | 'value' | 'create_revision' | 'mod_revision'>;

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

/** gRPC codes that mean "etcd did not answer" rather than "etcd said no". */
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
  const connectivity = error instanceof GrpcStatusError && CONNECTIVITY_CODES.has(error.code);
  if (connectivity || SERVER_UNAVAILABLE.test(error.message)) return unavailable(`etcd ${what} failed: ${error.message}`);
  return error;
}
