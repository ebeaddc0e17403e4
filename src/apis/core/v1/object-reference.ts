// Core v1 reference types shared by several kinds (Event's involvedObject/related, Binding's target...).

/** Prefix of the core v1 OpenAPI definition names. */
export const CORE_V1 = 'io.k8s.api.core.v1';

export { EventSourceSchema, ObjectReferenceSchema, type EventSource, type ObjectReference } from './schemas.generated.js';
import type { ObjectReference } from './schemas.generated.js';

/** The ObjectReference fields an event can be selected by, in upstream's order. */
const SELECTABLE_REFERENCE_FIELDS = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'] as const;

/**
 * Field selectors `<prefix>.kind` ... `<prefix>.fieldPath` over the reference `read` finds in an object
 * (core v1 events select by `involvedObject.*`, events.k8s.io/v1 by `regarding.*`).
 */
export function objectReferenceSelectors<T>(prefix: string, read: (obj: T) => ObjectReference | undefined): Record<string, (obj: T) => string> {
  return Object.fromEntries(SELECTABLE_REFERENCE_FIELDS.map((field) => [`${prefix}.${field}`, (obj: T) => read(obj)?.[field] ?? '']));
}
