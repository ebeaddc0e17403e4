// The key-value operations of the etcd backend, each one etcd request: linearizable reads, and writes as
// transactions whose compare makes them create-if-absent or compare-and-swap, with the current value read in
// the same transaction's else branch so that a conflict needs no second round trip.
import type { KeyValue, RangeOptions, RangeResult, WriteOptions } from '../interface.js';
import { compacted, conflictAt, futureRevision, keyExists, keyNotFound } from '../errors.js';
import { rangeStart } from '../key-range.js';
import type { CompactionTracker } from './compaction.js';
import { int64, isEtcdCompacted, isEtcdFutureRevision, isLeaseNotFound, keyBytes, prefixRangeEnd, toKeyValue, translateError, type WireKeyValue } from './etcd-client.js';
import type { KvClient } from './grpc/services.js';
import { CompareResult, CompareTarget, type Compare, type RangeResponse } from './grpc/etcd-proto.js';
import type { LeaseManager } from './lease-manager.js';

/** What the operations share. */
export interface KvContext {
  kv: KvClient;
  leases: LeaseManager;
  tracker: CompactionTracker;
  /** A key whose count is read to learn the revision (any key will do; one inside the prefix). */
  revisionProbeKey: string;
}

/** Runs one etcd request, translating connectivity failures into `Unavailable`. */
async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translateError(error, what);
  }
}

/** The store's current revision: a linearizable (quorum) read of one key's count, from its header. */
export async function readRevision(ctx: KvContext): Promise<number> {
  const response = await call('read', () => ctx.kv.range({ key: keyBytes(ctx.revisionProbeKey), count_only: true }));
  return int64(response.header?.revision);
}

/** The current value of `key`. */
export async function getKey(ctx: KvContext, key: string): Promise<KeyValue | undefined> {
  const response = await call('read', () => ctx.kv.range({ key: keyBytes(key) }));
  const kv = response.kvs[0];
  return kv === undefined ? undefined : toKeyValue(kv);
}

/** Keys under `prefix` from `startKey`, at the current or a past revision (etcd's own limit/more/count). */
export async function rangePrefix(ctx: KvContext, prefix: string, options: RangeOptions = {}): Promise<RangeResult> {
  const revision = options.revision ?? 0;
  if (revision > 0 && revision < ctx.tracker.compacted) throw compacted(revision, ctx.tracker.compacted);
  let response: RangeResponse;
  try {
    response = await ctx.kv.range({
      key: keyBytes(rangeStart(prefix, options.startKey)),
      range_end: prefixRangeEnd(keyBytes(prefix)),
      limit: options.limit ?? 0,
      revision,
    });
  } catch (error) {
    if (isEtcdCompacted(error)) {
      ctx.tracker.learnPhysical(revision + 1); // etcd is compacted above `revision`
      throw compacted(revision, ctx.tracker.compacted);
    }
    if (isEtcdFutureRevision(error)) throw futureRevision(revision, await readRevision(ctx));
    throw translateError(error, 'range');
  }
  return {
    kvs: response.kvs.map(toKeyValue),
    revision: revision > 0 ? revision : int64(response.header?.revision),
    more: response.more === true,
    count: int64(response.count),
  };
}

/**
 * Runs `write` with the lease for `ttlSeconds` (none: '0', which also detaches an earlier lease). A lease
 * that etcd no longer knows (expired early) is dropped and the write tried once more with a fresh one.
 */
async function withLease<T>(ctx: KvContext, options: WriteOptions | undefined, write: (lease: string) => Promise<T>): Promise<T> {
  const ttl = options?.ttlSeconds;
  if (ttl === undefined || ttl <= 0) return call('write', () => write('0'));
  const lease = await call('lease grant', () => ctx.leases.leaseFor(ttl));
  try {
    return await write(lease);
  } catch (error) {
    if (!isLeaseNotFound(error)) throw translateError(error, 'write');
    await ctx.leases.forget(lease);
    const fresh = await call('lease grant', () => ctx.leases.leaseFor(ttl));
    return call('write', () => write(fresh));
  }
}

const createRevisionIs = (key: Buffer, result: 'Equal' | 'Greater'): Compare =>
  ({ key, target: CompareTarget.Create, result: CompareResult[result], create_revision: 0 });
const modRevisionIs = (key: Buffer, revision: number): Compare =>
  ({ key, target: CompareTarget.Mod, result: CompareResult.Equal, mod_revision: revision });

/** Create-if-absent: a transaction on "create revision == 0" (the key does not exist). */
export async function createKey(ctx: KvContext, key: string, value: string, options?: WriteOptions): Promise<KeyValue> {
  const k = keyBytes(key);
  const response = await withLease(ctx, options, (lease) => ctx.kv.txn({
    compare: [createRevisionIs(k, 'Equal')],
    success: [{ request_put: { key: k, value: Buffer.from(value, 'utf8'), lease } }],
  }));
  if (!response.succeeded) throw keyExists(key);
  const revision = int64(response.header?.revision);
  return { key, value, createRevision: revision, modRevision: revision };
}

/** Compare-and-swap on the mod revision; the else branch reads the value found instead. */
export async function updateKey(
  ctx: KvContext, key: string, value: string, expectedModRevision: number, options?: WriteOptions,
): Promise<KeyValue> {
  const k = keyBytes(key);
  const response = await withLease(ctx, options, (lease) => ctx.kv.txn({
    // "exists" too, so that an expected revision of 0 cannot create the key.
    compare: [modRevisionIs(k, expectedModRevision), createRevisionIs(k, 'Greater')],
    success: [{ request_put: { key: k, value: Buffer.from(value, 'utf8'), lease, prev_kv: true } }],
    failure: [{ request_range: { key: k } }],
  }));
  if (!response.succeeded) throw casFailure(key, response.responses[0]?.response_range?.kvs[0]);
  const previous = response.responses[0]?.response_put?.prev_kv;
  const revision = int64(response.header?.revision);
  return { key, value, createRevision: int64(previous?.create_revision) || revision, modRevision: revision };
}

/** Delete, unconditionally or only at `expectedModRevision`; returns the deleted value and the revision. */
export async function deleteKey(
  ctx: KvContext, key: string, expectedModRevision: number | undefined,
): Promise<{ revision: number; prevKv: KeyValue }> {
  const k = keyBytes(key);
  const compare = [createRevisionIs(k, 'Greater')];
  if (expectedModRevision !== undefined) compare.push(modRevisionIs(k, expectedModRevision));
  const response = await call('delete', () => ctx.kv.txn({
    compare,
    success: [{ request_delete_range: { key: k, prev_kv: true } }],
    failure: [{ request_range: { key: k } }],
  }));
  if (!response.succeeded) throw casFailure(key, response.responses[0]?.response_range?.kvs[0]);
  const previous = response.responses[0]?.response_delete_range?.prev_kvs[0];
  if (previous === undefined) throw keyNotFound(key);
  return { revision: int64(response.header?.revision), prevKv: toKeyValue(previous) };
}

/** A failed compare: `Conflict` with the current value, or `KeyNotFound` when there is none. */
function casFailure(key: string, current: WireKeyValue | undefined): Error {
  return current === undefined ? keyNotFound(key) : conflictAt(key, toKeyValue(current));
}
