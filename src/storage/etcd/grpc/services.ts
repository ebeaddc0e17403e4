// etcd's KV service (Range, Txn, Compact) and the Lease grant as typed calls over the channel; the Watch
// service is a stream (watch-stream.ts).
import { compactCodec, leaseGrantCodec, rangeCodec, txnCodec, type Codec } from './etcd-proto.js';
import type { CompactionRequest, CompactionResponse, RangeRequest, RangeResponse, TxnRequest, TxnResponse } from './etcd-proto.js';
import type { GrpcChannel } from './channel.js';

export interface KvClient {
  range(request: RangeRequest): Promise<RangeResponse>;
  txn(request: TxnRequest): Promise<TxnResponse>;
  compact(request: CompactionRequest): Promise<CompactionResponse>;
}

function unary<Req, Res>(channel: GrpcChannel, path: string, codec: Codec<Req, Res>): (request: Req) => Promise<Res> {
  return async (request) => codec.decode(await channel.unary(path, codec.encode(request)));
}

export function kvClient(channel: GrpcChannel): KvClient {
  return {
    range: unary(channel, '/etcdserverpb.KV/Range', rangeCodec),
    txn: unary(channel, '/etcdserverpb.KV/Txn', txnCodec),
    compact: unary(channel, '/etcdserverpb.KV/Compact', compactCodec),
  };
}

/** Grants a lease of `ttlSeconds`; resolves to its id as a decimal string (lease ids use all 64 bits). */
export function leaseGranter(channel: GrpcChannel): (ttlSeconds: number) => Promise<string> {
  const grant = unary(channel, '/etcdserverpb.Lease/LeaseGrant', leaseGrantCodec);
  return async (ttlSeconds) => {
    const response = await grant({ TTL: ttlSeconds });
    if (response.error) throw new Error(`etcd lease grant failed: ${response.error}`);
    return String(response.ID ?? 0);
  };
}
