// Core v1 reference types shared by several kinds (Event's involvedObject/related, Binding's target...).
import { K, type Static } from '../../../schema/builder.js';

/** Prefix of the core v1 OpenAPI definition names. */
export const CORE_V1 = 'io.k8s.api.core.v1';

/** core/v1 ObjectReference: an atomic struct naming any object (all fields optional upstream). */
export const ObjectReferenceSchema = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    fieldPath: K.Optional(K.String()),
    kind: K.Optional(K.String()),
    name: K.Optional(K.String()),
    namespace: K.Optional(K.String()),
    resourceVersion: K.Optional(K.String()),
    uid: K.Optional(K.String()),
  },
  { $id: `${CORE_V1}.ObjectReference`, 'x-kubernetes-map-type': 'atomic' },
);

export type ObjectReference = Static<typeof ObjectReferenceSchema>;

/** core/v1 EventSource: the component (and host) that reported a legacy event. */
export const EventSourceSchema = K.Object(
  {
    component: K.Optional(K.String()),
    host: K.Optional(K.String()),
  },
  { $id: `${CORE_V1}.EventSource` },
);

export type EventSource = Static<typeof EventSourceSchema>;
