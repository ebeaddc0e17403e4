// Ingress (networking.k8s.io/v1, namespaced): schema, strategy, validation, the table and the status
// subresource, as kube-apiserver 1.25 serves them (upstream pkg/registry/networking/ingress). v1 has no
// defaults of its own (pathType's default belonged to the removed v1beta1), and 1.25 gives no warnings.
import { ALL_VERBS, type ResourceDefinition } from '../../../../registry/resource-definition.js';
import { keepAllButStatus, statusSubresource } from '../../../../registry/subresource.js';
import { IngressSchema, type Ingress } from '../schemas.generated.js';
import { ingressColumns } from './table.js';
import { validateIngressCreate, validateIngressStatusUpdate, validateIngressUpdate } from './validation.js';

export { IngressSchema, type Ingress };
export { INGRESS_CLASS_ANNOTATION } from './validation.js';

/** Go's zero IngressStatus as it serializes: an empty load balancer status. */
function emptyStatusIfUnset(ingress: Ingress): void {
  ingress.status ??= {};
  ingress.status.loadBalancer ??= {};
}

/**
 * Fields Go always writes (non-pointer structs): `spec`, a service backend's `port`. Decoding through
 * upstream's types fills them, so every read shows them; kplane fills them when an object is written.
 */
export function defaultIngress(ingress: Ingress): void {
  ingress.spec ??= {};
  const backends = [ingress.spec.defaultBackend, ...(ingress.spec.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => p.backend))];
  for (const backend of backends) if (backend?.service) backend.service.port ??= {};
}

/** Upstream PrepareForCreate: a client may not set status. */
export function prepareIngressForCreate(ingress: Ingress): void {
  ingress.status = { loadBalancer: {} };
}

/** The status subresource changes status only; an update without one writes Go's empty status. */
function prepareIngressStatusUpdate(ingress: Ingress, old: Ingress): void {
  keepAllButStatus(ingress, old);
  emptyStatusIfUnset(ingress);
}

/**
 * The Ingress resource: `ingresses`, short name `ing`, every verb, and `status`. The generation is bumped
 * when the spec changes (upstream PrepareForUpdate); the main resource keeps the stored status.
 */
export const ingressDefinition: ResourceDefinition<Ingress> = {
  group: 'networking.k8s.io',
  version: 'v1',
  kind: 'Ingress',
  listKind: 'IngressList',
  resource: 'ingresses',
  singular: 'ingress',
  shortNames: ['ing'],
  namespaced: true,
  schema: IngressSchema,
  definitionName: 'io.k8s.api.networking.v1.Ingress',
  verbs: ALL_VERBS,
  subresources: [statusSubresource<Ingress>({ prepareForUpdate: prepareIngressStatusUpdate, validateUpdate: validateIngressStatusUpdate })],
  defaults: defaultIngress,
  strategy: {
    prepareForCreate: prepareIngressForCreate,
    validate: validateIngressCreate,
    validateUpdate: validateIngressUpdate,
    tracksGeneration: true,
  },
  tableColumns: ingressColumns,
};
