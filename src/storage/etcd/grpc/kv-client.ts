// etcd's KV service (Range, Txn, Compact) as typed calls over the unary channel.
import { compactCodec, rangeCodec, txnCodec, type Codec } from './kv-proto.js';
import type { CompactionRequest, CompactionResponse, RangeRequest, RangeResponse, TxnRequest, TxnResponse } from './kv-proto.js';
import type { UnaryChannel } from './unary-channel.js';

export interface KvClient {
  range(request: RangeRequest): Promise<RangeResponse>;
  txn(request: TxnRequest): Promise<TxnResponse>;
  compact(request: CompactionRequest): Promise<CompactionResponse>;
}

export function kvClient(channel: UnaryChannel): KvClient {
  const method = <Req, Res>(name: string, codec: Codec<Req, Res>) => {
    const path = `/etcdserverpb.KV/${name}`;
    return async (request: Req): Promise<Res> => codec.decode(await channel.call(path, codec.encode(request)));
  };
  return { range: method('Range', rangeCodec), txn: method('Txn', txnCodec), compact: method('Compact', compactCodec) };
}
