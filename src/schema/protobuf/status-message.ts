// meta/v1 Status in protobuf, for error (and delete) responses negotiated as protobuf: the numbers
// of upstream's generated.proto (Status, StatusDetails, StatusCause).
import { ListMetaSchema } from '../../apis/meta/v1/object-meta.js';
import type { Status } from '../../errors/status-error.js';
import { K } from '../builder.js';
import type { JsonSchema } from '../schema-utils.js';
import { encodeWithPlan } from './envelope.js';
import { protobufField, PROTOBUF_FIELD as N } from './field-number.js';
import { messagePlan } from './message-plan.js';

const STATUS_CAUSE = K.Object(
  { reason: K.Optional(K.String({ [N]: 1 })), message: K.Optional(K.String({ [N]: 2 })), field: K.Optional(K.String({ [N]: 3 })) },
  { $id: 'io.k8s.apimachinery.pkg.apis.meta.v1.StatusCause' },
);

const STATUS_DETAILS = K.Object(
  {
    name: K.Optional(K.String({ [N]: 1 })),
    group: K.Optional(K.String({ [N]: 2 })),
    kind: K.Optional(K.String({ [N]: 3 })),
    uid: K.Optional(K.String({ [N]: 6 })),
    causes: K.Optional(K.List(STATUS_CAUSE, { [N]: 4 })),
    retryAfterSeconds: K.Optional(K.Int32({ [N]: 5 })),
  },
  { $id: 'io.k8s.apimachinery.pkg.apis.meta.v1.StatusDetails' },
);

/** The numbered schema of meta/v1 Status (apiVersion and kind travel in the envelope). */
export const StatusMessageSchema = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    kind: K.Optional(K.String()),
    metadata: K.Optional(protobufField(1, ListMetaSchema)),
    status: K.Optional(K.String({ [N]: 2 })),
    message: K.Optional(K.String({ [N]: 3 })),
    reason: K.Optional(K.String({ [N]: 4 })),
    details: K.Optional(protobufField(5, STATUS_DETAILS)),
    code: K.Optional(K.Int32({ [N]: 6 })),
  },
  { $id: 'io.k8s.apimachinery.pkg.apis.meta.v1.Status' },
);

/** Encodes a Status (an error, or a delete's success) as a protobuf body. */
export function encodeProtobufStatus(status: Readonly<Status> | Readonly<Omit<Status, 'code'>>): Uint8Array {
  return encodeWithPlan(messagePlan(StatusMessageSchema as JsonSchema), 'v1', 'Status', status as unknown as Record<string, unknown>);
}
