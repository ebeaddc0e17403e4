// Core v1 reference types shared by several kinds (Event's involvedObject/related, Binding's target...).
import { K, type Static } from '../../../schema/builder.js';
import { PROTOBUF_FIELD as N } from '../../../schema/protobuf/field-number.js';

/** Prefix of the core v1 OpenAPI definition names. */
export const CORE_V1 = 'io.k8s.api.core.v1';

/** core/v1 ObjectReference: an atomic struct naming any object (all fields optional upstream). */
export const ObjectReferenceSchema = K.Object(
  {
    apiVersion: K.Optional(K.String({ [N]: 5 })),
    fieldPath: K.Optional(K.String({ [N]: 7 })),
    kind: K.Optional(K.String({ [N]: 1 })),
    name: K.Optional(K.String({ [N]: 3 })),
    namespace: K.Optional(K.String({ [N]: 2 })),
    resourceVersion: K.Optional(K.String({ [N]: 6 })),
    uid: K.Optional(K.String({ [N]: 4 })),
  },
  { $id: `${CORE_V1}.ObjectReference`, 'x-kubernetes-map-type': 'atomic' },
);

export type ObjectReference = Static<typeof ObjectReferenceSchema>;

/** core/v1 EventSource: the component (and host) that reported a legacy event. */
export const EventSourceSchema = K.Object(
  {
    component: K.Optional(K.String({ [N]: 1 })),
    host: K.Optional(K.String({ [N]: 2 })),
  },
  { $id: `${CORE_V1}.EventSource` },
);

export type EventSource = Static<typeof EventSourceSchema>;

/** The ObjectReference fields an event can be selected by, in upstream's order. */
const SELECTABLE_REFERENCE_FIELDS = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'] as const;

/**
 * Field selectors `<prefix>.kind` ... `<prefix>.fieldPath` over the reference `read` finds in an object
 * (core v1 events select by `involvedObject.*`, events.k8s.io/v1 by `regarding.*`).
 */
export function objectReferenceSelectors<T>(prefix: string, read: (obj: T) => ObjectReference | undefined): Record<string, (obj: T) => string> {
  return Object.fromEntries(SELECTABLE_REFERENCE_FIELDS.map((field) => [`${prefix}.${field}`, (obj: T) => read(obj)?.[field] ?? '']));
}
