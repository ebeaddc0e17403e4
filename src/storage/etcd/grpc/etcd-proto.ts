// The protobuf messages of etcd's KV, Watch and Lease services that this backend sends and reads
// (etcdserverpb/rpc.proto, mvccpb/kv.proto: names and field numbers as there), encoded and decoded by
// protobufjs. Only the fields kplane uses are typed; the descriptor carries every field of these messages.
import protobuf from 'protobufjs';

const int64 = (id: number) => ({ type: 'int64', id });
const uint64 = (id: number) => ({ type: 'uint64', id });
const bytes = (id: number) => ({ type: 'bytes', id });
const bool = (id: number) => ({ type: 'bool', id });
const message = (type: string, id: number, rule?: 'repeated') => (rule ? { type, id, rule } : { type, id });

const root = protobuf.Root.fromJSON({
  nested: {
    KeyValue: { fields: { key: bytes(1), create_revision: int64(2), mod_revision: int64(3), version: int64(4), value: bytes(5), lease: int64(6) } },
    ResponseHeader: { fields: { cluster_id: uint64(1), member_id: uint64(2), revision: int64(3), raft_term: uint64(4) } },
    RangeRequest: {
      fields: {
        key: bytes(1), range_end: bytes(2), limit: int64(3), revision: int64(4), sort_order: { type: 'int32', id: 5 },
        sort_target: { type: 'int32', id: 6 }, serializable: bool(7), keys_only: bool(8), count_only: bool(9),
        min_mod_revision: int64(10), max_mod_revision: int64(11), min_create_revision: int64(12), max_create_revision: int64(13),
      },
    },
    RangeResponse: { fields: { header: message('ResponseHeader', 1), kvs: message('KeyValue', 2, 'repeated'), more: bool(3), count: int64(4) } },
    PutRequest: { fields: { key: bytes(1), value: bytes(2), lease: int64(3), prev_kv: bool(4), ignore_value: bool(5), ignore_lease: bool(6) } },
    PutResponse: { fields: { header: message('ResponseHeader', 1), prev_kv: message('KeyValue', 2) } },
    DeleteRangeRequest: { fields: { key: bytes(1), range_end: bytes(2), prev_kv: bool(3) } },
    DeleteRangeResponse: { fields: { header: message('ResponseHeader', 1), deleted: int64(2), prev_kvs: message('KeyValue', 3, 'repeated') } },
    RequestOp: {
      oneofs: { request: { oneof: ['request_range', 'request_put', 'request_delete_range', 'request_txn'] } },
      fields: {
        request_range: message('RangeRequest', 1), request_put: message('PutRequest', 2),
        request_delete_range: message('DeleteRangeRequest', 3), request_txn: message('TxnRequest', 4),
      },
    },
    ResponseOp: {
      oneofs: { response: { oneof: ['response_range', 'response_put', 'response_delete_range', 'response_txn'] } },
      fields: {
        response_range: message('RangeResponse', 1), response_put: message('PutResponse', 2),
        response_delete_range: message('DeleteRangeResponse', 3), response_txn: message('TxnResponse', 4),
      },
    },
    Compare: {
      oneofs: { target_union: { oneof: ['version', 'create_revision', 'mod_revision', 'value', 'lease'] } },
      fields: {
        result: { type: 'int32', id: 1 }, target: { type: 'int32', id: 2 }, key: bytes(3), version: int64(4),
        create_revision: int64(5), mod_revision: int64(6), value: bytes(7), lease: int64(8), range_end: bytes(64),
      },
    },
    TxnRequest: { fields: { compare: message('Compare', 1, 'repeated'), success: message('RequestOp', 2, 'repeated'), failure: message('RequestOp', 3, 'repeated') } },
    TxnResponse: { fields: { header: message('ResponseHeader', 1), succeeded: bool(2), responses: message('ResponseOp', 3, 'repeated') } },
    CompactionRequest: { fields: { revision: int64(1), physical: bool(2) } },
    CompactionResponse: { fields: { header: message('ResponseHeader', 1) } },
    Event: { fields: { type: { type: 'int32', id: 1 }, kv: message('KeyValue', 2), prev_kv: message('KeyValue', 3) } },
    WatchRequest: {
      oneofs: { request_union: { oneof: ['create_request', 'cancel_request', 'progress_request'] } },
      fields: { create_request: message('WatchCreateRequest', 1), cancel_request: message('WatchCancelRequest', 2), progress_request: message('WatchProgressRequest', 3) },
    },
    WatchCreateRequest: {
      fields: {
        key: bytes(1), range_end: bytes(2), start_revision: int64(3), progress_notify: bool(4),
        filters: { type: 'int32', id: 5, rule: 'repeated' }, prev_kv: bool(6), watch_id: int64(7), fragment: bool(8),
      },
    },
    WatchCancelRequest: { fields: { watch_id: int64(1) } },
    WatchProgressRequest: { fields: {} },
    WatchResponse: {
      fields: {
        header: message('ResponseHeader', 1), watch_id: int64(2), created: bool(3), canceled: bool(4), compact_revision: int64(5),
        cancel_reason: { type: 'string', id: 6 }, fragment: bool(7), events: message('Event', 11, 'repeated'),
      },
    },
    LeaseGrantRequest: { fields: { TTL: int64(1), ID: int64(2) } },
    LeaseGrantResponse: { fields: { header: message('ResponseHeader', 1), ID: int64(2), TTL: int64(3), error: { type: 'string', id: 4 } } },
  },
});

/** An int64 as decoded: protobufjs gives a Long (from the `long` package) when that is installed. */
export type Int64 = number | { toNumber(): number };

/** A decoded int64 as a number; revisions and counts stay far below 2^53. */
export const toNumber = (value: Int64 | null | undefined): number =>
  value === null || value === undefined ? 0 : typeof value === 'number' ? value : value.toNumber();

/** Compare.CompareTarget. */
export const CompareTarget = { Version: 0, Create: 1, Mod: 2, Value: 3, Lease: 4 } as const;
/** Compare.CompareResult. */
export const CompareResult = { Equal: 0, Greater: 1, Less: 2, NotEqual: 3 } as const;

export interface KeyValueMessage {
  key: Buffer;
  create_revision?: Int64;
  mod_revision?: Int64;
  version?: Int64;
  value: Buffer;
  lease?: Int64;
}
export interface ResponseHeader {
  revision?: Int64;
}
export interface RangeRequest {
  key: Uint8Array;
  range_end?: Uint8Array;
  limit?: number;
  revision?: number;
  count_only?: boolean;
}
export interface RangeResponse {
  header?: ResponseHeader;
  kvs: KeyValueMessage[];
  more?: boolean;
  count?: Int64;
}
export interface Compare {
  result: (typeof CompareResult)[keyof typeof CompareResult];
  target: (typeof CompareTarget)[keyof typeof CompareTarget];
  key: Uint8Array;
  version?: number;
  create_revision?: number;
  mod_revision?: number;
}
export interface RequestOp {
  request_range?: RangeRequest;
  request_put?: { key: Uint8Array; value: Uint8Array; lease?: number | string; prev_kv?: boolean };
  request_delete_range?: { key: Uint8Array; prev_kv?: boolean };
}
export interface TxnRequest {
  compare: Compare[];
  success: RequestOp[];
  failure?: RequestOp[];
}
export interface ResponseOp {
  response_range?: RangeResponse;
  response_put?: { header?: ResponseHeader; prev_kv?: KeyValueMessage };
  response_delete_range?: { header?: ResponseHeader; deleted?: Int64; prev_kvs: KeyValueMessage[] };
}
export interface TxnResponse {
  header?: ResponseHeader;
  succeeded?: boolean;
  responses: ResponseOp[];
}
export interface CompactionRequest {
  revision: number;
  physical?: boolean;
}
export interface CompactionResponse {
  header?: ResponseHeader;
}

/** Event.EventType. */
export const EventType = { Put: 0, Delete: 1 } as const;

export interface WatchRequest {
  create_request?: { key: Uint8Array; range_end?: Uint8Array; start_revision?: number; prev_kv?: boolean };
}
export interface WatchEvent {
  type?: (typeof EventType)[keyof typeof EventType];
  kv: KeyValueMessage;
  prev_kv?: KeyValueMessage;
}
export interface WatchResponse {
  header?: ResponseHeader;
  created?: boolean;
  canceled?: boolean;
  compact_revision?: Int64;
  cancel_reason?: string;
  events: WatchEvent[];
}
export interface LeaseGrantRequest {
  TTL: number;
}
export interface LeaseGrantResponse {
  header?: ResponseHeader;
  ID?: Int64;
  error?: string;
}

/** Encoder and decoder of one request/response pair, typed by the interfaces above. */
export interface Codec<Req, Res> {
  encode(request: Req): Uint8Array;
  decode(bytes: Uint8Array): Res;
}

function codec<Req extends object, Res>(requestType: string, responseType: string): Codec<Req, Res> {
  const request = root.lookupType(requestType);
  const response = root.lookupType(responseType);
  return {
    encode: (value) => request.encode(value).finish(),
    // The descriptor above declares exactly the fields the interface names: the decoded message has that shape.
    decode: (bytes) => response.decode(bytes) as unknown as Res,
  };
}

export const rangeCodec = codec<RangeRequest, RangeResponse>('RangeRequest', 'RangeResponse');
export const txnCodec = codec<TxnRequest, TxnResponse>('TxnRequest', 'TxnResponse');
export const compactCodec = codec<CompactionRequest, CompactionResponse>('CompactionRequest', 'CompactionResponse');
export const watchCodec = codec<WatchRequest, WatchResponse>('WatchRequest', 'WatchResponse');
export const leaseGrantCodec = codec<LeaseGrantRequest, LeaseGrantResponse>('LeaseGrantRequest', 'LeaseGrantResponse');
