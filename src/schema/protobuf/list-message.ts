// The List kinds in protobuf (`NamespaceList`, `ConfigMapList`, ...): every one is
// message { ListMeta metadata = 1; repeated <Item> items = 2 } upstream.
import type { TSchema } from '@sinclair/typebox';
import { ListMetaSchema } from '../../apis/meta/v1/object-meta.js';
import type { ListMeta } from '../../apis/meta/v1/types.js';
import type { JsonSchema } from '../schema-utils.js';
import { encodeWithPlan } from './envelope.js';
import { messagePlan, type ProtoMessage } from './message-plan.js';

const listPlans = new WeakMap<object, ProtoMessage>();

/** The list message of an item kind (its ListMeta plan comes from the shared, numbered ListMetaSchema). */
export function listMessagePlan(itemSchema: TSchema | JsonSchema): ProtoMessage {
  let plan = listPlans.get(itemSchema);
  if (!plan) {
    const item = messagePlan(itemSchema as JsonSchema);
    const metadata = messagePlan(ListMetaSchema as JsonSchema);
    plan = {
      name: `${item.name}List`,
      fields: [
        { name: 'metadata', number: 1, type: { kind: 'message', message: metadata }, required: false },
        { name: 'items', number: 2, type: { kind: 'repeated', item: { kind: 'message', message: item } }, required: true },
      ],
      byNumber: new Map(),
    };
    for (const field of plan.fields) plan.byNumber.set(field.number, field);
    listPlans.set(itemSchema, plan);
  }
  return plan;
}

/** Encodes a list of a kind's objects as a protobuf body (`listKind` names the envelope's kind). */
export function encodeProtobufList(
  itemSchema: TSchema | JsonSchema,
  apiVersion: string,
  listKind: string,
  metadata: ListMeta,
  items: readonly Readonly<Record<string, unknown>>[],
): Uint8Array {
  return encodeWithPlan(listMessagePlan(itemSchema), apiVersion, listKind, { metadata, items });
}
